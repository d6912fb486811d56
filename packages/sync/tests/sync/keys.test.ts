/**
 * Identities of several fields and the sweep's keyset (packages/sync/src/sync/records.ts, packages/sync/src/sync/sweep-keyset.ts): records
 * order by their first identity field then the next, byte for byte as both databases order the sort key; a sweep
 * page never ends inside the rows one keyset value shares.
 */
import { describe, expect, it } from "vitest";
import {
  defineSyncEntity,
  readingOf,
  SyncDeclarationError,
  type SyncEntity,
  sourceItems as stock,
  products,
  identityParts,
  SyncIdentityError,
  toStoreRecord,
  type StoreRecord,
  movedOn,
  pageEnd,
  sweepCriteria,
} from "@magento-integration/sync";

const item = (source_code: string, sku: string, quantity = 1): StoreRecord =>
  toStoreRecord(stock, { source_code, sku, quantity, status: 1 });

describe("identities of several fields", () => {
  it("the identity text is the JSON array of the values; the sort key orders by source, then SKU, byte order", () => {
    const a = item("default", "ab");
    expect(a.identity).toBe('["default","ab"]');
    expect(identityParts(stock, a.identity)).toEqual(["default", "ab"]);
    const keys = [
      item("east", "a"),
      item("default", "abc"),
      item("default", "ab-x"),
      item("default", "ab"),
      item("default", "b"),
      item("de", "zz"),
      item("default", "Ä"),
    ];
    const bySortKey = [...keys].sort((x, y) => (x.sortKey < y.sortKey ? -1 : 1)).map((r) => r.identity);
    // the source first ("de" before "default": a shorter text before its extensions), then the SKU's UTF-8 bytes
    expect(bySortKey).toEqual([
      '["de","zz"]',
      '["default","ab"]',
      '["default","ab-x"]',
      '["default","abc"]',
      '["default","b"]',
      '["default","Ä"]',
      '["east","a"]',
    ]);
    // only hex digits: no locale collation can reorder them
    for (const r of keys) expect(r.sortKey).toMatch(/^[0-9a-f]+$/);
  });

  it("an identity that does not fit is a clear error", () => {
    expect(() => identityParts(stock, "24-MB01")).toThrow(SyncIdentityError);
    expect(() => identityParts(stock, '["default"]')).toThrow(/JSON array of 2 texts \(source_code, sku\)/);
    expect(() => toStoreRecord(stock, { source_code: "default", quantity: 1 })).toThrow(/identity field "sku"/);
  });

  it("a declaration names its identity fields among its fields; a delta pass needs a unique whole-number keyset", () => {
    expect(() =>
      defineSyncEntity({
        ...stock,
        identity: [
          { field: "source_code", filter: "source_code", numeric: false },
          { field: "product_id", filter: "product_id", numeric: true },
        ],
      }),
    ).toThrow(/identity field "product_id" must be one of its fields/);
    expect(() =>
      defineSyncEntity({
        ...stock,
        fields: [...stock.fields, "updated_at"],
        version: { filter: "u", field: "updated_at" },
      }),
    ).toThrow(SyncDeclarationError);
    expect(() =>
      defineSyncEntity({
        ...stock,
        fallback: { ...stock.fallback!, identity: { field: "x", filter: "x", numeric: true } },
      }),
    ).toThrow(/its fallback: its identity field "x"/);
  });

  it("the fallback reading replaces the route, fields, identity and keyset, keeping name and schedule", () => {
    const legacy = readingOf(stock, true);
    expect(legacy).toMatchObject({ name: "source-items", path: "/V1/products", keyset: { filter: "entity_id" } });
    expect(legacy.fallback).toBeUndefined();
    expect(readingOf(stock, false).path).toBe("/V1/inventory/source-items");
    expect(readingOf(products, true)).toEqual(products);
  });
});

describe("the sweep's keyset", () => {
  const page = (...rows: Array<[string, string]>) => rows.map(([src, sku]) => item(src, sku));

  it("a full page leaves the trailing SKU's sources for the next page, which starts after the SKU before them", () => {
    const rows = page(["default", "A"], ["east", "A"], ["default", "B"], ["east", "B"]);
    const end = pageEnd(stock, rows, null, true);
    expect(end.keep.map((r) => r.identity)).toEqual(['["default","A"]', '["east","A"]']);
    expect(end.next).toBe("A");
    expect(sweepCriteria(stock, end.next)).toMatchObject({
      filterGroups: [{ filters: [{ field: "sku", conditionType: "gt", value: "A" }] }],
      sortOrders: [
        { field: "sku", direction: "ASC" },
        { field: "source_code", direction: "ASC" },
      ],
    });
    // the last page keeps everything
    expect(pageEnd(stock, rows, null, false).keep).toHaveLength(4);
  });

  it("a full page of one SKU's sources is read whole, by page number, filtered on that SKU", () => {
    const end = pageEnd(stock, page(["a", "A"], ["b", "A"]), "0", true);
    expect(end).toMatchObject({ keep: [], next: "A", oneValue: "A" });
    expect(sweepCriteria(stock, null, { value: "A", page: 2 })).toMatchObject({
      filterGroups: [{ filters: [{ field: "sku", conditionType: "eq", value: "A" }] }],
      currentPage: 2,
    });
  });

  it("a whole-number keyset moves to the largest value read and drops nothing; text moves to the last value read", () => {
    const rows = [3, 9, 5].map((id) =>
      toStoreRecord(products, {
        id,
        sku: `s${id}`,
        name: "n",
        price: 1,
        status: 1,
        visibility: 4,
        type_id: "simple",
        updated_at: "2024-01-01 00:00:00",
      }),
    );
    const end = pageEnd(products, rows, "2", true);
    expect(end.keep).toHaveLength(3);
    expect(end.next).toBe("9");
    expect(movedOn(products, "2", "9")).toBe(true);
    expect(movedOn(products, "9", "9")).toBe(false);
    // text is the store's order (its collation), never compared here: only a repeat does not move on
    expect(movedOn(stock, "b", "a")).toBe(true);
    expect(movedOn(stock, "a", "a")).toBe(false);
  });
});

// a forker's entity keyed by two numbers: the sort key orders by the first, then the second
it("numeric parts of an identity are zero-padded", () => {
  const twoNumbers: SyncEntity = defineSyncEntity({
    name: "links",
    label: "Links",
    path: "/V1/links",
    fields: ["a", "b"],
    identity: [
      { field: "a", filter: "a", numeric: true },
      { field: "b", filter: "b", numeric: true },
    ],
    keyset: { filter: "a", field: "a", unique: false },
    version: null,
    intervalSeconds: 60,
    sweepIntervalSeconds: 600,
    pageSize: 100,
  });
  const k = (a: number, b: number) => toStoreRecord(twoNumbers, { a, b }).sortKey;
  expect(k(2, 10) > k(2, 9)).toBe(true);
  expect(k(10, 1) > k(9, 99)).toBe(true);
});
