/** Which failures are retried, and how long to wait before the next attempt. */
import type { HttpMethod } from "./http-method.ts";

const IDEMPOTENT: ReadonlySet<string> = new Set(["GET", "PUT", "DELETE"]);

export function isIdempotent(method: HttpMethod | string): boolean {
  return IDEMPOTENT.has(method.toUpperCase());
}

/**
 * Idempotent calls retry 429, 502, 503 and 504. A non-idempotent call (POST) retries only what says "not
 * processed, come back later": 429, and a 503 that carries Retry-After (a bare 503 may come from a proxy such as
 * Varnish after PHP already started the work; 502/504 likewise).
 */
export function isRetryableStatus(status: number, method: string, hasRetryAfter = false): boolean {
  if (isIdempotent(method)) return status === 429 || status === 502 || status === 503 || status === 504;
  return status === 429 || (status === 503 && hasRetryAfter);
}

export const BACKOFF_BASE_MS = 250;

/** Full-jitter exponential backoff for retry number `retry` (0-based), at least `retryAfterMs`, at most `capMs`. */
export function backoffDelay(retry: number, random: () => number, capMs: number, retryAfterMs?: number): number {
  const exp = Math.min(capMs, BACKOFF_BASE_MS * 2 ** retry);
  const jittered = Math.floor(exp / 2 + random() * (exp / 2));
  return Math.min(capMs, Math.max(retryAfterMs ?? 0, jittered));
}
