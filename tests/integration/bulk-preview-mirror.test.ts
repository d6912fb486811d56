/**
 * The bulk edit preview against the sync mirror, on both databases: before the first products pass nothing is
 * compared; after it, SKUs the store does not have are flagged and each row shows what it changes, old → new
 * (a value equal to the store's, "34" against 34.00, is no change).
 */
import { afterEach, describe, expect, it } from "vitest";
import { startSyncHarness, type SyncHarness } from "../helpers/sync-harness";
import { PROVIDERS } from "../helpers/databases";
import { readEditFile } from "@magento-integration/sync/bulk";

describe.each(PROVIDERS)("bulk preview against the mirror on %s", (provider) => {
  let s: SyncHarness;
  afterEach(async () => {
    await s?.close();
  });

  it("flags unknown SKUs and shows old → new once the products are mirrored", async () => {
    s = await startSyncHarness(provider, 50);
    const id = s.installationId;
    const listing = await s.storeListing("products");
    const [a, b] = [...listing.values()] as Array<{ sku: string; price: number; status: number }>;
    const rows = readEditFile(
      [
        "sku,price,status",
        `${a!.sku},${a!.price + 5},${a!.status}`,
        `${b!.sku},${b!.price},`,
        "NO-SUCH-SKU,12,1",
        "BAD-ROW,abc,1",
      ].join("\n"),
    );
    expect(await s.h.kit.bulk.preview(id, null, rows)).toEqual({
      mirrored: false,
      unknown: [],
      changes: [],
      unchanged: 0,
    });
    await s.h.kit.sync.runPass(id, "products");
    const preview = await s.h.kit.bulk.preview(id, null, rows);
    expect(preview).toEqual({
      mirrored: true,
      unknown: [{ row: 3, sku: "NO-SUCH-SKU" }],
      changes: [
        { row: 1, sku: a!.sku, changes: [{ field: "price", from: String(a!.price), to: String(a!.price + 5) }] },
      ],
      unchanged: 1,
    });
    // another user's store is not previewed
    const stranger = await s.h.storage.users.create("stranger@example.com", "x");
    expect(await s.h.kit.bulk.preview(id, stranger.id, rows)).toBeNull();
  });
});
