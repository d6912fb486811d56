/**
 * One HTTP exchange with retries. Global fetch (undici, keep-alive by default), redirects never followed,
 * a timeout per attempt, and the headers rebuilt for every attempt so each one is signed with a fresh nonce.
 */
import { MagentoApiError } from "./errors";
import { parseRetryAfter } from "./retry-after";
import { backoffDelay, isIdempotent, isRetryableStatus } from "./retry-policy";

export interface TransportDeps {
  fetch: typeof fetch;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  timeoutMs: number;
  maxRetries: number;
  maxRetryDelayMs: number;
}

export interface TransportRequest {
  method: string;
  url: string;
  /** Called once per attempt (signing happens here). */
  headers: (attempt: number) => Record<string, string>;
  body?: string;
  /** Allow retries (network errors and 429/502/503/504 of idempotent calls; 429 and 503 with Retry-After of others). */
  retry: boolean;
  timeoutMs?: number;
}

export interface TransportResult {
  status: number;
  headers: Headers;
  text: string;
  url: string;
  attempts: number;
  durationMs: number;
}

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RETRIES = 3;
export const DEFAULT_MAX_RETRY_DELAY_MS = 30_000;

export function transportDeps(o: {
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  timeoutMs?: number;
  maxRetries?: number;
  maxRetryDelayMs?: number;
}): TransportDeps {
  return {
    // eslint-disable-next-line no-restricted-properties -- default for library use; the kit always passes its guarded store fetch
    fetch: o.fetch ?? globalThis.fetch,
    now: o.now ?? Date.now,
    sleep: o.sleep ?? defaultSleep,
    random: o.random ?? Math.random,
    timeoutMs: o.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRetries: o.maxRetries ?? DEFAULT_MAX_RETRIES,
    maxRetryDelayMs: o.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS,
  };
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
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
    (base ? `: configure the store base URL as ${base} instead.` : ": configure the store base URL the store really serves.");
  return new MagentoApiError({
    status,
    template,
    code: "redirect",
    hint: base ? `Use ${base} as the store base URL.` : "Use the final URL (scheme, host, index.php/) as the store base URL.",
    url,
    method,
  });
}

/** The store asked for a longer pause than this client may wait: give the delay to the caller instead of cutting it short. */
function rateLimitedError(status: number, retryAfterMs: number, maxRetryDelayMs: number, body: string, req: TransportRequest): MagentoApiError {
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

export async function send(req: TransportRequest, deps: TransportDeps): Promise<TransportResult> {
  const started = deps.now();
  const retries = req.retry ? deps.maxRetries : 0;
  for (let attempt = 1; ; attempt++) {
    const timeoutMs = req.timeoutMs ?? deps.timeoutMs;
    const headers = req.headers(attempt); // signing errors are programming errors, not network failures
    let response: Response;
    let text: string;
    // a plain controller + timer costs a third of AbortSignal.timeout() per call; cleared once the body is read
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException(`timed out after ${timeoutMs} ms`, "TimeoutError")), timeoutMs);
    try {
      response = await deps.fetch(req.url, {
        method: req.method,
        headers,
        body: req.body,
        redirect: "manual", // a followed redirect changes the signed URL, and POST may turn into GET
        signal: controller.signal,
      });
      text = await response.text();
    } catch (err) {
      if (attempt <= retries && isIdempotent(req.method)) {
        await deps.sleep(backoffDelay(attempt - 1, deps.random, deps.maxRetryDelayMs));
        continue;
      }
      const timeout = isTimeout(err);
      const detail = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
      throw new MagentoApiError({
        status: 0,
        template: timeout ? `No answer from the store within ${timeoutMs} ms` : `Could not reach the store: ${detail}`,
        code: timeout ? "timeout" : "network",
        hint: timeout ? undefined : "Check the store base URL, DNS and TLS, and that the store is up.",
        url: req.url,
        method: req.method,
        cause: err,
      });
    } finally {
      clearTimeout(timer);
    }
    if (response.status >= 300 && response.status < 400) {
      throw redirectError(response.status, response.headers.get("location"), req.url, req.method);
    }
    // only failures are looked at (a 2xx never pays for the Retry-After parse)
    const retryAfter = response.status >= 429 ? parseRetryAfter(response.headers.get("retry-after"), deps.now()) : undefined;
    if (attempt <= retries && isRetryableStatus(response.status, req.method, retryAfter !== undefined)) {
      if (retryAfter !== undefined && retryAfter > deps.maxRetryDelayMs) {
        throw rateLimitedError(response.status, retryAfter, deps.maxRetryDelayMs, text, req);
      }
      await deps.sleep(backoffDelay(attempt - 1, deps.random, deps.maxRetryDelayMs, retryAfter));
      continue;
    }
    return {
      status: response.status,
      headers: response.headers,
      text,
      url: req.url,
      attempts: attempt,
      durationMs: deps.now() - started,
    };
  }
}
