/**
 * One call to the store with retries: redirects never followed, a timeout per attempt, a byte limit on every
 * body, and the headers rebuilt for every attempt so each one is signed with a fresh nonce. The wire itself is
 * an Exchange (exchange.ts): undici's dispatch API on a Dispatcher by default, or an injected fetch.
 */
import { Agent, Dispatcher, getGlobalDispatcher } from "undici";
import { dispatchExchange } from "./dispatch-exchange.ts";
import { MagentoApiError, ResponseTooLargeError } from "./errors.ts";
import { networkProblemOf } from "../net/network-problem.ts";
import { isTimeout, type Exchange, type ExchangeResponse } from "./exchange.ts";
import { fetchExchange } from "./fetch-exchange.ts";
import { parseRetryAfter } from "./retry-after.ts";
import { backoffDelay, isIdempotent, isRetryableStatus } from "./retry-policy.ts";

export interface TransportDeps {
  exchange: Exchange;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  timeoutMs: number;
  maxRetries: number;
  maxRetryDelayMs: number;
  maxResponseBytes: number;
  tooLargeHint: string | undefined;
  /** Whole-call limit, retries included (MagentoClientOptions.callBudgetMs); undefined: none. */
  callBudgetMs: number | undefined;
}

export interface TransportRequest {
  method: string;
  url: string;
  /** Called once per attempt (signing happens here); returns a new object each time (the transport adds to it). */
  headers: (attempt: number) => Record<string, string>;
  body?: string;
  /** Allow retries (network errors and 429/502/503/504 of idempotent calls; 429 and 503 with Retry-After of others). */
  retry: boolean;
  /**
   * Retried as a POST whatever the verb: Magento's async and bulk routes queue a new bulk for every request they
   * accept, PUT and DELETE included (docs/rest-semantics.md#async-and-bulk), so an unclear failure is not retried.
   */
  createsWork?: boolean;
  timeoutMs?: number | undefined;
}

/**
 * The final answer of a call (a class, not an object literal: a literal with a getter costs a runtime call and
 * ends up promoted to the old generation on every call, measured in bench/).
 */
export class TransportResult {
  constructor(
    private readonly response: ExchangeResponse,
    readonly url: string,
    readonly attempts: number,
  ) {}

  get status(): number {
    return this.response.status;
  }

  get text(): string {
    return this.response.text;
  }

  /** One response header (name lowercase). */
  header(name: string): string | null {
    return this.response.header(name);
  }

  /** All response headers (a Fetch Headers, built on first use). */
  get headers(): Headers {
    return this.response.headers;
  }
}

/** The codings undici's fetch asks for; the dispatch exchange decodes them (decompress.ts) under the same byte limit. */
const ACCEPT_ENCODING = "gzip, deflate, br";

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RETRIES = 3;
export const DEFAULT_MAX_RETRY_DELAY_MS = 30_000;
/** REST answers larger than this fail with ResponseTooLargeError (a 300-row page with every attribute is a few MB). */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
/**
 * Token endpoints (/oauth/token/*, /V1/integration/{admin,customer}/token) answer a few hundred bytes, so they
 * read 8 KiB at most: a store that answers more (or a hostile one, 200 MB) fails fast without filling memory.
 */
export const TOKEN_RESPONSE_MAX_BYTES = 8 * 1024;
export const TOKEN_TOO_LARGE_HINT =
  "A token response is a few hundred bytes: a larger answer is usually a storefront or error page, because the " +
  'store base URL lacks the "index.php/" the store needs (use store_base_url from the activation POST verbatim).';

/** A fetch that carries the undici Dispatcher it sends through (the app's guarded store fetch does). */
export type FetchWithDispatcher = typeof fetch & { readonly dispatcher: Dispatcher };

/** The Dispatcher a fetch carries, if any: the client then dispatches on it directly instead of through fetch. */
export function dispatcherOf(f: typeof fetch | undefined): Dispatcher | undefined {
  const d = (f as Partial<FetchWithDispatcher> | undefined)?.dispatcher;
  return d && typeof d.dispatch === "function" ? d : undefined;
}

