/**
 * The exchange's checkpoint writes wait out a short database outage, within bounds: a failure that is not the
 * database being unreachable is thrown at once, and no wait runs past the job's lease (less a margin) or the
 * store's window. The real outage is tested in tests/integration/exchange-database-outage.test.ts.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { writeCheckpoint, type IntegrationDeps } from "@magento-integration/handshake";

const IDS = { installationId: "i1", activationId: "a1" };
const unreachable = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

function deps() {
  const warnings: Array<Record<string, unknown>> = [];
  const log = {
    warn: (o: Record<string, unknown>, msg: string) => warnings.push({ ...o, msg }),
  } as unknown as IntegrationDeps["log"];
  return { deps: { log, now: () => new Date() }, warnings };
}

/** A write that fails `failures` times with `error`, then answers "written". */
function flaky(failures: number, error: () => Error) {
  const w = { calls: 0, write: async () => (++w.calls <= failures ? Promise.reject(error()) : "written") };
  return w;
}

describe("a checkpoint write of the token exchange", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits while the database is unreachable, one log line per wait with an error code and no message", async () => {
    const { deps: d, warnings } = deps();
    const w = flaky(2, unreachable);
    await expect(writeCheckpoint(d, "the access token", IDS, {}, w.write)).resolves.toBe("written");
    expect(w.calls).toBe(3);
    expect(warnings).toEqual([
      {
        ...IDS,
        code: "ECONNREFUSED",
        retryInMs: 250,
        msg: "token exchange: the database cannot be reached to record the access token; trying again",
      },
      {
        ...IDS,
        code: "ECONNREFUSED",
        retryInMs: 500,
        msg: "token exchange: the database cannot be reached to record the access token; trying again",
      },
    ]);
  });

  it("fails at once on anything else (a constraint, a bug)", async () => {
    const { deps: d, warnings } = deps();
    const w = flaky(1, () => Object.assign(new Error("unique constraint"), { code: "P2002" }));
    await expect(writeCheckpoint(d, "the request token", IDS, {}, w.write)).rejects.toThrow("unique constraint");
    expect({ calls: w.calls, warnings }).toEqual({ calls: 1, warnings: [] });
  });

  // The waits run on vitest's fake clock (timers and Date alike): exact, and blind to how busy the machine is.
  it("stops waiting at the store's window: the last failure is thrown", async () => {
    vi.useFakeTimers();
    const { deps: d } = deps();
    const w = flaky(Infinity, unreachable);
    const started = Date.now();
    const settled = writeCheckpoint(d, "the request token", IDS, { windowEndsAt: new Date(started + 600) }, w.write);
    const outcome = expect(settled).rejects.toThrow("ECONNREFUSED");
    await vi.advanceTimersByTimeAsync(10_000);
    await outcome;
    // tries at 0, 250 and 600 ms (the window cuts the 500 ms wait short), then gives up
    expect(w.calls).toBe(3);
  });

  it("stops waiting 5 s before the job's lease ends; with less left, it does not wait at all", async () => {
    vi.useFakeTimers();
    const { deps: d, warnings } = deps();
    const w = flaky(Infinity, unreachable);
    const settled = writeCheckpoint(d, "the access token", IDS, { leaseEndsAt: new Date(Date.now() + 5_400) }, w.write);
    const outcome = expect(settled).rejects.toThrow("ECONNREFUSED");
    await vi.advanceTimersByTimeAsync(10_000);
    await outcome;
    expect(w.calls).toBe(3); // 0, 250, 400 ms
    const once = flaky(Infinity, unreachable);
    await expect(
      writeCheckpoint(d, "the access token", IDS, { leaseEndsAt: new Date(Date.now() + 4_000) }, once.write),
    ).rejects.toThrow("ECONNREFUSED");
    expect(once.calls).toBe(1);
    expect(warnings).toHaveLength(w.calls - 1);
  });
});
