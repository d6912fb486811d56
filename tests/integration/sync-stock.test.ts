/**
 * Source items on both kinds of store (packages/sync/src/sync/entities/source-items.ts, docs/sync.md "Stock"): a store with MSI
 * is read as its source items (identity source + SKU, paged by SKU without splitting one SKU's sources), a store without MSI as
 * its legacy stock items; the choice is made once, kept on the cursor and made again on Resync. On both, after a
 * sweep the mirror equals the store's own listing, a quantity changed without updated_at moving included, and a
 * source item deleted in the store is delivered as a delete.
 */
import { afterEach, describe, expect, it } from "vitest";
import { PROVIDERS } from "../helpers/databases";
import { startSyncHarness, type SyncHarness } from "../helpers/sync-harness";

const PRODUCTS = 200;
/** One SKU stocked on this many sources: more than a page (300), so the sweep reads it whole by page number. */
const MANY_SOURCES = 301;

describe.each(PROVIDERS)("source-items sync on %s", (provider) => {
  let s: SyncHarness | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  const cursorOf = async (id: string) =>
    (await s!.h.kit.sync.status(id, null))?.find((x) => x.entity === "source-items")?.cursor ?? null;

  /** A REST call as the store's admin. */
  async function rest(method: string, path: string): Promise<Response> {
    const token = await s!.h.admin<string>("POST", "/rest/V1/integration/admin/token", {
      username: "admin",
      password: "admin123",
    });
    return fetch(`${s!.h.store.url}/rest${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  }

  /** The store's source items sorted as the sweep asks (sku, then source_code), offset-paged on a quiet store. */
  async function storeSkus(page: number): Promise<string[]> {
    const q =
      `searchCriteria[pageSize]=300&searchCriteria[currentPage]=${page}` +
      `&searchCriteria[sortOrders][0][field]=sku&searchCriteria[sortOrders][0][direction]=ASC` +
      `&searchCriteria[sortOrders][1][field]=source_code&searchCriteria[sortOrders][1][direction]=ASC`;
    const res = await rest("GET", `/V1/inventory/source-items?${q}`);
    return ((await res.json()) as { items: Array<{ sku: string }> }).items.map((i) => i.sku);
  }

  it("with MSI: source items by source + SKU, pages never split a SKU's sources, deletes and silent changes found", async () => {
    s = await startSyncHarness(provider, PRODUCTS);
    const id = s.installationId;
    const skus = [...(await s.storeListing("products")).values()].map((p) => String(p.sku));
    // every SKU also on "east"; every seventh on "west" too; one SKU on MANY_SOURCES more
    await s.sourceItems({
      save: [
        ...skus.map((sku, i) => ({ sku, source_code: "east", quantity: i, status: 1 as const })),
        ...skus
          .filter((_, i) => i % 7 === 0)
          .map((sku) => ({ sku, source_code: "west", quantity: 3, status: 1 as const })),
        ...Array.from({ length: MANY_SOURCES }, (_, i) => ({
          sku: skus[50]!,
          source_code: `s${String(i).padStart(3, "0")}`,
          quantity: i,
          status: 0 as const,
        })),
      ],
    });
    // the premise: the first page of 300 ends inside one SKU's sources
    const [first, second] = [await storeSkus(1), await storeSkus(2)];
    expect(first.at(-1)).toBe(second[0]);

    const sweep = await s.h.kit.sync.runSweep(id, "source-items");
    const listing = await s.storeListing("source-items");
    expect(listing.size).toBe(PRODUCTS * 2 + Math.ceil(PRODUCTS / 7) + MANY_SOURCES);
    expect(await s.mirror("source-items")).toEqual(listing);
    expect(sweep.changes).toBe(listing.size);
    expect((await cursorOf(id))?.readsFallback).toBe(false);
    // the mirror (and sync:dump) is in identity order: by source, then SKU
    const sources = [...(await s.mirror("source-items")).values()].map((r) => String(r.source_code));
    expect(sources).toEqual([...sources].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));

    // a source item deleted, one whose quantity changes (no updated_at anywhere), a product deleted with its sources
    const gone = { sku: skus[3]!, source_code: "east" };
    await s.sourceItems({ delete: [gone], save: [{ sku: skus[4]!, source_code: "east", quantity: 999, status: 0 }] });
    expect((await rest("DELETE", `/V1/products/${encodeURIComponent(skus[7]!)}`)).status).toBe(200);
    const before = s.delivered.length;
    await s.h.kit.sync.runSweep(id, "source-items");
    expect(await s.mirror("source-items")).toEqual(await s.storeListing("source-items"));
    const news = s.delivered.slice(before);
    expect(
      news
        .filter((c) => c.operation === "delete")
        .map((c) => c.identity)
        .sort(),
    ).toEqual(
      [
        JSON.stringify(["east", skus[3]]),
        JSON.stringify(["default", skus[7]]),
        JSON.stringify(["east", skus[7]]),
        JSON.stringify(["west", skus[7]]),
      ].sort(),
    );
    expect(news.find((c) => c.identity === JSON.stringify(["east", skus[4]]))?.data).toMatchObject({ quantity: 999 });

    // refreshRecord takes the identity as the mirror writes it, and filters on both fields
    await s.sourceItems({ save: [{ sku: skus[5]!, source_code: "east", quantity: 42, status: 1 }] });
    const refreshed = await s.h.kit.sync.refreshRecord({
      installationId: id,
      entity: "source-items",
      identity: JSON.stringify(["east", skus[5]]),
    });
    expect(refreshed.outcome).toBe("changed");
    expect((await s.mirror("source-items")).get(JSON.stringify(["east", skus[5]]))).toMatchObject({ quantity: 42 });
    await s.sourceItems({ delete: [{ sku: skus[5]!, source_code: "east" }] });
    expect(
      (
        await s.h.kit.sync.refreshRecord({
          installationId: id,
          entity: "source-items",
          identity: `["east", "${skus[5]}"]`,
        })
      ).outcome,
    ).toBe("deleted");
    await expect(
      s.h.kit.sync.refreshRecord({ installationId: id, entity: "source-items", identity: '["east"]' }),
    ).rejects.toThrow(/JSON array of 2 texts/);
    // a plain SKU (a stock event names no source) refreshes every source of that SKU
    await s.sourceItems({ save: [{ sku: skus[6]!, source_code: "east", quantity: 77, status: 1 }] });
    expect(
      (await s.h.kit.sync.refreshRecord({ installationId: id, entity: "source-items", identity: skus[6]! })).outcome,
    ).toBe("changed");
    expect((await s.mirror("source-items")).get(JSON.stringify(["east", skus[6]]))).toMatchObject({ quantity: 77 });

    // Resync from scratch forgets the choice (what kit.sync.resync does before it sends the jobs); the next run asks
    await s.h.storage.sync.reset(id, "source-items");
    expect((await cursorOf(id))?.readsFallback).toBeNull();
    await s.h.kit.sync.runSweep(id, "source-items");
    expect((await cursorOf(id))?.readsFallback).toBe(false);
    expect(await s.mirror("source-items")).toEqual(await s.storeListing("source-items"));
  }, 180_000);

  it("without MSI: legacy stock items by SKU, chosen once; silent stock saves and deletions found", async () => {
    s = await startSyncHarness(provider, PRODUCTS, { msi: false });
    const id = s.installationId;
    await s.h.kit.sync.runSweep(id, "source-items");
    expect((await cursorOf(id))?.readsFallback).toBe(true);
    const listing = await s.storeListing("source-items");
    expect(listing.size).toBe(PRODUCTS);
    expect([...listing.values()][0]).toHaveProperty("qty");
    expect(await s.mirror("source-items")).toEqual(listing);

    await s.moveStoreClock(10);
    const churn = (await s.churn({ seed: 11, deletes: 2, stockChanges: 6 })) as {
      deleted: Array<{ sku?: string }>;
      stockChanged: unknown[];
    };
    expect(churn.stockChanged.length).toBeGreaterThan(0);
    const requests = s.listRequests();
    const sweep = await s.h.kit.sync.runSweep(id, "source-items");
    // the choice is kept: no request but the sweep's own
    expect(s.listRequests() - requests).toBe(sweep.requests);
    expect(await s.mirror("source-items")).toEqual(await s.storeListing("source-items"));
    const deleted = s.delivered
      .filter((c) => c.entity === "source-items" && c.operation === "delete")
      .map((c) => c.identity);
    expect(deleted.sort()).toEqual(
      churn.deleted
        .filter((d) => d.sku)
        .map((d) => d.sku!)
        .sort(),
    );
  });
});
