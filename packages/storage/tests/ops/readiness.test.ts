/**
 * Readiness (GET /api/health/ready, packages/storage/src/ops/readiness.ts) on both databases: ready only with the database
 * answering, every migration of the code applied and a worker beating within 30 s; false while shutting down.
 */
import { afterEach, describe, expect, it } from "vitest";
import { PROVIDERS, freshDatabase, type TestDatabase } from "../../../../tests/helpers/databases";
import { openJobQueue, type JobQueue } from "@magento-integration/storage/jobs";
import { readinessCheck } from "@magento-integration/storage/ops";

describe.each(PROVIDERS)("readiness on %s", (provider) => {
  let db: TestDatabase;
  let queue: JobQueue;
  let t: number;
  let draining: boolean;
  const worker = { id: "host:1:beef", host: "host", pid: 1, startedAt: new Date(0) };

  async function check(workerExpected = true) {
    return readinessCheck({
      db: db.database,
      draining: () => draining,
      workerExpected,
      lastWorkerBeat: () => queue.workers.lastBeat(),
      now: () => new Date(t),
    })();
  }

  afterEach(async () => {
    await queue?.stop();
    await db?.dispose();
  });

  it("is ready with the database up, migrations current and a worker beating; not while shutting down", async () => {
    db = await freshDatabase(provider);
    queue = openJobQueue(db.database);
    await queue.start();
    t = Date.parse("2026-11-26T10:00:00Z");
    draining = false;
    expect(await check()).toMatchObject({
      ready: false,
      checks: { database: "ok", migrations: "current", worker: "none" },
    });
    expect(await check(false)).toMatchObject({ ready: true, checks: { worker: "not expected" } });
    await queue.workers.beat(worker, new Date(t));
    expect(await check()).toMatchObject({ ready: true, checks: { worker: "alive", shuttingDown: false } });
    t += 31_000; // six beats missed: the worker is gone
    expect(await check()).toMatchObject({ ready: false, checks: { worker: "none" } });
    await queue.workers.beat(worker, new Date(t));
    draining = true;
    expect(await check()).toMatchObject({ ready: false, checks: { shuttingDown: true, worker: "alive" } });
  });

  it("names the migrations the database lacks", async () => {
    db = await freshDatabase(provider);
    queue = openJobQueue(db.database);
    draining = false;
    t = Date.now();
    const table = provider === "sqlite" ? `"_prisma_migrations"` : `"_app_migrations"`;
    const column = provider === "sqlite" ? "migration_name" : "name";
    const rows = await db.database.prisma.$queryRawUnsafe<Array<{ name: string }>>(
      `SELECT ${column} AS name FROM ${table} ORDER BY ${column} DESC LIMIT 1`,
    );
    const newest = rows[0]!.name;
    await db.database.prisma.$executeRawUnsafe(`DELETE FROM ${table} WHERE ${column} = '${newest}'`);
    const r = await check(false);
    expect(r).toMatchObject({ ready: false, checks: { database: "ok", migrations: "pending" } });
    expect(r.pending).toEqual([newest]);
  });
});
