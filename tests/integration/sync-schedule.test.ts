/**
 * The sync schedule (lib/jobs/kinds/sync.ts `sync.schedule`): each tick sends every (store, entity) the job it is
 * due for — a pass when its interval is over (at once before the backfill), a sweep when the sweep's is, a sweep
 * under way again — and nothing while a job for it is still queued or while it is paused. Many stores: the
 * schedule reads their cursors and the keys already queued once per tick, on both databases.
 */
import { afterEach, describe, expect, it } from "vitest";
import { PROVIDERS, freshDatabase, type TestDatabase } from "../helpers/databases";
import { openJobQueue, type JobQueue, type JobContext } from "@magento-integration/storage/jobs";
import { SYNC_PASS_JOB, SYNC_SCHEDULE_JOB, SYNC_SWEEP_JOB, syncKey } from "@/lib/jobs/kinds";
import { syncJobs } from "@/lib/jobs/kinds/sync";
import type { JobServices } from "@/lib/jobs/kinds/services";
import { products, orders } from "@magento-integration/sync";
import { createLogger } from "@/lib/log";

describe.each(PROVIDERS)("the sync schedule on %s", (provider) => {
  let db: TestDatabase | undefined;
  let queue: JobQueue | undefined;
  afterEach(async () => {
    await queue?.stop();
    await db?.dispose();
    db = undefined;
    queue = undefined;
  });

  it("sends each due (store, entity) its job once, none while one is queued, the entity is paused or a handshake runs, a sweep when due", async () => {
    db = await freshDatabase(provider);
    const q = openJobQueue(db.database);
    queue = q;
    await q.start();
    const storage = db.storage;
    let now = new Date("2026-11-27T10:00:00.000Z");
    const stores: string[] = [];
    for (let i = 0; i < 60; i++) {
      const store = await storage.stores.ensure(`https://shop-${i}.test/`);
      const inst = await storage.installations.create({
        consumerKey: `key${String(i).padStart(29, "0")}`,
        storeId: store.id,
        state: "active",
        mode: "manual",
        consumerSecretEnc: "sealed",
        accessTokenEnc: "sealed",
        accessTokenSecretEnc: "sealed",
        activationCount: 1,
      });
      stores.push(inst.id);
    }
    // only what the schedule uses of the job services
    const services = {
      storage,
      log: createLogger({ level: "silent" }),
      now: () => now,
      send: (kind: string, data: unknown, o: Parameters<JobQueue["send"]>[2]) => q.send(kind, data, o, now),
      sendMany: (jobs: Parameters<JobQueue["sendMany"]>[0]) => q.sendMany(jobs, now),
      queuedKeys: (keys: readonly string[]) => q.queuedKeys(keys),
      sync: { entities: [products, orders], handlers: [], fetch },
    } as unknown as JobServices;
    const schedule = syncJobs(services).find((k) => k.kind === SYNC_SCHEDULE_JOB)!;
    let handshakeRunning = false;
    const ctx = { foregroundWaiting: () => handshakeRunning } as unknown as JobContext;
    const tick = async () => ((await schedule.run({}, ctx)) as { output: { sent: number } }).output.sent;
    const queuedFor = async (id: string) =>
      (await q.list({ refs: [id], limit: 100 })).filter((j) => j.state === "created" || j.state === "retry");

    // while a handshake runs in the worker, the tick sends nothing and looks again a second later
    handshakeRunning = true;
    const held = await schedule.run({}, ctx);
    expect(held).toEqual({ again: true, after: new Date(now.getTime() + 1_000) });
    expect(await queuedFor(stores[0]!)).toEqual([]);
    handshakeRunning = false;
    // never backfilled: a pass for every store and entity, once
    expect(await tick()).toBe(120);
    expect(await tick()).toBe(0);
    const first = await queuedFor(stores[0]!);
    expect(first.map((j) => [j.kind, j.key]).sort()).toEqual([
      [SYNC_PASS_JOB, syncKey(stores[0]!, "orders")],
      [SYNC_PASS_JOB, syncKey(stores[0]!, "products")],
    ]);

    // store 0: its passes ran (backfilled now), and its orders are paused
    for (const j of first) expect(await q.cancel(j.id, now)).toBe(true);
    await storage.sync.saveCursor(stores[0]!, "products", { backfilledAt: now, lastPassAt: now, lastSweepAt: now });
    await storage.sync.saveCursor(stores[0]!, "orders", { backfilledAt: now, lastPassAt: now, paused: true });
    expect(await tick()).toBe(0); // products not due yet; orders paused; every other store's passes still queued

    now = new Date(now.getTime() + products.intervalSeconds * 1000);
    expect(await tick()).toBe(1);
    const next = await queuedFor(stores[0]!);
    expect(next.map((j) => [j.kind, j.key])).toEqual([[SYNC_PASS_JOB, syncKey(stores[0]!, "products")]]);

    // the sweep's interval over: a sweep rather than a pass, once the queued pass is gone
    now = new Date(now.getTime() + products.sweepIntervalSeconds * 1000);
    expect(await tick()).toBe(0);
    expect(await q.cancel(next[0]!.id, now)).toBe(true);
    expect(await tick()).toBe(1);
    expect((await queuedFor(stores[0]!)).map((j) => j.kind)).toEqual([SYNC_SWEEP_JOB]);
  });
});
