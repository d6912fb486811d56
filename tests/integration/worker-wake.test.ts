/**
 * A wake that arrives while the worker is fetching is not lost (packages/storage/src/jobs/worker.ts): a job that ends or sends the
 * next job of its chain during a fetch that finds nothing gets its follower started at once, not a poll later. The
 * worker polls once an hour here, and its fetch answers 200 ms after it looked, so the chain's next job is sent
 * while the worker is still inside that fetch. Counted in fetches, not in time: the follower must start on the
 * worker's next look, not after the poll.
 */
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { PROVIDERS, freshDatabase, type TestDatabase } from "../helpers/databases";
import { openJobQueue, defineJob, startWorker, type Worker, type JobQueue } from "@magento-integration/storage/jobs";
import { createLogger } from "@/lib/log";
import { until } from "../helpers/worker-clock";

describe.each(PROVIDERS)("a worker's wake-ups on %s", (provider) => {
  let db: TestDatabase;
  let queue: JobQueue;
  let worker: Worker;
  afterEach(async () => {
    await worker?.stop(1_000);
    await queue?.stop();
    await db?.dispose();
  });

  it("starts the next job of a chain at once when it was sent during a fetch", async () => {
    db = await freshDatabase(provider);
    queue = openJobQueue(db.database);
    await queue.start();
    let fetches = 0;
    const slowQueue: JobQueue = Object.create(queue, {
      fetch: {
        value: async (o: Parameters<JobQueue["fetch"]>[0]) => {
          fetches++;
          const job = await queue.fetch(o);
          await new Promise((r) => setTimeout(r, 200));
          return job;
        },
      },
    });
    /** The worker's fetch count when the first job had sent its follower, and when the follower started. */
    let sentAtFetch: number | null = null;
    let secondStarted: number | null = null;
    worker = startWorker({
      queue: slowQueue,
      kinds: [
        defineJob({
          kind: "test.first",
          schema: z.object({}),
          run: async () => {
            await new Promise((r) => setTimeout(r, 20)); // ends inside the worker's next fetch
            await queue.send("test.second", {}, {}, new Date());
            sentAtFetch = fetches;
            worker.wake();
          },
        }),
        defineJob({
          kind: "test.second",
          schema: z.object({}),
          run: async () => {
            secondStarted = fetches;
          },
        }),
      ],
      concurrency: 2,
      laneCap: 2,
      pollMs: 3_600_000, // an hour: a lost wake would leave the follower waiting that long
      now: () => new Date(),
      log: createLogger({ level: "silent" }),
      storeFetch: globalThis.fetch,
    });
    await queue.send("test.first", {}, {}, new Date());
    worker.wake();
    // without the kept wake, the follower waits for the hourly poll and this gives up after about 20 s
    await until("the follower to start", () => secondStarted !== null);
    // sent during one fetch (which found nothing), started by the next one
    expect(secondStarted! - sentAtFetch!).toBeLessThanOrEqual(1);
  });
});
