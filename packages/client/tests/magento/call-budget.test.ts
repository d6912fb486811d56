/**
 * callBudgetMs: a call a person waits on ends within its budget, retries and pauses included, with a "timeout"
 * error naming the budget; without one, the per-attempt timeout and the retries apply as before (jobs).
 */
import { describe, expect, it } from "vitest";
import { send, transportDeps, type TransportRequest } from "../../src/magento/transport.ts";
import { timeoutError, type Exchange } from "../../src/magento/exchange.ts";
import { MagentoApiError } from "../../src/magento/index.ts";

/** A store that never answers: each attempt uses up its whole timeout on the fake clock, then times out. */
function silentStore() {
  let clock = 1_000_000;
  const attempts: number[] = [];
  const exchange: Exchange = async (req) => {
    attempts.push(req.timeoutMs);
    clock += req.timeoutMs;
    throw timeoutError(req.timeoutMs);
  };
  return {
    exchange,
    attempts,
    now: () => clock,
    sleep: async (ms: number) => void (clock += ms),
    elapsed: () => clock - 1_000_000,
  };
}

const get: TransportRequest = {
  method: "GET",
  url: "https://shop.test/rest/V1/products",
  headers: () => ({}),
  retry: true,
};

async function failure(p: Promise<unknown>): Promise<MagentoApiError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(MagentoApiError);
  return e as MagentoApiError;
}

describe("callBudgetMs", () => {
  it("a silent store: the call gives up within the budget, as a timeout naming it", async () => {
    const s = silentStore();
    const deps = {
      ...transportDeps({ timeoutMs: 30_000, callBudgetMs: 10_000, random: () => 0 }),
      exchange: s.exchange,
      now: s.now,
      sleep: s.sleep,
    };
    const e = await failure(send(get, deps));
    expect(e.code).toBe("timeout");
    expect(e.message).toContain("10 s");
    expect(s.elapsed()).toBeLessThanOrEqual(10_000);
    expect(s.attempts[0]).toBe(10_000); // the first attempt's timeout is cut to the budget
  });

  it("fast failures still retry while the budget leaves time", async () => {
    let clock = 0;
    let calls = 0;
    const exchange: Exchange = async () => {
      calls++;
      clock += 100;
      throw new TypeError("fetch failed");
    };
    const deps = {
      ...transportDeps({ callBudgetMs: 10_000, random: () => 0 }),
      exchange,
      now: () => clock,
      sleep: async (ms: number) => void (clock += ms),
    };
    const e = await failure(send(get, deps));
    expect(e.code).toBe("network");
    expect(calls).toBe(4); // the first attempt and its three retries
  });

  it("without a budget a silent store costs every attempt's full timeout (background work keeps its limits)", async () => {
    const s = silentStore();
    const deps = {
      ...transportDeps({ timeoutMs: 30_000, random: () => 0 }),
      exchange: s.exchange,
      now: s.now,
      sleep: s.sleep,
    };
    const e = await failure(send(get, deps));
    expect(e.code).toBe("timeout");
    expect(s.attempts).toEqual([30_000, 30_000, 30_000, 30_000]);
  });

  it("refuses a budget that is not positive", () => {
    expect(() => transportDeps({ callBudgetMs: 0 })).toThrow(/callBudgetMs/);
  });
});
