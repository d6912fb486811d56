/**
 * One HTTP request and its whole response, below retries and signing: the seam between the client and the
 * network. Two implementations: undici's dispatch API on a connection pool (dispatch-exchange.ts, the default)
 * and an injected fetch (fetch-exchange.ts, for tests and custom transports). Both read the body with a byte
 * limit counted while it streams in, and neither follows redirects.
 */
import { ResponseTooLargeError } from "./errors.ts";

export interface ExchangeRequest {
  method: string;
  /** Absolute URL, sent exactly as given (it is what was signed). */
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** Whole exchange (connect, headers and body) within this many milliseconds, else a TimeoutError. */
  timeoutMs: number;
  /** Decoded body bytes read at most; more fails with ResponseTooLargeError. */
  maxBytes: number;
  /** What that error tells the caller to do (default: ask for less per call, or raise maxResponseBytes). */
  tooLargeHint?: string;
}

export interface ExchangeResponse {
  status: number;
  /** One response header (name lowercase), multiple values joined with ", ". */
  header(name: string): string | null;
  /** All headers as a Fetch `Headers` (built on first use). */
  readonly headers: Headers;
  text: string;
}

export type Exchange = (req: ExchangeRequest) => Promise<ExchangeResponse>;

/** The error an exchange rejects with when timeoutMs passes (the transport turns it into code "timeout"). */
export function timeoutError(timeoutMs: number): DOMException {
  return new DOMException(`timed out after ${timeoutMs} ms`, "TimeoutError");
}

export function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
}

export function tooLarge(
  req: ExchangeRequest,
  status: number,
  receivedBytes: number,
  declaredBytes?: number,
): ResponseTooLargeError {
  return new ResponseTooLargeError({
    status,
    url: req.url,
    method: req.method,
    limitBytes: req.maxBytes,
    receivedBytes,
    ...(declaredBytes !== undefined ? { declaredBytes } : {}),
    ...(req.tooLargeHint !== undefined ? { hint: req.tooLargeHint } : {}),
  });
}

/** A declared Content-Length above the limit (for an uncompressed body), or undefined. */
export function declaredTooLarge(
  contentLength: string | null,
  contentEncoding: string | null,
  maxBytes: number,
): number | undefined {
  if (contentLength === null || (contentEncoding !== null && contentEncoding !== "identity")) return undefined;
  const n = Number(contentLength);
  return Number.isSafeInteger(n) && n > maxBytes ? n : undefined;
}

/** UTF-8 text of the body as fetch's text() gives it: invalid bytes become U+FFFD and a leading BOM is dropped. */
export function utf8Text(chunks: readonly Buffer[], bytes: number): string {
  const text =
    chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks as Buffer[], bytes).toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
