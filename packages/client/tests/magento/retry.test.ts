import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "../../src/magento/retry-after.ts";
import { backoffDelay, isIdempotent, isRetryableStatus } from "../../src/magento/retry-policy.ts";

const NOW = Date.parse("2026-11-22T05:00:00Z");

describe("parseRetryAfter", () => {
  it("reads delay-seconds", () => {
    expect(parseRetryAfter("0", NOW, 30_000)).toBe(0);
    expect(parseRetryAfter("2", NOW, 30_000)).toBe(2000);
    expect(parseRetryAfter(" 7 ", NOW, 30_000)).toBe(7000);
  });
  it("reads an HTTP date relative to now", () => {
    expect(parseRetryAfter("Sun, 22 Nov 2026 05:00:05 GMT", NOW, 30_000)).toBe(5000);
    expect(parseRetryAfter("Sun, 22 Nov 2026 04:59:00 GMT", NOW, 30_000)).toBe(0);
  });
  it("returns long waits in full unless a cap is given", () => {
    expect(parseRetryAfter("3600", NOW)).toBe(3_600_000);
    expect(parseRetryAfter("Mon, 23 Nov 2026 05:00:00 GMT", NOW)).toBe(86_400_000);
    expect(parseRetryAfter("3600", NOW, 30_000)).toBe(30_000);
  });
  it("ignores absent or invalid values", () => {
    for (const v of [null, undefined, "", "-1", "1.5", "soon", "abc def"])
      expect(parseRetryAfter(v, NOW, 30_000)).toBeUndefined();
  });
});

describe("retry policy", () => {
  it("knows idempotent methods", () => {
    expect(["GET", "PUT", "DELETE"].every(isIdempotent)).toBe(true);
    expect(isIdempotent("POST")).toBe(false);
  });
  it("idempotent calls retry 429/502/503/504; POST only 429 and a 503 with Retry-After; nothing else", () => {
    for (const s of [429, 502, 503, 504])
      for (const m of ["GET", "PUT", "DELETE"]) expect(isRetryableStatus(s, m)).toBe(true);
    expect(isRetryableStatus(429, "POST")).toBe(true);
    expect(isRetryableStatus(503, "POST", true)).toBe(true);
    expect(isRetryableStatus(503, "POST")).toBe(false); // a bare 503 (e.g. Varnish) may come after PHP started the work
    expect(isRetryableStatus(502, "POST", true)).toBe(false);
    expect(isRetryableStatus(504, "POST", true)).toBe(false);
    for (const s of [200, 400, 401, 404, 500, 501]) expect(isRetryableStatus(s, "GET", true)).toBe(false);
  });
  it("backs off exponentially with jitter, never below Retry-After, never above the cap", () => {
    expect(backoffDelay(0, () => 0, 30_000)).toBe(125);
    expect(backoffDelay(0, () => 0.999, 30_000)).toBeLessThanOrEqual(250);
    expect(backoffDelay(3, () => 0, 30_000)).toBe(1000);
    expect(backoffDelay(20, () => 0.5, 30_000)).toBeLessThanOrEqual(30_000);
    expect(backoffDelay(0, () => 0, 30_000, 5000)).toBe(5000);
    expect(backoffDelay(0, () => 0, 1000, 5000)).toBe(1000);
    const seen = new Set([0, 0.25, 0.5, 0.75].map((r) => backoffDelay(2, () => r, 30_000)));
    expect(seen.size).toBe(4);
  });
});
