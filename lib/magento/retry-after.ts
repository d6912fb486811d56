/** Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP date; returns milliseconds, capped, or undefined. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number, capMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const v = value.trim();
  if (v === "") return undefined;
  if (/^\d+$/.test(v)) return Math.min(Number(v) * 1000, capMs);
  if (!/[a-z]/i.test(v)) return undefined; // "-1", "1.5", … are not valid delay-seconds
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, at - nowMs), capMs);
}
