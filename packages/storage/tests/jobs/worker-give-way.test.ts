/**
 * A worker inside the web process gives way to activation callbacks (packages/storage/src/jobs/worker.ts, giveWay): while they keep
 * arriving it starts no new job, and its jobs still run once they stop, or after at most 5 s of a steady stream.
 * Time is a controlled clock the test moves (the worker's `now`): how busy the machine is changes nothing.
 */
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { PROVIDERS, freshDatabase, type TestDatabase } from "../../../../tests/helpers/databases";
import { openJobQueue, defineJob, startWorker, type Worker, type JobQueue } from "@magento-integration/storage/jobs";
import { clockedWorkerOptions, ControlledClock, until } from "../../../../tests/helpers/worker-clock";

describe.each(PROVIDERS)("a worker giving way to callbacks on %s", (provider) => {
  let db: TestDatabase;
  let queue: JobQueue;
  let worker: Worker;
  let clock: ControlledClock;
  /** Clock time at which each job started. */
  const started: number[] = [];

  /** Jobs that take `runMs` of the controlled clock. */
  async function setUp(runMs = 0): Promise<void> {
    clock = new ControlledClock();
    db = await freshDatabase(provider);
    queue = openJobQueue(db.database);
    await queue.start();
    worker = startWorker({
      queue,
      kinds: [
        defineJob({
          kind: "test.ran",
          schema: z.object({}),
          run: async () => {
            const at = clock.ms;
            started.push(at);
            if (runMs > 0) await until("the job's time to pass", () => clock.ms >= at + runMs);
          },
        }),
      ],
      ...clockedWorkerOptions(clock, 2),
    });
  }

  const step = (ms: number) => clock.step(ms);

  /**
   * After the first giveWay, before any job is sent: lets the worker finish the loop turn it may be in. giveWay holds
   * back the fetches that start after it, not one already on its way (the worker polls every 2 ms), and such a fetch
   * would take a job sent meanwhile and start it at once, whatever the hold. The tests measure the hold, not that race:
   * no job exists until the worker has looked at the clock (and so at the hold) again.
   */
  async function sawTheHold(): Promise<void> {
    await step(0);
  }

  afterEach(async () => {
    await worker?.stop(1_000);
    await queue?.stop();
    await db?.dispose();
    started.length = 0;
  });

  it("starts nothing while callbacks keep arriving, and runs the job once they stop", async () => {
    await setUp();
    worker.giveWay(1_000);
    await sawTheHold();
    await queue.send("test.ran", {}, {}, clock.now());
    worker.wake();
    // 2 s of callbacks, one every 100 ms, the job ready all along: nothing starts
    let holdEnds = 0; // the last callback's hold
    for (let i = 0; i < 20; i++) {
      worker.giveWay(1_000);
      holdEnds = clock.ms + 1_000;
      await step(100);
    }
    expect(started).toHaveLength(0);
    while (started.length === 0 && clock.ms < holdEnds + 5_000) await step(100);
    expect(started).toHaveLength(1);
    expect(started[0]).toBeGreaterThanOrEqual(holdEnds);
  });

  it("a steady stream of callbacks holds the jobs back for at most 5 s", async () => {
    await setUp();
    const sent = clock.ms;
    worker.giveWay(1_000); // the stream is on before the job is sent
    await sawTheHold();
    await queue.send("test.ran", {}, {}, clock.now());
    worker.wake();
    while (started.length === 0 && clock.ms < sent + 20_000) {
      worker.giveWay(1_000);
      await step(100);
    }
    expect(started).toHaveLength(1);
    expect(started[0]! - sent).toBeGreaterThanOrEqual(5_000 - 100);
    expect(started[0]! - sent).toBeLessThan(5_000 + 1_000);
  });

  it("a stream with short pauses cannot hold the jobs back again and again (at most 5 s, then a quiet spell as long)", async () => {
    // Anyone can post accepted callbacks (a new random key each): 4.9 s of them, a 150 ms pause, again. Each
    // pause used to end the hold and each new stream start a fresh 5 s one, so the worker started `concurrency`
    // jobs per 5 s cycle, whatever its backlog.
    await setUp(200);
    const first = clock.ms;
    worker.giveWay(100); // the stream is on before the jobs are sent
    await sawTheHold();
    for (let i = 0; i < 6; i++) await queue.send("test.ran", {}, {}, clock.now());
    worker.wake();
    // 6 jobs of 200 ms at concurrency 2 take 0.6 s once the worker may start them, and the cap ends the hold at 5 s;
    // with a fresh hold after each pause the last two started after 15 s
    while (started.length < 6 && clock.ms < first + 12_000) {
      const inBurst = (clock.ms - first) % 5_050 < 4_900;
      if (inBurst) worker.giveWay(100);
      await step(50);
    }
    expect(started).toHaveLength(6);
    expect(started[0]! - first).toBeGreaterThanOrEqual(5_000 - 50);
  });
});
