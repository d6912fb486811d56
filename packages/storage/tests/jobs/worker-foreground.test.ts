/**
 * Foreground before background in one worker (packages/storage/src/jobs/foreground.ts): while a job someone waits on runs (a token
 * exchange), the worker starts no background job (a sync slice) and a running one is told to end its slice; other
 * jobs run as ever; and a foreground job that never ends holds background work back for at most 30 s. Time is a
 * controlled clock the test moves (the worker's `now`).
 */
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { PROVIDERS, freshDatabase, type TestDatabase } from "../../../../tests/helpers/databases";
import {
  openJobQueue,
  defineJob,
  startWorker,
  type Worker,
  FOREGROUND_LINGER_MS,
  FOREGROUND_MAX_HOLD_MS,
  type JobQueue,
} from "@magento-integration/storage/jobs";
import { clockedWorkerOptions, ControlledClock, until } from "../../../../tests/helpers/worker-clock";

describe.each(PROVIDERS)("a worker's foreground jobs before its background ones on %s", (provider) => {
  let db: TestDatabase;
  let queue: JobQueue;
  let worker: Worker;
  let clock: ControlledClock;
  /** [kind, clock time] of each job start, and of each background slice that ended because foreground work waited. */
  let log: Array<[string, number]>;
  let releaseForeground: () => void;
  let foregroundReleased: Promise<void>;

  async function setUp(): Promise<void> {
    clock = new ControlledClock();
    log = [];
    foregroundReleased = new Promise((r) => (releaseForeground = r));
    db = await freshDatabase(provider);
    queue = openJobQueue(db.database);
    await queue.start();
    worker = startWorker({
      queue,
      kinds: [
        defineJob({
          kind: "test.exchange",
          priority: "foreground",
          schema: z.object({}),
          run: async () => {
            log.push(["exchange", clock.ms]);
            await foregroundReleased;
          },
        }),
        defineJob({
          kind: "test.sync",
          priority: "background",
          schema: z.object({ slices: z.boolean() }),
          run: async ({ slices }, ctx) => {
            log.push(["sync", clock.ms]);
            if (!slices) return;
            // a backfill: pages until the worker says foreground work waits
            await until("foreground work to wait", () => ctx.foregroundWaiting());
            log.push(["sync gave way", clock.ms]);
            return { again: true };
          },
        }),
        defineJob({
          kind: "test.export",
          schema: z.object({}),
          run: async () => {
            log.push(["export", clock.ms]);
          },
        }),
      ],
      ...clockedWorkerOptions(clock, 4),
    });
  }

  const step = (ms: number) => clock.step(ms);
  const starts = (what: string) => log.filter(([k]) => k === what).map(([, at]) => at);
  const send = async (kind: string, data: unknown, lane: string) => {
    await queue.send(kind, data, { lane }, clock.now());
    worker.wake();
  };

  afterEach(async () => {
    releaseForeground?.();
    await worker?.stop(1_000);
    await queue?.stop();
    await db?.dispose();
  });

  it("starts no background job while a foreground one runs, runs the others, and the background job after", async () => {
    await setUp();
    await send("test.exchange", {}, "store:a");
    await until("the exchange to start", () => starts("exchange").length === 1);
    await send("test.sync", { slices: false }, "store:b");
    await send("test.export", {}, "store:c");
    await until("the export to start", () => starts("export").length === 1);
    for (let i = 0; i < 20; i++) await step(100);
    expect(starts("sync")).toHaveLength(0);
    const ended = clock.ms;
    releaseForeground();
    while (starts("sync").length === 0 && clock.ms < ended + 5_000) await step(50);
    expect(starts("sync")).toHaveLength(1);
    expect(starts("sync")[0]).toBeGreaterThanOrEqual(ended + FOREGROUND_LINGER_MS);
    expect(starts("sync")[0]).toBeLessThan(ended + FOREGROUND_LINGER_MS + 500);
  });

  it("tells a running background job to end its slice when a foreground job starts, and runs the rest after", async () => {
    await setUp();
    await send("test.sync", { slices: true }, "store:a");
    await until("the sync slice to start", () => starts("sync").length === 1);
    await step(100);
    expect(starts("sync gave way")).toHaveLength(0);
    await send("test.exchange", {}, "store:b");
    await until("the sync slice to give way", () => starts("sync gave way").length === 1);
    for (let i = 0; i < 10; i++) await step(100);
    expect(starts("sync")).toHaveLength(1); // given back, and not started again while the exchange runs
    releaseForeground();
    while (starts("sync").length < 2 && clock.ms < Date.UTC(2026, 0, 1) + 10_000) await step(50);
    expect(starts("sync")).toHaveLength(2);
  });

  it("a foreground job that never ends holds background work back for at most 30 s", async () => {
    await setUp();
    const began = clock.ms;
    await send("test.exchange", {}, "store:a");
    await until("the exchange to start", () => starts("exchange").length === 1);
    await send("test.sync", { slices: false }, "store:b");
    while (starts("sync").length === 0 && clock.ms < began + 2 * FOREGROUND_MAX_HOLD_MS) await step(250);
    expect(starts("sync")).toHaveLength(1);
    // the clock moves in steps of 250 ms, and a fetch on its way may land a step or two later
    expect(starts("sync")[0]! - began).toBeGreaterThanOrEqual(FOREGROUND_MAX_HOLD_MS - 250);
    expect(starts("sync")[0]! - began).toBeLessThanOrEqual(FOREGROUND_MAX_HOLD_MS + 1_000);
  });
});
