import { describe, expect, it } from "vitest";
import { createMagentoClient, MagentoApiError, parseSearchCriteria, searchCriteria } from "../../src/magento/index.ts";
import { defaultUniqueKey, pagedCriteria, pagedFields, paginatePages } from "../../src/magento/paginate.ts";
import { fakeFetch, json, type RecordedCall } from "../helpers/fake-fetch.ts";

function queryOf(call: RecordedCall): Array<[string, string]> {
  const q = call.url.split("?")[1] ?? "";
  return q
    .split("&")
    .filter(Boolean)
    .map((p) => {
      const [k, v] = p.split("=");
      return [decodeURIComponent(k!), decodeURIComponent(v!)];
    });
}

/** Magento-like list: a page past the end returns the last page again. */
function listStore(total: number, opts: { ignorePageSize?: boolean } = {}) {
  const rows = Array.from({ length: total }, (_, i) => ({ entity_id: i + 1, sku: `SKU-${i + 1}` }));
  return fakeFetch((call) => {
    const c = parseSearchCriteria(queryOf(call).filter(([k]) => k.startsWith("searchCriteria")));
    const size = opts.ignorePageSize ? 20 : (c.pageSize ?? total);
    const last = Math.max(1, Math.ceil(total / size));
    const page = Math.min(c.currentPage ?? 1, last);
    return json(200, { items: rows.slice((page - 1) * size, page * size), search_criteria: {}, total_count: total });
  });
}

const client = (f: typeof fetch) => createMagentoClient({ baseUrl: "https://s/", auth: { kind: "none" }, fetch: f });

describe("paginate", () => {
  it("yields every row once over 1000 rows, asking exactly the needed pages", async () => {
    const store = listStore(1000);
    const seen: number[] = [];
    for await (const row of client(store.fetch).paginate<{ entity_id: number }>("/V1/products", { pageSize: 300 }))
      seen.push(row.entity_id);
    expect(seen).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    const pages = store.calls.map((c) => parseSearchCriteria(queryOf(c)).currentPage);
    expect(pages).toEqual([1, 2, 3, 4]);
  });

  it("never asks past the last page when total_count is an exact multiple", async () => {
    const store = listStore(200);
    let n = 0;
    for await (const _ of client(store.fetch).paginate("/V1/orders", { pageSize: 100 })) n++;
    expect(n).toBe(200);
    expect(store.calls).toHaveLength(2);
  });

  it("always sends a stable sort, an explicit page size, and keeps the caller's sort first", async () => {
    const store = listStore(5);
    const sc = searchCriteria().where("status", "eq", "pending").sortBy("created_at", "DESC");
    for await (const _ of client(store.fetch).paginate("/V1/orders", { searchCriteria: sc })) void _;
    const c = parseSearchCriteria(queryOf(store.calls[0]!));
    expect(c.sortOrders).toEqual([
      { field: "created_at", direction: "DESC" },
      { field: "entity_id", direction: "ASC" },
    ]);
    expect(c.pageSize).toBe(100);
    expect(c.filterGroups).toHaveLength(1);
  });

  it("takes the page size from the options, else from the criteria, else 100", async () => {
    const sizes: Array<number | undefined> = [];
    for (const [opt, crit] of [
      [50, 20],
      [undefined, 20],
      [undefined, undefined],
    ] as const) {
      const store = listStore(3);
      const sc = crit === undefined ? searchCriteria() : searchCriteria().pageSize(crit);
      for await (const _ of client(store.fetch).paginate("/V1/orders", {
        searchCriteria: sc,
        ...(opt ? { pageSize: opt } : {}),
      }))
        void _;
      sizes.push(parseSearchCriteria(queryOf(store.calls[0]!)).pageSize);
    }
    expect(sizes).toEqual([50, 20, 100]);
    await expect(async () => {
      for await (const _ of client(listStore(1).fetch).paginate("/V1/orders", {
        searchCriteria: searchCriteria().pageSize(500),
      }))
        void _;
    }).rejects.toThrow(RangeError);
  });

  it("takes the unique key from the catalogue, and does not duplicate it", () => {
    expect(defaultUniqueKey("/V1/cmsPage/search")).toBe("page_id");
    expect(defaultUniqueKey("/V1/products")).toBe("entity_id");
    expect(defaultUniqueKey("/V1/orders/items")).toBe("item_id");
    expect(defaultUniqueKey("V1/products/attribute-sets/groups/list")).toBe("attribute_group_id");
    expect(defaultUniqueKey("/V1/custom-module/list")).toBe("entity_id");
    expect(() => defaultUniqueKey("/V1/search")).toThrow(/uniqueKey/);
    const c = pagedCriteria(
      { filterGroups: [], sortOrders: [{ field: "entity_id", direction: "DESC" }] },
      "entity_id",
      50,
    );
    expect(c.sortOrders).toEqual([{ field: "entity_id", direction: "DESC" }]);
  });

  it("keeps total_count in trimmed responses", async () => {
    expect(pagedFields("items[sku,name]")).toBe("items[sku,name],total_count");
    expect(pagedFields("items[sku],total_count")).toBe("items[sku],total_count");
    const store = listStore(3);
    for await (const _ of client(store.fetch).paginate("/V1/products", { fields: "items[sku]" })) void _;
    expect(queryOf(store.calls[0]!).find(([k]) => k === "fields")?.[1]).toBe("items[sku],total_count");
  });

  it("stops on an empty page even if total_count says more", async () => {
    const f = fakeFetch(() => json(200, { items: [], total_count: 50 }));
    let n = 0;
    for await (const _ of client(f.fetch).paginate("/V1/products")) n++;
    expect(n).toBe(0);
    expect(f.calls).toHaveLength(1);
  });

  it("follows the store's page size when it serves fewer rows than asked (input limits)", async () => {
    const store = listStore(45, { ignorePageSize: true });
    const seen: number[] = [];
    for await (const row of client(store.fetch).paginate<{ entity_id: number }>("/V1/products", { pageSize: 100 }))
      seen.push(row.entity_id);
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    expect(store.calls).toHaveLength(3);
  });

  it("pages /V1/search only with the caller's unique key", async () => {
    const store = listStore(3);
    await expect(async () => {
      for await (const _ of client(store.fetch).paginate("/V1/search")) void _;
    }).rejects.toThrow(/uniqueKey/);
    let n = 0;
    for await (const _ of client(store.fetch).paginate("/V1/search", { uniqueKey: "id" })) n++;
    expect(n).toBe(3);
    expect(parseSearchCriteria(queryOf(store.calls[0]!)).sortOrders).toEqual([{ field: "id", direction: "ASC" }]);
  });

  it("checks a plain criteria object's page size like the option's", async () => {
    for (const pageSize of [301, 0, 2.5]) {
      await expect(async () => {
        for await (const _ of client(listStore(1).fetch).paginate("/V1/orders", {
          searchCriteria: { filterGroups: [], sortOrders: [], pageSize },
        }))
          void _;
      }).rejects.toThrow();
    }
  });

  it("refuses page sizes above 300 and non-list answers", async () => {
    const store = listStore(1);
    await expect(async () => {
      for await (const _ of client(store.fetch).paginate("/V1/products", { pageSize: 301 })) void _;
    }).rejects.toThrow(/300/);
    const f = fakeFetch(() => json(200, { foo: 1 }));
    await expect(async () => {
      for await (const _ of client(f.fetch).paginate("/V1/products")) void _;
    }).rejects.toBeInstanceOf(MagentoApiError);
  });

  it("starts from the caller's currentPage", async () => {
    const store = listStore(250);
    let n = 0;
    for await (const _ of client(store.fetch).paginate("/V1/products", {
      searchCriteria: { filterGroups: [], sortOrders: [], currentPage: 2 },
    }))
      n++;
    expect(n).toBe(150);
    const last = listStore(250);
    n = 0;
    for await (const _ of client(last.fetch).paginate("/V1/products", {
      searchCriteria: { filterGroups: [], sortOrders: [], currentPage: 3 },
    }))
      n++;
    expect(n).toBe(50);
    expect(last.calls).toHaveLength(1);
    const past = listStore(250);
    n = 0;
    for await (const _ of client(past.fetch).paginate("/V1/products", {
      searchCriteria: { filterGroups: [], sortOrders: [], currentPage: 9 },
    }))
      n++;
    expect(n).toBe(0); // the store repeats its last page; those rows are not page 9
  });
});

