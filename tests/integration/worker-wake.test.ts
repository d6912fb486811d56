/**
 * A wake that arrives while the worker is fetching is not lost (lib/jobs/worker.ts): a job that ends or sends the
 * next job of its chain during a fetch that finds nothing gets its follower started at once, not a poll later. The
 * worker polls once a minute here, and its fetch answers 200 ms after it looked, so the chain's next job is sent
 * while the worker is still inside that fetch.
 */
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { PROVIDERS, freshDatabase, type TestDatabase } from "../helpers/databases";
import { openJobQueue } from "@/lib/jobs/open-queue";
import { defineJob, startWorker, type Worker } from "@/lib/jobs/worker";
import type { JobQueue } from "@/lib/jobs/queue";
import { createLogger } from "@/lib/log";

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
    const slowQueue: JobQueue = Object.create(queue, {
      fetch: {
        value: async (o: Parameters<JobQueue["fetch"]>[0]) => {
          const job = await queue.fetch(o);
          await new Promise((r) => setTimeout(r, 200));
          return job;
        },
      },
    });
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
            worker.wake();
          },
        }),
        defineJob({
          kind: "test.second",
          schema: z.object({}),
          run: async () => {
            secondStarted = Date.now();
          },
        }),
      ],
      concurrency: 2,
      laneCap: 2,
      pollMs: 60_000,
      now: () => new Date(),
      log: createLogger({ level: "silent" }),
      storeFetch: globalThis.fetch,
    });
    const sent = Date.now();
    await queue.send("test.first", {}, {}, new Date());
    worker.wake();
    for (let i = 0; i < 100 && secondStarted === null; i++) await new Promise((r) => setTimeout(r, 100));
    expect(secondStarted).not.toBeNull();
    expect(secondStarted! - sent).toBeLessThan(5_000);
  });
});
