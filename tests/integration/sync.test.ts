/**
 * Delta sync against the dev store (packages/sync/src/sync, docs/sync.md): backfill, delta passes, the sweep's finds (stock,
 * mass updates, deletions), delivery with retries and the dead letter, refreshRecord, and bad store answers.
 */
import { afterEach, describe, expect, it } from "vitest";
import { PROVIDERS } from "../helpers/databases";
import { startSyncHarness, type SyncHarness } from "../helpers/sync-harness";
import { MAX_ATTEMPTS, syncErrorView } from "@magento-integration/sync";
import { removeInstallationFor } from "@magento-integration/handshake";

describe.each(PROVIDERS)("delta sync on %s", (provider) => {
  let s: SyncHarness | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  it("backfills every entity, then an idle pass costs one request and delivers nothing", async () => {
    s = await startSyncHarness(provider);
    const id = s.installationId;
    for (const e of ["products", "customers", "orders"]) {
      const first = await s.h.kit.sync.runPass(id, e);
      expect(first.changes).toBe((await s.storeListing(e)).size);
      expect(await s.mirror(e)).toEqual(await s.storeListing(e));
      const idle = await s.h.kit.sync.runPass(id, e);
      expect(idle).toMatchObject({ requests: 1, changes: 0, delivered: 0 });
    }
    await s.h.kit.sync.runSweep(id, "stock");
    expect(await s.mirror("stock")).toEqual(await s.storeListing("stock"));
    const status = await s.h.kit.sync.status(id, null);
    expect(status?.find((x) => x.entity === "orders")?.cursor?.backfilledAt).toBeInstanceOf(Date);
  });

  it("a slice told to give way (a handshake in its worker) stops before its next page; the next goes on", async () => {
    s = await startSyncHarness(provider);
    const id = s.installationId;
    const far = new Date(Date.now() + 3_600_000);
    const held = await s.h.kit.sync.runPass(id, "orders", { until: far, yieldNow: () => true });
    expect(held).toMatchObject({ state: "more", requests: 0, changes: 0 });
    expect((await s.mirror("orders")).size).toBe(0);
    const sweep = await s.h.kit.sync.runSweep(id, "stock", { until: far, yieldNow: () => true });
    expect(sweep).toMatchObject({ state: "more", requests: 0 });
    const resumed = await s.h.kit.sync.runPass(id, "orders", { until: far, yieldNow: () => false });
    expect(resumed.state).toBe("done");
    expect(await s.mirror("orders")).toEqual(await s.storeListing("orders"));
  });

  it("a pass finds REST writes; only the sweep finds stock saves, mass updates and deletions", async () => {
    s = await startSyncHarness(provider);
    const id = s.installationId;
    for (const e of ["products", "customers", "orders"]) await s.h.kit.sync.runPass(id, e);
    await s.h.kit.sync.runSweep(id, "stock");
    await s.moveStoreClock(10);
    const churn = (await s.churn({ seed: 7, creates: 4, updates: 6, deletes: 3, massUpdates: 3, stockChanges: 5 })) as {
      massUpdated: Array<{ sku: string; value: number }>;
      deleted: unknown[];
    };
    expect(churn.deleted.length).toBeGreaterThan(0);
    for (const e of ["products", "customers", "orders"]) await s.h.kit.sync.runPass(id, e);
    const before = await s.mirror("products");
    const massUpdated = churn.massUpdated[0]!;
    // the pass cannot see the mass update: updated_at did not move
    expect(before.get(massUpdated.sku)?.price).not.toBe(massUpdated.value);
    for (const e of ["products", "customers", "orders", "stock"]) {
      await s.h.kit.sync.runSweep(id, e);
      expect(await s.mirror(e)).toEqual(await s.storeListing(e));
    }
    const deletes = s.delivered.filter((c) => c.operation === "delete");
    expect(deletes.length).toBeGreaterThanOrEqual(churn.deleted.length);
  });

  it("the Sync page's JSON view says what the page says: states, counts, advice words, no runner identity", async () => {
    s = await startSyncHarness(provider);
    const id = s.installationId;
    await s.h.kit.sync.runPass(id, "orders");
    await s.h.kit.sync.pause(id, null, "customers");
    await s.h.kit.storage.sync.saveCursor(id, "products", {
      errorCode: "rate_limited",
      error: "the store answered 429",
      errorAt: s.h.clock.now(),
    });
    const view = (await s.h.kit.sync.view(id, null))!;
    const by = new Map(view.entities.map((e) => [e.entity, e]));
    expect(by.get("orders")).toMatchObject({
      state: "in sync",
      paused: false,
      running: false,
      mirrored: (await s.storeListing("orders")).size,
      error: null,
    });
    expect(by.get("orders")?.backfill.finishedAt).toBeInstanceOf(Date);
    expect(by.get("customers")).toMatchObject({ state: "paused", paused: true });
    const advice = syncErrorView("rate_limited", "the store answered 429")!;
    expect(by.get("products")).toMatchObject({
      state: "failing",
      error: { code: "rate_limited", title: advice.title, fix: advice.fix, message: "the store answered 429" },
    });
    expect(view.lastDay).toHaveLength(24);
    expect(view.lastDay.reduce((n, h) => n + h.delivered, 0)).toBe((await s.storeListing("orders")).size);
    expect(JSON.stringify(view)).not.toContain("lockedBy");
    // another user's store: nothing
    expect(await s.h.kit.sync.view(id, "someone-else")).toBeNull();
  });

  it("a handler that throws gets the change again later; one that keeps throwing parks it, and Retry delivers it", async () => {
    s = await startSyncHarness(provider);
    const id = s.installationId;
    await s.h.kit.sync.runPass(id, "orders");
    const baseline = s.delivered.length;
    await s.moveStoreClock(10);
    await s.churn({ seed: 3, updates: 1 });
    s.failHandler(MAX_ATTEMPTS * 2);
    let pass = await s.h.kit.sync.runPass(id, "orders");
    for (let i = 0; i < MAX_ATTEMPTS && pass.parked === 0; i++) {
      s.h.clock.advance(2 * 60 * 60_000);
      pass = await s.h.kit.sync.runPass(id, "orders");
    }
    const parked = (await s.h.kit.sync.parked(id, null)) ?? [];
    const updatedOrders = parked.filter((c) => c.entity === "orders");
    expect(updatedOrders.length).toBeGreaterThan(0);
    expect(updatedOrders[0]!.error).toMatch(/service is down/);
    s.failHandler(0);
    expect(await s.h.kit.sync.retryParked(id, null, updatedOrders[0]!.id)).toBe(true);
    await s.h.kit.sync.runPass(id, "orders");
    expect(s.delivered.slice(baseline).some((c) => c.changeId === updatedOrders[0]!.id)).toBe(true);
  });

  it("refreshRecord reads one record through the sync path and never moves it backwards", async () => {
    s = await startSyncHarness(provider);
    const id = s.installationId;
    await s.h.kit.sync.runPass(id, "orders");
    await s.moveStoreClock(10);
    const churn = (await s.churn({ seed: 11, updates: 12 })) as {
      updated: Array<{ entity: string; id: number; value: unknown }>;
    };
    const order = churn.updated.find((u) => u.entity === "orders");
    if (!order) throw new Error("churn made no order update");
    const r = await s.h.kit.sync.refreshRecord({ installationId: id, entity: "orders", identity: String(order.id) });
    expect(r.outcome).toBe("changed");
    const mirrored = await s.mirror("orders");
    expect(mirrored.get(String(order.id))?.status).toBe((await s.storeListing("orders")).get(String(order.id))?.status);
    expect(s.delivered.at(-1)).toMatchObject({ entity: "orders", identity: String(order.id), operation: "upsert" });
    const again = await s.h.kit.sync.refreshRecord({
      installationId: id,
      entity: "orders",
      identity: String(order.id),
    });
    expect(again.outcome).toBe("unchanged");
  });

  it("old delivered changes are pruned; removing the store deletes its cursors, mirror and outbox", async () => {
    s = await startSyncHarness(provider);
    const id = s.installationId;
    await s.h.kit.sync.runPass(id, "customers");
    const storage = s.h.storage;
    const mirrored = await storage.sync.count(id, "customers");
    expect(mirrored).toBeGreaterThan(0);
    expect(await storage.sync.prune(new Date(Date.now() - 60_000))).toBe(0); // nothing that old yet
    expect(await storage.sync.prune(new Date(Date.now() + 60_000))).toBe(mirrored);
    const user = await storage.users.create("owner@example.com", "x");
    await storage.links.link(id, user.id);
    expect(await removeInstallationFor(storage, id, user.id)).toBe(true);
    expect(await storage.sync.count(id, "customers")).toBe(0);
    expect(await storage.sync.cursors(id)).toEqual([]);
  });
});
