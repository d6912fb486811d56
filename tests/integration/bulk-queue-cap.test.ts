/**
 * How many bulk edits one user can have queued or running: MAX_OPEN_BULKS_PER_USER across all the user's stores,
 * refused past it with a message saying what to do and nothing written; a finished one frees its place; the
 * command line (no user) is not counted; concurrent uploads of one user never pass the cap together. And one store
 * from all its users together: MAX_OPEN_BULKS_PER_INSTALLATION (the per-user cap alone let a store with many linked
 * accounts queue 3 per account without end).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readEditFile } from "@magento-integration/sync/bulk";
import { MAX_OPEN_BULKS_PER_INSTALLATION, MAX_OPEN_BULKS_PER_USER } from "@/lib/verbs/bulk";
import { BulkQueueFullError, type Storage } from "@magento-integration/storage";
import type { Kit } from "@/lib/kit";
import { PROVIDERS, freshDatabase, type TestDatabase } from "../helpers/databases";
import { testKit } from "../helpers/test-kit";

/** An active installation on `host`, linked to `userId`. */
async function store(s: Storage, host: string, userId: string) {
  const st = await s.stores.ensure(`http://${host}/`);
  const inst = await s.installations.create({
    consumerKey: host.replace(/\W/g, "").padEnd(32, "k").slice(0, 32),
    storeId: st.id,
    state: "active",
    mode: "oauth",
    consumerSecretEnc: "sealed",
    accessTokenEnc: "sealed",
    accessTokenSecretEnc: "sealed",
  });
  await s.links.link(inst.id, userId);
  return inst;
}

const ROWS = readEditFile("sku,price\n24-MB01,10\n24-MB02,11\n");

