/**
 * One runner at a time per (store, entity) (packages/sync/src/sync/runner-lock.ts): `npm run sync` runs passes in its own
 * process, outside the job queue, so it and a worker's job of the same entity must never read and write the same
 * mirror at once. Here the command's pass is held in the middle of its backfill; the worker's job and a second
 * command's pass of the same entity make no store request until it is done, then run after it (and find nothing
 * left to do), and every record is delivered exactly once. A runner killed with kill -9 on this host is taken
 * over at once; one elsewhere, once its lock runs out.
 */
import { spawnSync } from "node:child_process";
import { hostname } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { PROVIDERS } from "../helpers/databases";
import { startSyncHarness, type SyncHarness } from "../helpers/sync-harness";
import { LOCK_SECONDS } from "@magento-integration/sync";

const until = async (what: string, ok: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 600; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never happened: ${what}`);
};

describe.each(PROVIDERS)("sync runner lock on %s", (provider) => {
  let s: SyncHarness | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  it("a worker's job and a second command wait for the command's pass of the same entity; nothing interleaves", async () => {
    s = await startSyncHarness(provider, 700);
    const id = s.installationId;
    const total = (await s.storeListing("products")).size;
    const gate = s.holdNextList();
    const first = s.h.kit.sync.runPass(id, "products");
    await gate.held; // the command's backfill holds the entity, its first page request in flight
    const [jobId] = (await s.h.kit.sync.syncNow(id, null, { entity: "products" }))!;
    const waits: string[] = [];
    let secondDone = false;
    const second = s.h.kit.sync
      .runPass(id, "products", undefined, (why) => waits.push(why))
      .finally(() => {
        secondDone = true;
      });
    await until("the second command waits, or runs", () => waits.length > 0 || secondDone);
    expect(waits[0]).toMatch(/being synced by another runner/);
    // the worker tried its job meanwhile and gave it back: still no store request but the held one
    await until("the worker tried the job and gave it back", async () => {
      const job = await s!.h.kit.jobs.queue.get(jobId!);
      // given back (not failed: no attempt counted) to start a few seconds on
      return (
        job?.state === "created" && job.retryCount === 0 && job.startAfter.getTime() > job.createdAt.getTime() + 1000
      );
    });
    expect(s.listRequests()).toBe(1);

    gate.release();
    const a = await first;
    expect(a.rows).toBe(total);
    expect(a.changes).toBe(total);
    const b = await second;
    expect(b).toMatchObject({ requests: 1, changes: 0 }); // rows read again in the overlap margin are unchanged
    await until("the job completed", async () => (await s!.h.kit.jobs.queue.get(jobId!))?.state === "completed");
    expect((await s.h.kit.jobs.queue.get(jobId!))?.output).toMatchObject({ changes: 0 });
    // each record delivered exactly once, and the mirror is the store's
    const ids = s.delivered.filter((c) => c.entity === "products").map((c) => c.identity);
    expect(ids.length).toBe(total);
    expect(new Set(ids).size).toBe(total);
    expect(await s.mirror("products")).toEqual(await s.storeListing("products"));
    // the lock is free again
    expect(await s.h.kit.storage.sync.cursor(id, "products")).toMatchObject({ lockedBy: null, lockedUntil: null });
  }, 120_000);

  it("a lock left by a killed runner on this host is taken at once; one held elsewhere once it runs out", async () => {
    s = await startSyncHarness(provider, 50);
    const id = s.installationId;
    const sync = s.h.kit.storage.sync;
    const now = s.h.clock.now();
    // a process of this host that is gone (kill -9 leaves its lock behind)
    const gone = spawnSync(process.execPath, ["-e", ""]).pid!;
    const far = new Date(now.getTime() + 3_600_000);
    expect((await sync.takeLock(id, "products", `${hostname()}:${gone}:dead`, far, now, null)).taken).toBe(true);
    expect((await s.h.kit.sync.runPass(id, "products")).changes).toBe(50);

    // held by a runner on another host: a job gives it back, the command waits until the lock runs out
    const soon = new Date(now.getTime() + LOCK_SECONDS * 1000);
    const requestsBefore = s.listRequests();
    expect((await sync.takeLock(id, "products", "other-host.test:1:x", soon, now, null)).taken).toBe(true);
    const waits: string[] = [];
    const pass = s.h.kit.sync.runPass(id, "products", undefined, (w) => waits.push(w));
    await until("the command waits", () => waits.length > 0);
    expect(s.listRequests()).toBe(requestsBefore);
    s.h.clock.advance(LOCK_SECONDS * 1000 + 1000); // the other host's runner stopped renewing it
    expect(await pass).toMatchObject({ requests: 1, changes: 0 });
  }, 120_000);
});
