/** Which failures are retried, and how long to wait before the next attempt. */
import type { HttpMethod } from "./types";

const IDEMPOTENT: ReadonlySet<string> = new Set(["GET", "PUT", "DELETE"]);

export function isIdempotent(method: HttpMethod | string): boolean {
  return IDEMPOTENT.has(method.toUpperCase());
}

/**
 * 429 and 503 say "not processed, come back later", so any method may retry them; 502/504 may come after the
 * upstream already acted, so only idempotent methods retry those.
 */
export function isRetryableStatus(status: number, method: string): boolean {
  if (status === 429 || status === 503) return true;
  if (status === 502 || status === 504) return isIdempotent(method);
  return false;
}

export const BACKOFF_BASE_MS = 250;

/** Full-jitter exponential backoff for retry number `retry` (0-based), at least `retryAfterMs`, at most `capMs`. */
export function backoffDelay(retry: number, random: () => number, capMs: number, retryAfterMs?: number): number {
  const exp = Math.min(capMs, BACKOFF_BASE_MS * 2 ** retry);
  const jittered = Math.floor(exp / 2 + random() * (exp / 2));
  return Math.min(capMs, Math.max(retryAfterMs ?? 0, jittered));
}
