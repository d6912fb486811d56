/**
 * The PostgreSQL job queue when the database drops its connections (a restart, a failover, an operator ending
 * sessions) in the middle of a queue transaction: the call fails, the process lives on, and the next calls work
 * on fresh connections. Before, the dropped connection's "error" event had no listener and ended the process:
 * `npm run worker` died when PostgreSQL restarted under it while it was fetching jobs.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import pg from "pg";
import { createPostgresJobQueue, type JobQueue } from "@magento-integration/storage/jobs";
import { freshDatabaseUrl } from "../../../../tests/helpers/databases";

const run = process.env.TEST_POSTGRES_URL ? describe : describe.skip;

run("the PostgreSQL job queue loses its connection mid-transaction", () => {
  let url: string;
  let dispose: () => Promise<void>;
  let queue: JobQueue;
  let admin: pg.Client;

  beforeEach(async () => {
    ({ url, dispose } = await freshDatabaseUrl("postgresql"));
    queue = createPostgresJobQueue(url, { poolSize: 2 });
    await queue.start();
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterEach(async () => {
    await admin.end().catch(() => undefined);
    await queue.stop();
    await dispose();
  });

  it("fails that call, keeps the process alive, and works again on new connections", async () => {
    const now = new Date();
    await queue.send("kit.test", { n: 1 }, { lane: "store:a" }, now);
    // hold the lane table: the fetch's transaction waits inside, on a connection it has checked out
    await admin.query("BEGIN");
    await admin.query('LOCK TABLE "JobLane" IN ACCESS EXCLUSIVE MODE');
    const fetching = queue.fetch({ kinds: ["kit.test"], laneCap: 2, now });
    const outcome = fetching.then(
      () => "fetched",
      (e: Error) => e.message,
    );
    for (const deadline = Date.now() + 10_000; ;) {
      const waiting = await admin.query(
        "SELECT 1 FROM pg_stat_activity WHERE application_name = 'kit-jobs' AND wait_event_type = 'Lock'",
      );
      if (waiting.rowCount) break;
      if (Date.now() > deadline) throw new Error("the fetch never waited on the lock");
      await new Promise((r) => setTimeout(r, 20));
    }
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'kit-jobs'");
    await admin.query("ROLLBACK");
    expect(await outcome).toMatch(/terminat/i);
    // the pool opens new connections: the job is still there and starts once
    const job = await queue.fetch({ kinds: ["kit.test"], laneCap: 2, now: new Date() });
    expect(job?.data).toEqual({ n: 1 });
    expect(await queue.complete(job!, null, new Date())).toBe(true);
  });
});
