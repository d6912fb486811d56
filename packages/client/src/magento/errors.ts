/** The typed errors the client throws. */
import { classifyStatus, type MagentoErrorCode } from "./error-codes.ts";
import { parseErrorBody, type ErrorDetail, type ErrorParameters } from "./error-message.ts";
import { STORE_ADVICE, type StoreProblem } from "./store-advice.ts";
import { KitError } from "../kit-error.ts";

export type { MagentoErrorCode } from "./error-codes.ts";

/**
 * An error about a store: `code` is the row of merchant advice it is shown with (./store-advice.ts) and, when
 * there is one, a hint. `problem` (packages/client/src/kit-error.ts) is the same code, or the precise cause behind it: a
 * `network` failure tells apart DNS, refused connection, TLS and private address (packages/client/src/net/network-problem.ts).
 * Callers tell the kinds apart with `instanceof` (branded: it holds across bundles).
 */
export class StoreError extends KitError {
  static override readonly brand: string = "StoreError";
  readonly code: StoreProblem;
  readonly hint: string | undefined;

  constructor(
    message: string,
    init: { code: StoreProblem; problem?: StoreProblem; hint?: string | undefined; cause?: unknown },
  ) {
    super(message, { problem: init.problem ?? init.code, cause: init.cause });
    this.code = init.code;
    this.hint = init.hint;
  }
}

export interface MagentoApiErrorInit {
  status: number;
  template: string;
  parameters?: ErrorParameters;
  renderedMessage?: string;
  errors?: ErrorDetail[];
  hint?: string;
  code: MagentoErrorCode;
  /** The precise cause when it is finer than `code` (a network failure's DNS, refusal, TLS, private address). */
  problem?: StoreProblem;
  url: string;
  method?: string;
  body?: string;
  /** rate_limited: how long the store asked to wait (Retry-After), in milliseconds. */
  retryAfterMs?: number;
  cause?: unknown;
}

/** A store API failure: HTTP status + Magento's message template, parameters, rendering and a fix hint. */
export class MagentoApiError extends StoreError {
  static override readonly brand: string = "MagentoApiError";
  /** 0 when no HTTP response arrived (network, timeout). */
  readonly status: number;
  /** The raw message with its %1 / %name placeholders. */
  readonly template: string;
  readonly parameters: ErrorParameters;
  readonly renderedMessage: string;
  readonly errors: ErrorDetail[];
  declare readonly code: MagentoErrorCode;
  readonly url: string;
  readonly method: string | undefined;
  /** Raw response body (truncated), for diagnostics. */
  readonly body: string | undefined;
  /** rate_limited: how long the store asked to wait (Retry-After), in milliseconds. */
  readonly retryAfterMs: number | undefined;

  constructor(init: MagentoApiErrorInit) {
    const rendered = init.renderedMessage ?? init.template;
    super(init.status ? `${init.status} ${rendered}` : rendered, {
      code: init.code,
      ...(init.problem ? { problem: init.problem } : {}),
      hint: init.hint,
      cause: init.cause,
    });
    this.status = init.status;
    this.template = init.template;
    this.parameters = init.parameters;
    this.renderedMessage = rendered;
    this.errors = init.errors ?? [];
    this.url = init.url;
    this.method = init.method;
    this.body = init.body;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/**
 * The store's answer is larger than the client reads (maxResponseBytes for REST, a few KB for token endpoints).
 * Thrown while the body streams in, as soon as the count (or a declared Content-Length) passes the limit; the
 * connection is dropped there, so no more than the limit is ever held in memory. Never retried.
 */
export class ResponseTooLargeError extends MagentoApiError {
  static override readonly brand: string = "ResponseTooLargeError";
  /** The limit that was passed, in bytes (of the decoded body). */
  readonly limitBytes: number;
  /** Bytes read when the client stopped (≤ limitBytes + one network chunk); 0 when Content-Length alone said so. */
  readonly receivedBytes: number;
  /** The Content-Length the store declared, when it did. */
  readonly declaredBytes: number | undefined;

  constructor(init: {
    status: number;
    url: string;
    method: string;
    limitBytes: number;
    receivedBytes: number;
    declaredBytes?: number;
    hint?: string;
  }) {
    const size =
      init.declaredBytes !== undefined ? `declares ${init.declaredBytes} bytes` : `passed ${init.limitBytes} bytes`;
    super({
      status: init.status,
      template: `The store's answer ${size}, more than the ${init.limitBytes} bytes this call reads; the rest was not read`,
      code: "response_too_large",
      hint: init.hint ?? STORE_ADVICE.response_too_large.fix,
      url: init.url,
      method: init.method,
    });
    this.limitBytes = init.limitBytes;
    this.receivedBytes = init.receivedBytes;
    this.declaredBytes = init.declaredBytes;
  }
}

const BODY_LIMIT = 4000;

/** Builds the error for a non-2xx response from its body text. */
export function errorFromResponse(status: number, bodyText: string, url: string, method: string): MagentoApiError {
  const parsed = parseErrorBody(bodyText);
  const body = bodyText.slice(0, BODY_LIMIT);
  if (!parsed) {
    const template = bodyText.trim() ? `HTTP ${status}: ${bodyText.trim().slice(0, 200)}` : `HTTP ${status}`;
    const c = classifyStatus(status, template, template, undefined);
    return new MagentoApiError({ status, template, code: c.code, hint: c.hint, url, method, body });
  }
  const c = classifyStatus(status, parsed.template, parsed.renderedMessage, parsed.parameters);
  return new MagentoApiError({
    status,
    template: parsed.template,
    parameters: parsed.parameters,
    renderedMessage: parsed.renderedMessage,
    errors: parsed.errors,
    code: c.code,
    hint: c.hint,
    url,
    method,
    body,
  });
}

export type MagentoOAuthErrorKind =
  | "oauth_problem"
  | "error"
  | "not_a_string"
  | "unparsable"
  | "missing_token"
  | "http"
  | "redirect"
  | "network"
  | "timeout"
  | "too_large";

/** A failed /oauth/token/request or /oauth/token/access call, carrying the store's own oauth_problem text. */
export class MagentoOAuthError extends StoreError {
  static override readonly brand: string = "MagentoOAuthError";
  readonly status: number;
  readonly kind: MagentoOAuthErrorKind;
  readonly storeMessage: string | undefined;
  declare readonly code: MagentoErrorCode;
  readonly url: string;

  constructor(init: {
    status: number;
    kind: MagentoOAuthErrorKind;
    storeMessage?: string;
    code: MagentoErrorCode;
    problem?: StoreProblem;
    hint?: string;
    url: string;
    message?: string;
    cause?: unknown;
  }) {
    super(init.message ?? `${init.url}: ${init.status ? init.status + " " : ""}${init.storeMessage ?? init.kind}`, {
      code: init.code,
      ...(init.problem ? { problem: init.problem } : {}),
      hint: init.hint,
      cause: init.cause,
    });
    this.status = init.status;
    this.kind = init.kind;
    this.storeMessage = init.storeMessage;
    this.url = init.url;
  }
}

/** The store's own words for a failure when it said any (a REST error's rendered message), else the error's message. */
export function storeMessageOf(e: unknown): string {
  if (e instanceof MagentoApiError) return e.renderedMessage;
  return e instanceof Error ? e.message : String(e);
}
