/**
 * A page's per-render reads on SQLite run on a read-only connection of their own (packages/storage/src/sqlite-reader.ts): they do
 * not queue behind a transaction in flight on the kit's one connection (a sync pass writing its page), they see
 * only committed rows, and nothing can write through them.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Prisma } from "@magento-integration/storage/prisma";
import { freshDatabase, type TestDatabase } from "../../../tests/helpers/databases";

const HOUR = 3_600_000;

describe("SQLite page reads on a connection of their own", () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await freshDatabase("sqlite");
  });
  afterEach(async () => {
    await t.dispose();
  });

  async function linkedStoreWithSession() {
    const s = t.storage;
    const store = await s.stores.ensure("https://reader-store.test/");
    const inst = await s.installations.create({
      consumerKey: "r".repeat(32),
      storeId: store.id,
      consumerSecretEnc: "enc",
      state: "active",
      mode: "oauth",
    });
    const owner = await s.users.create("owner@example.test", "hash");
    const asker = await s.users.create("asker@example.test", "hash");
    await s.links.link(inst.id, owner.id);
    const now = new Date();
    await s.sessions.create({
      id: "reader-session-".padEnd(43, "x"),
      userId: owner.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + HOUR),
    });
    return { inst, owner, asker, sessionId: "reader-session-".padEnd(43, "x"), since: new Date(now.getTime() - HOUR) };
  }

  it("a store page's read answers while a write transaction is open, with the committed rows only", async () => {
    const { inst, asker, sessionId, since } = await linkedStoreWithSession();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let written!: () => void;
    const requestWritten = new Promise<void>((r) => (written = r));
    const transaction = t.storage.transaction(async (tx) => {
      await tx.links.fileRequest(inst.id, asker.id, "act", new Date());
      written();
      await held; // a long write in flight on the kit's connection
    });
    await requestWritten;
    const during = await Promise.race([
      t.storage.sessions.byIdWithStorePage(sessionId, inst.id, since),
      new Promise<"waited">((r) => setTimeout(() => r("waited"), 3_000)),
    ]);
    release();
    await transaction;
    expect(during).not.toBe("waited");
    expect(during).toMatchObject({ installation: { id: inst.id }, pendingRequests: [] }); // not committed yet
    const after = await t.storage.sessions.byIdWithStorePage(sessionId, inst.id, since);
    expect(after?.pendingRequests.map((r) => r.email)).toEqual(["asker@example.test"]);
  });

  it("inside a transaction the read sees that transaction's own writes", async () => {
    const { inst, asker, sessionId, since } = await linkedStoreWithSession();
    const inside = await t.storage.transaction(async (tx) => {
      await tx.links.fileRequest(inst.id, asker.id, "act", new Date());
      return tx.sessions.byIdWithStorePage(sessionId, inst.id, since);
    });
    expect(inside?.pendingRequests.map((r) => r.email)).toEqual(["asker@example.test"]);
  });

  it("rows come back as Prisma's own reads return them (dates, numbers, nulls)", async () => {
    const { inst, owner, sessionId, since } = await linkedStoreWithSession();
    const page = await t.storage.sessions.byIdWithStorePage(sessionId, inst.id, since);
    expect(page?.installation).toEqual(await t.storage.installations.forUser(inst.id, owner.id));
    expect(page?.expiresAt).toBeInstanceOf(Date);
    expect(await t.storage.sessions.byId(sessionId)).toEqual({
      id: page?.id,
      userId: page?.userId,
      createdAt: page?.createdAt,
      expiresAt: page?.expiresAt,
      revokedAt: page?.revokedAt,
      lastSeenAt: page?.lastSeenAt,
    });
  });

  it("nothing can be written through the read connection", async () => {
    await linkedStoreWithSession();
    await expect(t.database.readRows(Prisma.sql`DELETE FROM "User"`)).rejects.toThrow(/readonly|read-only|query_only/i);
    expect(await t.database.prisma.user.count()).toBe(2);
  });
});
