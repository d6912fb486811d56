/** The typed errors the client throws. */
import { classifyStatus, type MagentoErrorCode } from "./error-codes";
import { parseErrorBody, type ErrorDetail, type ErrorParameters } from "./error-message";

export type { MagentoErrorCode } from "./error-codes";

export interface MagentoApiErrorInit {
  status: number;
  template: string;
  parameters?: ErrorParameters;
  renderedMessage?: string;
  errors?: ErrorDetail[];
  hint?: string;
  code: MagentoErrorCode;
  url: string;
  method?: string;
  body?: string;
  /** rate_limited: how long the store asked to wait (Retry-After), in milliseconds. */
  retryAfterMs?: number;
  cause?: unknown;
}

/** A store API failure: HTTP status + Magento's message template, parameters, rendering and a fix hint. */
export class MagentoApiError extends Error {
  override name = "MagentoApiError";
  /** 0 when no HTTP response arrived (network, timeout). */
  readonly status: number;
  /** The raw message with its %1 / %name placeholders. */
  readonly template: string;
  readonly parameters: ErrorParameters;
  readonly renderedMessage: string;
  readonly errors: ErrorDetail[];
  readonly hint: string | undefined;
  readonly code: MagentoErrorCode;
  readonly url: string;
  readonly method: string | undefined;
  /** Raw response body (truncated), for diagnostics. */
  readonly body: string | undefined;
  /** rate_limited: how long the store asked to wait (Retry-After), in milliseconds. */
  readonly retryAfterMs: number | undefined;

  constructor(init: MagentoApiErrorInit) {
    const rendered = init.renderedMessage ?? init.template;
    super(init.status ? `${init.status} ${rendered}` : rendered, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.template = init.template;
    this.parameters = init.parameters;
    this.renderedMessage = rendered;
    this.errors = init.errors ?? [];
    this.hint = init.hint;
    this.code = init.code;
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
  override name = "ResponseTooLargeError";
  /** The limit that was passed, in bytes (of the decoded body). */
  readonly limitBytes: number;
  /** Bytes read when the client stopped (≤ limitBytes + one network chunk); 0 when Content-Length alone said so. */
  readonly receivedBytes: number;
  /** The Content-Length the store declared, when it did. */
  readonly declaredBytes: number | undefined;

  constructor(init: { status: number; url: string; method: string; limitBytes: number; receivedBytes: number; declaredBytes?: number; hint?: string }) {
    const size = init.declaredBytes !== undefined ? `declares ${init.declaredBytes} bytes` : `passed ${init.limitBytes} bytes`;
    super({
      status: init.status,
      template: `The store's answer ${size}, more than the ${init.limitBytes} bytes this call reads; the rest was not read`,
      code: "response_too_large",
      hint:
        init.hint ??
        "Ask for less per call (a smaller searchCriteria pageSize, or fields=… to trim items), or raise maxResponseBytes if the store really answers this much.",
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
export class MagentoOAuthError extends Error {
  override name = "MagentoOAuthError";
  readonly status: number;
  readonly kind: MagentoOAuthErrorKind;
  readonly storeMessage: string | undefined;
  readonly code: MagentoErrorCode;
  readonly hint: string | undefined;
  readonly url: string;

  constructor(init: {
    status: number;
    kind: MagentoOAuthErrorKind;
    storeMessage?: string;
    code: MagentoErrorCode;
    hint?: string;
    url: string;
    message?: string;
    cause?: unknown;
  }) {
    super(
      init.message ?? `${init.url}: ${init.status ? init.status + " " : ""}${init.storeMessage ?? init.kind}`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.status = init.status;
    this.kind = init.kind;
    this.storeMessage = init.storeMessage;
    this.code = init.code;
    this.hint = init.hint;
    this.url = init.url;
  }
}