export interface TransportOptions {
  fetch?: typeof fetch;
  dispatcher?: Dispatcher;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  timeoutMs?: number;
  maxRetries?: number;
  maxRetryDelayMs?: number;
  maxResponseBytes?: number;
  /** The fix ResponseTooLargeError suggests, for calls whose answer is small by nature (token endpoints). */
  tooLargeHint?: string;
  callBudgetMs?: number | undefined;
}

/**
 * The wire: a given dispatcher, else the dispatcher a given fetch carries, else that fetch, else undici's global
 * dispatcher (what Node's own fetch uses; the client passes its own pool instead).
 */
function exchangeFor(o: TransportOptions): Exchange {
  const dispatcher = o.dispatcher ?? dispatcherOf(o.fetch);
  if (dispatcher) return dispatchExchange(dispatcher);
  if (o.fetch) return fetchExchange(o.fetch);
  return dispatchExchange(globalDispatcher());
}

let ownAgent: Agent | undefined;

/**
 * The process's global dispatcher when it is this undici's (set with setGlobalDispatcher, e.g. a ProxyAgent), else an
 * Agent of our own: once Node's built-in fetch has run, the global slot holds the Agent of the undici bundled in
 * Node, an older major whose dispatch() refuses this version's handlers ("invalid onError method").
 */
function globalDispatcher(): Dispatcher {
  const global = getGlobalDispatcher();
  if (global instanceof Dispatcher) return global;
  return (ownAgent ??= new Agent());
}

export function transportDeps(o: TransportOptions): TransportDeps {
  const maxResponseBytes = o.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  if (!Number.isSafeInteger(maxResponseBytes) || maxResponseBytes < 1)
    throw new RangeError(`maxResponseBytes must be a positive integer (got ${maxResponseBytes})`);
  if (o.callBudgetMs !== undefined && !(o.callBudgetMs > 0))
    throw new RangeError(`callBudgetMs must be positive (got ${o.callBudgetMs})`);
  return {
    exchange: exchangeFor(o),
    now: o.now ?? Date.now,
    sleep: o.sleep ?? defaultSleep,
    random: o.random ?? Math.random,
    timeoutMs: o.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRetries: o.maxRetries ?? DEFAULT_MAX_RETRIES,
    maxRetryDelayMs: o.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS,
    maxResponseBytes,
    tooLargeHint: o.tooLargeHint,
    callBudgetMs: o.callBudgetMs,
  };
}

/** Where to point the base URL instead, when the Location is the same path under another base. */
function suggestedBase(requestUrl: string, location: string): string | undefined {
  const req = new URL(requestUrl);
  const loc = new URL(location, requestUrl);
  const restAt = req.pathname.indexOf("/rest/");
  const oauthAt = req.pathname.indexOf("/oauth/token/");
  const at = restAt >= 0 ? restAt : oauthAt;
  if (at < 0) return undefined;
  const tail = req.pathname.slice(at + 1);
  if (!loc.pathname.endsWith(tail)) return undefined;
  return `${loc.origin}${loc.pathname.slice(0, loc.pathname.length - tail.length)}`;
}

export function redirectError(status: number, location: string | null, url: string, method: string): MagentoApiError {
  const target = location ? new URL(location, url).toString() : "(no Location header)";
  const base = location ? suggestedBase(url, location) : undefined;
  const template =
    `The store answered ${status} redirecting to ${target}. Redirects are never followed on signed calls ` +
    `(the signature covers the exact URL)` +
    (base
      ? `: configure the store base URL as ${base} instead.`
      : ": configure the store base URL the store really serves.");
  return new MagentoApiError({
    status,
    template,
    code: "redirect",
    hint: base
      ? `Use ${base} as the store base URL.`
      : "Use the final URL (scheme, host, index.php/) as the store base URL.",
    url,
    method,
  });
}

