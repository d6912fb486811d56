/**
 * A worker inside the web process gives way to activation callbacks (lib/jobs/worker.ts, giveWay): while they keep
 * arriving it starts no new job, and its jobs still run once they stop, or after at most 5 s of a steady stream.
 */
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { PROVIDERS, freshDatabase, type TestDatabase } from "../helpers/databases";
import { openJobQueue } from "@/lib/jobs/open-queue";
import { defineJob, startWorker, type Worker } from "@/lib/jobs/worker";
import type { JobQueue } from "@/lib/jobs/queue";
import { createLogger } from "@/lib/log";

async function until(what: string, f: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!f()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(PROVIDERS)("a worker giving way to callbacks on %s", (provider) => {
  let db: TestDatabase;
  let queue: JobQueue;
  let worker: Worker;
  const started: number[] = [];

  async function setUp(runMs = 0): Promise<void> {
    db = await freshDatabase(provider);
    queue = openJobQueue(db.database);
    await queue.start();
    worker = startWorker({
      queue,
      kinds: [defineJob({ kind: "test.ran", schema: z.object({}), run: async () => {
        started.push(Date.now());
        if (runMs > 0) await new Promise((r) => setTimeout(r, runMs));
      } })],
      concurrency: 2,
      laneCap: 2,
      pollMs: 20,
      now: () => new Date(),
      log: createLogger({ level: "silent" }),
      storeFetch: globalThis.fetch,
    });
  }

  afterEach(async () => {
    await worker?.stop(1_000);
    await queue?.stop();
    await db?.dispose();
    started.length = 0;
  });

  it("starts nothing while callbacks keep arriving, and runs the job once they stop", async () => {
    await setUp();
    let arriving = true;
    const stream = (async () => {
      while (arriving) {
        worker.giveWay(1_000); // long enough that a loaded machine's late timers never open a gap
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    await queue.send("test.ran", {}, {}, new Date());
    worker.wake();
    const sent = Date.now();
    // several poll intervals pass (pollMs 20) with the job ready: nothing starts
    await new Promise((r) => setTimeout(r, 400));
    expect(started).toHaveLength(0);
    arriving = false;
    await stream;
    await until("the job to start", () => started.length === 1);
    expect(started[0]! - sent).toBeGreaterThanOrEqual(400);
  });

  it("a steady stream of callbacks holds the jobs back for at most 5 s", async () => {
    await setUp();
    let arriving = true;
    const stream = (async () => {
      while (arriving) {
        worker.giveWay(1_000);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const sent = Date.now();
    await queue.send("test.ran", {}, {}, new Date());
    worker.wake();
    try {
      await until("the job to start despite the stream", () => started.length === 1);
    } finally {
      arriving = false;
      await stream;
    }
    expect(started[0]! - sent).toBeGreaterThanOrEqual(4_500);
  });

  it("a stream with short pauses cannot hold the jobs back again and again (at most 5 s, then a quiet spell as long)", async () => {
    // Anyone can post accepted callbacks (a new random key each): 4.9 s of them, a 150 ms pause, again. Each
    // pause used to end the hold and each new stream start a fresh 5 s one, so the worker started `concurrency`
    // jobs per 5 s cycle, whatever its backlog.
    await setUp(200);
    let arriving = true;
    const first = Date.now();
    const stream = (async () => {
      while (arriving) {
        const burstEnds = Date.now() + 4_900;
        while (arriving && Date.now() < burstEnds) {
          worker.giveWay(100);
          await new Promise((r) => setTimeout(r, 10));
        }
        await new Promise((r) => setTimeout(r, 150));
      }
    })();
    for (let i = 0; i < 6; i++) await queue.send("test.ran", {}, {}, new Date());
    worker.wake();
    try {
      // 6 jobs of 200 ms at concurrency 2 take 0.6 s once the worker may start them, and the cap ends the hold at 5 s;
      // with a fresh hold after each pause the last two started after 15 s
      await until("every job to start despite the stream", () => started.length === 6, 12_000);
    } finally {
      arriving = false;
      await stream;
    }
    expect(started[0]! - first).toBeGreaterThanOrEqual(4_500);
  });
});
