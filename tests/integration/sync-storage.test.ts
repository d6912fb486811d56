/**
 * The sync's storage writes a page in one statement per table, its rows in one JSON parameter
 * (packages/storage/src/storage/prisma/json-rows.ts). What it writes must read back through Prisma exactly as Prisma's own writes
 * would, on both databases: timestamps to the millisecond (no time-zone shift), booleans, nulls, numbers, and text
 * the JSON travel could mangle (quotes, backslashes, non-ASCII, identities that look like numbers).
 */
import { afterEach, describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS, type TestDatabase } from "../helpers/databases";
import type { NewChange } from "@magento-integration/storage";

const change = (identity: string, over: Partial<NewChange> = {}): NewChange => ({
  identity,
  sortKey: Buffer.from(identity).toString("hex"),
  operation: "upsert",
  version: "2026-11-27 01:02:03",
  sequence: 1,
  fingerprint: `fp-${identity}`,
  data: { sku: identity, name: `Name "${identity}" \\ ü 日本`, price: 12.5, qty: 0, tags: null },
  existed: false,
  ...over,
});

describe.each(PROVIDERS)("sync storage on %s", (provider) => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.dispose();
    db = undefined;
  });

  it("a page written in one statement reads back field for field, and a rewrite supersedes the waiting change", async () => {
    db = await freshDatabase(provider);
    const sync = db.storage.sync;
    const at = new Date("2026-11-27T01:02:03.456Z");
    const identities = [
      "007",
      "a'b",
      'q"uote',
      "back\\slash",
      "ünï",
      ...Array.from({ length: 400 }, (_, i) => `p${i}`),
    ];
    await db.storage.transaction((tx) =>
      tx.sync.writeChanges(
        "inst",
        "products",
        identities.map((i) => change(i)),
        at,
        "pending",
      ),
    );
    const states = await sync.mirrorStates("inst", "products", identities);
    expect(states.size).toBe(identities.length);
    expect(states.get("a'b")).toEqual({
      identity: "a'b",
      version: "2026-11-27 01:02:03",
      fingerprint: "fp-a'b",
      sequence: 1,
      deleted: false,
    });
    expect(await sync.record("inst", "products", 'q"uote')).toEqual({
      identity: 'q"uote',
      version: "2026-11-27 01:02:03",
      sequence: 1,
      data: change('q"uote').data,
    });
    // seenAt to the millisecond: seen "before at + 1 ms" but not "before at"
    expect(await sync.unseenSince("inst", "products", at, 1000)).toEqual([]);
    expect((await sync.unseenSince("inst", "products", new Date(at.getTime() + 1), 1000)).length).toBe(
      identities.length,
    );
    const due = await sync.due("inst", "products", at, 1000);
    expect(due.length).toBe(identities.length);
    expect(due.find((c) => c.identity === "ünï")).toMatchObject({
      operation: "upsert",
      state: "pending",
      attempts: 0,
      nextAttemptAt: at,
      createdAt: at,
      deliveredAt: null,
      data: change("ünï").data,
    });
    expect(await sync.due("inst", "products", new Date(at.getTime() - 1), 1000)).toEqual([]);

    // the record changes again (an update) and another is deleted: the waiting changes are superseded
    const later = new Date(at.getTime() + 60_000);
    await db.storage.transaction((tx) =>
      tx.sync.writeChanges(
        "inst",
        "products",
        [
          change("007", { existed: true, sequence: 2, version: "2026-11-27 01:03:00", data: { sku: "007", price: 1 } }),
          change("a'b", { existed: true, sequence: 2, operation: "delete", sortKey: "", data: null, fingerprint: "" }),
        ],
        later,
        "delivered",
      ),
    );
    expect(await sync.record("inst", "products", "a'b")).toBeNull();
    expect(await sync.record("inst", "products", "007")).toMatchObject({ sequence: 2, data: { sku: "007", price: 1 } });
    expect((await sync.mirrorStates("inst", "products", ["a'b"])).get("a'b")?.deleted).toBe(true);
    const open = await sync.due("inst", "products", later, 1000);
    expect(open.map((c) => c.identity)).not.toContain("007");
    expect(open.map((c) => c.identity)).not.toContain("a'b");
    expect(open.length).toBe(identities.length - 2);
    // written delivered: nothing waits for them, and the chart counts them as delivered at `later`
    const recent = await sync.changesSince("inst", later, 10);
    expect(recent).toEqual([
      { entity: "products", state: "delivered", createdAt: later },
      { entity: "products", state: "delivered", createdAt: later },
    ]);
    // the deleted record's sort key stayed (a delete carries none)
    const dump = await sync.records("inst", "products", null, 1000);
    expect(dump.find((r) => r.identity === "007")?.sortKey).toBe(Buffer.from("007").toString("hex"));
  });

  it("Resync from scratch starts the cursor over but leaves a running pass its lock", async () => {
    db = await freshDatabase(provider);
    const sync = db.storage.sync;
    const now = new Date("2026-11-27T02:00:00.000Z");
    const until = new Date(now.getTime() + 60_000);
    await sync.saveCursor("inst", "orders", {
      markVersion: "2026-11-27 01:00:00",
      markKey: "42",
      backfilledAt: now,
      backfillDone: 10,
      backfillTotal: 10,
      lastPassAt: now,
      paused: true,
      errorCode: "rate_limited",
      error: "429",
      errorAt: now,
    });
    expect((await sync.takeLock("inst", "orders", "runner-a", until, now, null)).taken).toBe(true);
    await db.storage.transaction((tx) => tx.sync.writeChanges("inst", "orders", [change("1")], now, "delivered"));
    await sync.reset("inst", "orders");
    expect(await sync.cursor("inst", "orders")).toMatchObject({
      markVersion: null,
      markKey: null,
      backfilledAt: null,
      backfillDone: 0,
      backfillTotal: null,
      lastPassAt: null,
      paused: false,
      errorCode: null,
      error: null,
      lockedBy: "runner-a",
      lockedUntil: until,
    });
    // the mirror forgets versions (a store clock set back is accepted again), keeps fingerprints
    expect((await sync.mirrorStates("inst", "orders", ["1"])).get("1")).toMatchObject({
      version: "",
      fingerprint: "fp-1",
    });
    // another runner still cannot take it
    expect(await sync.takeLock("inst", "orders", "runner-b", until, now, null)).toEqual({
      taken: false,
      holder: "runner-a",
      until,
    });
  });
});