/** The store asked for a longer pause than this client may wait: give the delay to the caller instead of cutting it short. */
function rateLimitedError(
  status: number,
  retryAfterMs: number,
  maxRetryDelayMs: number,
  body: string,
  req: TransportRequest,
): MagentoApiError {
  const seconds = Math.ceil(retryAfterMs / 1000);
  return new MagentoApiError({
    status,
    template: `The store asked to retry after ${seconds} s (Retry-After), longer than maxRetryDelayMs (${maxRetryDelayMs} ms)`,
    code: "rate_limited",
    hint: `Wait ${seconds} s before calling again (retryAfterMs on this error), or raise maxRetryDelayMs to let the client wait.`,
    retryAfterMs,
    url: req.url,
    method: req.method,
    body: body.slice(0, 4000),
  });
}

/** The call's whole-time limit ran out (callBudgetMs): no answer within it, whatever the last attempt saw. */
function budgetSpentError(budgetMs: number, req: TransportRequest, cause: unknown): MagentoApiError {
  return new MagentoApiError({
    status: 0,
    template: `No answer from the store within ${Math.round(budgetMs / 100) / 10} s`,
    code: "timeout",
    url: req.url,
    method: req.method,
    cause,
  });
}

export async function send(req: TransportRequest, deps: TransportDeps): Promise<TransportResult> {
  const retries = req.retry ? deps.maxRetries : 0;
  const budget = deps.callBudgetMs;
  const endsAt = budget === undefined ? Infinity : deps.now() + budget;
  /** Time left of the budget (Infinity without one). */
  const left = () => endsAt - deps.now();
  /** A retry after `delay` ms may start only if the budget leaves it time to get an answer. */
  const mayRetryAfter = (delay: number) => left() - delay > 0;
  const retryMethod = req.createsWork ? "POST" : req.method;
  for (let attempt = 1; ; attempt++) {
    const timeoutMs = Math.max(1, Math.min(req.timeoutMs ?? deps.timeoutMs, left()));
    const headers = req.headers(attempt); // signing errors are programming errors, not network failures
    headers["accept-encoding"] = ACCEPT_ENCODING;
    let response: ExchangeResponse;
    try {
      response = await deps.exchange({
        method: req.method,
        url: req.url,
        headers,
        body: req.body,
        timeoutMs,
        maxBytes: deps.maxResponseBytes,
        ...(deps.tooLargeHint !== undefined ? { tooLargeHint: deps.tooLargeHint } : {}),
      });
    } catch (err) {
      if (err instanceof ResponseTooLargeError) throw err; // the same answer again would be just as large
      if (attempt <= retries && isIdempotent(retryMethod)) {
        const delay = backoffDelay(attempt - 1, deps.random, deps.maxRetryDelayMs);
        if (mayRetryAfter(delay)) {
          await deps.sleep(delay);
          continue;
        }
      }
      if (budget !== undefined && left() <= 0) throw budgetSpentError(budget, req, err);
      const timeout = isTimeout(err);
      const detail =
        err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
      throw new MagentoApiError({
        status: 0,
        template: timeout ? `No answer from the store within ${timeoutMs} ms` : `Could not reach the store: ${detail}`,
        code: timeout ? "timeout" : "network",
        // the precise cause (DNS, refused, TLS, private address, …); the advice shown stays the code's
        problem: timeout ? "timeout" : (networkProblemOf(err) ?? "network"),
        hint: timeout ? undefined : "Check the store base URL, DNS and TLS, and that the store is up.",
        url: req.url,
        method: req.method,
        cause: err,
      });
    }
    const status = response.status;
    if (status >= 300 && status < 400) throw redirectError(status, response.header("location"), req.url, req.method);
    // only failures are looked at (a 2xx never pays for the Retry-After parse)
    const retryAfter = status >= 429 ? parseRetryAfter(response.header("retry-after"), deps.now()) : undefined;
    if (attempt <= retries && isRetryableStatus(status, retryMethod, retryAfter !== undefined)) {
      if (retryAfter !== undefined && retryAfter > deps.maxRetryDelayMs) {
        throw rateLimitedError(status, retryAfter, deps.maxRetryDelayMs, response.text, req);
      }
      const delay = backoffDelay(attempt - 1, deps.random, deps.maxRetryDelayMs, retryAfter);
      if (mayRetryAfter(delay)) {
        await deps.sleep(delay);
        continue;
      }
    }
    return new TransportResult(response, req.url, attempt);
  }
}