describe.each(PROVIDERS)("the per-user cap on queued bulk edits on %s", (provider) => {
  let db: TestDatabase;
  let kit: Kit;
  beforeEach(async () => {
    db = await freshDatabase(provider);
    kit = await testKit(db);
  });
  afterEach(async () => {
    await kit?.close();
    await db?.dispose();
  });

  it("past the cap a new upload is refused with what to do, nothing written; a finished one frees its place", async () => {
    const s = db.storage;
    const user = await s.users.create("merchant@example.test", "x");
    const other = await s.users.create("colleague@example.test", "x");
    const a = await store(s, "shop-a.test", user.id);
    const b = await store(s, "shop-b.test", user.id);
    await s.links.link(b.id, other.id);

    const started: string[] = [];
    for (let i = 0; i < MAX_OPEN_BULKS_PER_USER; i++) {
      const r = await kit.bulk.start(i % 2 ? b.id : a.id, user.id, ROWS);
      expect(r.ok).toBe(true);
      if (r.ok) started.push(r.submissionId);
    }
    const refused = await kit.bulk.start(b.id, user.id, ROWS);
    expect(refused).toEqual({
      ok: false,
      error: `You already have ${MAX_OPEN_BULKS_PER_USER} bulk edits queued or running (at most ${MAX_OPEN_BULKS_PER_USER} at once, across your stores): send this file once one of them is done. Nothing was submitted.`,
    });
    const listed = async () =>
      (await s.bulks.listForInstallation(a.id, 50)).length + (await s.bulks.listForInstallation(b.id, 50)).length;
    expect(await listed()).toBe(MAX_OPEN_BULKS_PER_USER);

    // another user of the same store, and the command line, have their own room
    expect((await kit.bulk.start(b.id, other.id, ROWS)).ok).toBe(true);
    expect((await kit.bulk.start(b.id, null, ROWS)).ok).toBe(true);

    // a stalled one still holds its place; a done (or failed) one gives it back
    await s.bulks.update(started[0]!, { state: "stalled" });
    expect((await kit.bulk.start(a.id, user.id, ROWS)).ok).toBe(false);
    await s.bulks.update(started[0]!, { state: "done", finishedAt: new Date() });
    expect((await kit.bulk.start(a.id, user.id, ROWS)).ok).toBe(true);
    expect((await kit.bulk.start(a.id, user.id, ROWS)).ok).toBe(false);
  });

  it("twelve uploads of one user at once: exactly the cap is recorded, the others are refused", async () => {
    const s = db.storage;
    const user = await s.users.create("hasty@example.test", "x");
    const inst = await store(s, "shop-c.test", user.id);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        s.bulks.create(
          {
            installationId: inst.id,
            requestedBy: user.id,
            kind: "product-edit",
            operationId: "putProductsBySku",
            chunkSize: 2,
          },
          [{ row: 1, ref: `SKU-${i}`, body: "{}", status: "pending" as const }],
          { maxOpenPerRequester: MAX_OPEN_BULKS_PER_USER },
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_OPEN_BULKS_PER_USER);
    const reasons = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(reasons.every((e) => e instanceof BulkQueueFullError)).toBe(true);
    expect(await s.bulks.listForInstallation(inst.id, 50)).toHaveLength(MAX_OPEN_BULKS_PER_USER);
  });

  it("past the store's cap, from all its users together, an upload is refused with what to do; a finished one frees its place", async () => {
    const s = db.storage;
    const owner = await s.users.create("owner@example.test", "x");
    const inst = await store(s, "shop-d.test", owner.id);
    const elsewhere = await store(s, "shop-e.test", owner.id);
    // the store filled by its users, each within his own cap (a new colleague whenever one is at his)
    const started: string[] = [];
    let filling = owner;
    for (let i = 0; started.length < MAX_OPEN_BULKS_PER_INSTALLATION; i++) {
      if (i > 0 && i % MAX_OPEN_BULKS_PER_USER === 0) {
        filling = await s.users.create(`staff${i}@example.test`, "x");
        await s.links.link(inst.id, filling.id);
      }
      const r = await kit.bulk.start(inst.id, filling.id, ROWS);
      expect(r.ok).toBe(true);
      if (r.ok) started.push(r.submissionId);
    }
    // a colleague with all his own places free is refused: the store has none left
    const fresh = await s.users.create("newcomer@example.test", "x");
    await s.links.link(inst.id, fresh.id);
    await s.links.link(elsewhere.id, fresh.id);
    const refused = await kit.bulk.start(inst.id, fresh.id, ROWS);
    expect(refused).toEqual({
      ok: false,
      error: `This store already has ${MAX_OPEN_BULKS_PER_INSTALLATION} bulk edits queued or running (at most ${MAX_OPEN_BULKS_PER_INSTALLATION} at once, from all its users): send this file once one of them is done (Recent bulk edits lists them). Nothing was submitted.`,
    });
    expect(await s.bulks.listForInstallation(inst.id, 50)).toHaveLength(MAX_OPEN_BULKS_PER_INSTALLATION);
    // the same user on another store, and the command line on this one, are not refused
    expect((await kit.bulk.start(elsewhere.id, fresh.id, ROWS)).ok).toBe(true);
    expect((await kit.bulk.start(inst.id, null, ROWS)).ok).toBe(true);
    // the command line's one counts: finishing one of the users' still leaves the store full
    await s.bulks.update(started[0]!, { state: "done", finishedAt: new Date() });
    expect((await kit.bulk.start(inst.id, fresh.id, ROWS)).ok).toBe(false);
    await s.bulks.update(started[1]!, { state: "failed", finishedAt: new Date() });
    expect((await kit.bulk.start(inst.id, fresh.id, ROWS)).ok).toBe(true);
  });

  it("uploads of many users of one store at once: exactly the store's cap is recorded, the others are refused", async () => {
    const s = db.storage;
    const owner = await s.users.create("busy-owner@example.test", "x");
    const inst = await store(s, "shop-f.test", owner.id);
    const users = [owner];
    for (let i = 0; i < 11; i++) {
      const u = await s.users.create(`crowd${i}@example.test`, "x");
      await s.links.link(inst.id, u.id);
      users.push(u);
    }
    const results = await Promise.allSettled(
      users.map((u, i) =>
        s.bulks.create(
          {
            installationId: inst.id,
            requestedBy: u.id,
            kind: "product-edit",
            operationId: "putProductsBySku",
            chunkSize: 2,
          },
          [{ row: 1, ref: `SKU-${i}`, body: "{}", status: "pending" as const }],
          { maxOpenPerRequester: MAX_OPEN_BULKS_PER_USER, maxOpenPerInstallation: MAX_OPEN_BULKS_PER_INSTALLATION },
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_OPEN_BULKS_PER_INSTALLATION);
    const reasons = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(reasons.every((e) => e instanceof BulkQueueFullError && e.of === "installation")).toBe(true);
    expect(await s.bulks.listForInstallation(inst.id, 50)).toHaveLength(MAX_OPEN_BULKS_PER_INSTALLATION);
  });
});