describe("paginatePages with prefetch", () => {
  /** A list store whose answers arrive in an order the test controls (later pages may answer first). */
  function slowStore(total: number, delayFor: (page: number) => number) {
    const rows = Array.from({ length: total }, (_, i) => ({ entity_id: i + 1 }));
    let inFlight = 0;
    let maxInFlight = 0;
    const f = fakeFetch(async (call) => {
      const c = parseSearchCriteria(queryOf(call));
      const page = c.currentPage ?? 1;
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, delayFor(page)));
      inFlight--;
      if (page === 3 && delayFor(3) < 0) return json(500, { message: "boom" });
      return json(200, { items: rows.slice((page - 1) * c.pageSize!, page * c.pageSize!), total_count: total });
    });
    return { f, maxInFlight: () => maxInFlight };
  }

  it("requests up to `prefetch` pages ahead, keeps page order when later pages answer first, and never asks past the end", async () => {
    const store = slowStore(1000, (page) => (page === 2 ? 30 : 1)); // page 2 answers after pages 3 and 4
    const seen: number[] = [];
    for await (const items of paginatePages<{ entity_id: number }>(
      (r) => client(store.f.fetch).request(r),
      "/V1/products",
      { pageSize: 100, prefetch: 3 },
    )) {
      seen.push(...items.map((i) => i.entity_id));
    }
    expect(seen).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    const pages = store.f.calls.map((c) => parseSearchCriteria(queryOf(c)).currentPage);
    expect([...pages].sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(store.maxInFlight()).toBe(3);
  });

  it("without prefetch asks one page at a time, as paginate does", async () => {
    const store = slowStore(500, () => 1);
    let n = 0;
    for await (const items of paginatePages((r) => client(store.f.fetch).request(r), "/V1/products", { pageSize: 100 }))
      n += items.length;
    expect(n).toBe(500);
    expect(store.maxInFlight()).toBe(1);
  });

  it("a consumer that stops early leaves no unhandled rejection from pages read ahead", async () => {
    const store = slowStore(1000, (page) => (page === 3 ? -1 : 1)); // page 3 fails
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on("unhandledRejection", onUnhandled);
    try {
      for await (const items of paginatePages((r) => client(store.f.fetch).request(r), "/V1/products", {
        pageSize: 100,
        prefetch: 2,
      })) {
        expect(items).toHaveLength(100);
        break; // page 1 only, with pages 2 and 3 in flight
      }
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it("refuses a prefetch outside 0–8", async () => {
    const it = paginatePages((r) => client(listStore(1).fetch).request(r), "/V1/products", { prefetch: 9 });
    await expect(it.next()).rejects.toThrow(/prefetch must be an integer from 0 to 8/);
  });
});
