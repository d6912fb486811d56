import { describe, expect, it } from "vitest";
import { DEFAULT_GOVERNOR, judge, groupedSender, backoffSeconds } from "@magento-integration/storage/jobs";
import { parseEnv } from "@/lib/env";

const now = Date.parse("2026-11-24T10:00:00Z");

describe("rate governor verdicts", () => {
  it("honours Retry-After in seconds or as a date, capped", () => {
    expect(judge({ status: 429, retryAfter: "30" }, 1, now)).toEqual({
      pause: { ms: 30_000, reason: "store answered 429, Retry-After 30 s" },
    });
    expect(judge({ status: 503, retryAfter: new Date(now + 90_000).toUTCString() }, 1, now)).toMatchObject({
      pause: { ms: 90_000 },
    });
    expect(judge({ status: 429, retryAfter: "999999" }, 1, now)).toMatchObject({
      pause: { ms: DEFAULT_GOVERNOR.retryAfterCapMs },
    });
  });

  it("backs off on 429/503 without Retry-After, doubling with each in a row", () => {
    const ms = [1, 2, 3, 10].map((streak) => {
      const v = judge({ status: 429, retryAfter: null }, streak, now);
      return v.pause?.ms;
    });
    expect(ms).toEqual([2_000, 4_000, 8_000, DEFAULT_GOVERNOR.busyCapMs]);
    expect(judge({ status: 503, retryAfter: "garbage" }, 1, now)).toMatchObject({ pause: { ms: 2_000 } });
  });

  it("opens the circuit after repeated 5xx or network failures, longer while they go on", () => {
    expect(judge({ status: 500, retryAfter: null }, 4, now)).toEqual({ pause: null });
    expect(judge({ status: 502, retryAfter: null }, 5, now)).toMatchObject({
      pause: { ms: 60_000, reason: expect.stringMatching(/circuit open: 5 5xx/) },
    });
    expect(judge({ networkError: "ECONNREFUSED" }, 6, now)).toMatchObject({
      pause: { ms: 120_000, reason: expect.stringMatching(/network failures/) },
    });
    expect(judge({ status: 500, retryAfter: null }, 30, now)).toMatchObject({
      pause: { ms: DEFAULT_GOVERNOR.circuitCapMs },
    });
  });

  it("lets clean answers through, 4xx included", () => {
    for (const status of [200, 201, 400, 401, 404])
      expect(judge({ status, retryAfter: null }, 0, now)).toEqual({ pause: null });
  });
});

describe("retry backoff", () => {
  it("doubles from the delay, with jitter, like pg-boss", () => {
    expect(backoffSeconds(0, 10, true, 0)).toBe(10);
    expect(backoffSeconds(1, 10, true, 0)).toBe(20);
    expect(backoffSeconds(1, 10, true, 1)).toBe(40);
    expect(backoffSeconds(5, 10, false, 0.7)).toBe(10);
  });
});

describe("grouped sends", () => {
  const counting = (groups: number[], fail?: (jobs: ReadonlyArray<{ data: unknown }>) => boolean) => {
    let n = 0;
    return {
      async sendMany(jobs: ReadonlyArray<{ data: unknown }>) {
        groups.push(jobs.length);
        await new Promise((r) => setTimeout(r, 5));
        if (fail?.(jobs)) throw new Error("database refused the group");
        return jobs.map(() => `id-${n++}`);
      },
    };
  };

  it("writes the sends of one event-loop turn together and hands each caller its id", async () => {
    const groups: number[] = [];
    const send = groupedSender(counting(groups), () => new Date(), { flushAt: 50 });
    const ids = await Promise.all(Array.from({ length: 120 }, (_, i) => send("k", i, {})));
    expect(new Set(ids).size).toBe(120);
    // a full group goes at once, the sends that arrive while it is written go together in the next
    expect(groups).toEqual([50, 70]);
  });

  it("writes a lone send without waiting for company", async () => {
    const groups: number[] = [];
    const send = groupedSender(counting(groups), () => new Date());
    const started = performance.now();
    await expect(send("k", 1, {})).resolves.toBe("id-0");
    expect(groups).toEqual([1]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("a job the database refuses fails only its own caller, not the others of its group", async () => {
    const groups: number[] = [];
    const send = groupedSender(
      counting(groups, (jobs) => jobs.some((j) => j.data === "bad")),
      () => new Date(),
    );
    const results = await Promise.allSettled(["a", "b", "bad", "c"].map((d) => send("k", d, {})));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect(groups[0]).toBe(4); // tried together first, then one by one
  });

  it("fails every caller of a group whose write failed, and goes on with the next", async () => {
    let down = true;
    const send = groupedSender(
      {
        async sendMany(jobs) {
          if (down) throw new Error("database down");
          return jobs.map((_, i) => `id-${i}`);
        },
      },
      () => new Date(),
    );
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => send("k", i, {})));
    expect(results.every((r) => r.status === "rejected")).toBe(true);
    down = false;
    await expect(send("k", 9, {})).resolves.toBe("id-0");
  });
});

describe("worker settings from the environment", () => {
  it("defaults to an in-process worker, 8 jobs, 2 per store", () => {
    expect(parseEnv({}).worker).toMatchObject({
      inProcess: true,
      concurrency: 8,
      storeConcurrency: 2,
      pollMs: 250,
      healthProbeEveryMs: 900_000,
    });
    expect(parseEnv({ WORKER: "off", STORE_CONCURRENCY: "3", JOB_LEASE_SECONDS: "10" }).worker).toMatchObject({
      inProcess: false,
      storeConcurrency: 3,
      maxLeaseSeconds: 10,
    });
  });

  it("says what is wrong with a bad value", () => {
    expect(() => parseEnv({ WORKER: "maybe" })).toThrow(/WORKER: must be on or off/);
    expect(() => parseEnv({ STORE_CONCURRENCY: "0" })).toThrow(/STORE_CONCURRENCY/);
    expect(() => parseEnv({ OPS_TOKEN: "short" })).toThrow(/OPS_TOKEN: must be at least 32/);
  });
});
