/**
 * Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP date; returns milliseconds, or undefined when absent or
 * invalid. Uncapped unless `capMs` is given: the transport refuses to cut a long wait short (it throws rate_limited).
 */
export function parseRetryAfter(
  value: string | null | undefined,
  nowMs: number,
  capMs = Number.POSITIVE_INFINITY,
): number | undefined {
  if (value === null || value === undefined) return undefined;
  const v = value.trim();
  if (v === "") return undefined;
  if (/^\d+$/.test(v)) return Math.min(Number(v) * 1000, capMs);
  if (!/[a-z]/i.test(v)) return undefined; // "-1", "1.5", … are not valid delay-seconds
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, at - nowMs), capMs);
}
