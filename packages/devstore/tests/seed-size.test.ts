/**
 * `--products N` (createStoreData({ products })): exact size, the same data on every run, the base seed unchanged
 * at every size, and list pages that stay consistent across a large catalogue (sorted once, sliced per page) and
 * see writes made between pages.
 */
import { describe, expect, it } from "vitest";
import { createStoreData, DEFAULT_PRODUCT_COUNT } from "../src/data/index";
import { seedProducts } from "../src/data/seed-catalog";
import { ADMIN, criteria, harness } from "../../../tests/helpers/devstore-rest-harness";

const fingerprint = (data: ReturnType<typeof createStoreData>) => JSON.stringify([...data.productsById.values()]);

describe("catalogue size", () => {
  it("defaults to the base seed", () => {
    const data = createStoreData();
    expect(DEFAULT_PRODUCT_COUNT).toBe(seedProducts().length);
    expect(data.productsById.size).toBe(DEFAULT_PRODUCT_COUNT);
  });

  it("holds exactly N products, deterministically, with unique SKUs and ids 1..N", () => {
    const a = createStoreData({ products: 12_345 });
    const b = createStoreData({ products: 12_345 });
    expect(a.productsById.size).toBe(12_345);
    expect(fingerprint(a)).toBe(fingerprint(b));
    const skus = new Set([...a.productsById.values()].map((p) => p.sku.toLowerCase()));
    expect(skus.size).toBe(12_345);
    expect([...a.productsById.keys()].sort((x, y) => x - y).at(-1)).toBe(12_345);
    // every product is findable by SKU
    for (const p of [...a.productsById.values()].slice(-50)) expect(a.product(p.sku)).toBe(p);
  });

  it("keeps the base seed as the first products at every size, and the orders do not change", () => {
    const base = createStoreData();
    const big = createStoreData({ products: 5_000 });
    const small = createStoreData({ products: 100 });
    const first = (d: typeof base, n: number) => JSON.stringify([...d.productsById.values()].slice(0, n));
    expect(first(big, DEFAULT_PRODUCT_COUNT)).toBe(first(base, DEFAULT_PRODUCT_COUNT));
    expect(first(small, 100)).toBe(first(base, 100));
    expect(small.productsById.size).toBe(100);
    expect(JSON.stringify([...big.orders.values()])).toBe(JSON.stringify([...base.orders.values()]));
  });

  it("refuses a size that is not a whole number from 1 to 1,000,000", () => {
    for (const n of [0, -1, 1.5, Number.NaN, 1_000_001])
      expect(() => createStoreData({ products: n })).toThrow(RangeError);
  });
});

describe("paging a large catalogue", () => {
  const data = createStoreData({ products: 20_000 });

  it("pages of 300 sorted by price then id cover every product once, in order", async () => {
    const h = harness({}, data);
    h.as(ADMIN);
    const seen: { sku: string; price: number; id: number }[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const res = await h.get(
        `/rest/V1/products?${criteria({
          sort: [
            ["price", "ASC"],
            ["entity_id", "ASC"],
          ],
          pageSize: 300,
          currentPage: page,
        })}&fields=items[sku,price,id],total_count`,
      );
      expect(res.status).toBe(200);
      total = res.json.total_count;
      seen.push(...res.json.items);
      if (page * 300 >= total) break;
    }
    expect(total).toBe(20_000);
    expect(new Set(seen.map((p) => p.sku)).size).toBe(20_000);
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1]!, seen[i]!];
      expect(a.price < b.price || (a.price === b.price && a.id < b.id)).toBe(true);
    }
  });

  it("a write between two pages is seen by the next page (the cached order is dropped)", async () => {
    const h = harness({}, data);
    const url = (page: number) =>
      `/rest/V1/products?${criteria({ sort: [["price", "DESC"]], pageSize: 300, currentPage: page })}`;
    const before = await h.get(url(1));
    const top = before.json.items[0].price as number;
    const created = await h.call("POST", "/rest/V1/products", {
      product: { sku: "PAGING-TOP", name: "Most expensive", price: top + 1000, attribute_set_id: 4, type_id: "simple" },
    });
    expect(created.status).toBe(200);
    const after = await h.get(url(1));
    expect(after.json.total_count).toBe(before.json.total_count + 1);
    expect(after.json.items[0].sku).toBe("PAGING-TOP");
    await h.call("DELETE", "/rest/V1/products/PAGING-TOP");
    expect((await h.get(url(1))).json.items[0].sku).toBe(before.json.items[0].sku);
  });
});
