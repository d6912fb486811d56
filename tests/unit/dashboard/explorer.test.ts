import { describe, expect, it } from "vitest";
import { CATALOGUE, findOperation } from "@magento-integration/client";
import {
  availabilityOf,
  operationGroups,
  routeKey,
  schemaRouteKeys,
  searchOperations,
} from "@/lib/dashboard/explorer-search";
import { curlCommand, parseExplorerForm, visibleHeaders } from "@/lib/dashboard/explorer-request";

const form = (o: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(o)) f.set(k, v);
  return f;
};
const op = (id: string) => {
  const o = findOperation(id);
  if (!o) throw new Error(`no operation ${id}`);
  return o;
};

describe("explorer search", () => {
  it("finds by path words, module and edition", () => {
    const hits = searchOperations(CATALOGUE, { q: "products {sku}" });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((o) => o.path.includes("products") && o.path.includes("{sku}"))).toBe(true);
    const commerce = searchOperations(CATALOGUE, { edition: "commerce" });
    expect(commerce.length).toBeGreaterThan(0);
    expect(commerce.every((o) => o.edition === "commerce")).toBe(true);
    expect(searchOperations(CATALOGUE, { q: "GiftWrapping", method: "DELETE" }).map((o) => o.path)).toEqual([
      "/V1/gift-wrappings/{id}",
    ]);
    expect(searchOperations(CATALOGUE, {}).length).toBe(CATALOGUE.length);
  });

  it("matches the live schema whatever the path parameters are called", () => {
    expect(routeKey("get", "/V1/products/{productSku}")).toBe(routeKey("GET", "/V1/products/{sku}"));
    const keys = schemaRouteKeys({
      swagger: "2.0",
      paths: { "/V1/products/{sku}": { get: {}, put: {} }, "/V1/orders": { get: {} } },
    });
    const get = CATALOGUE.find((o) => o.method === "GET" && o.path === "/V1/products/{sku}")!;
    const del = CATALOGUE.find((o) => o.method === "DELETE" && o.path === "/V1/products/{sku}")!;
    expect(availabilityOf(get, keys)).toBe("available");
    expect(availabilityOf(del, keys)).toBe("missing");
    expect(availabilityOf(get, null)).toBe("unknown");
    expect(schemaRouteKeys({ message: "x" })).toBeNull();
  });
});

describe("explorer form", () => {
  const products = CATALOGUE.find((o) => o.method === "GET" && o.path === "/V1/products")!;
  it("builds searchCriteria: rows with the same group OR, different groups AND", () => {
    const r = parseExplorerForm(
      products,
      form({
        "f0.field": "name",
        "f0.condition": "like",
        "f0.value": "%bag%",
        "f0.group": "1",
        "f1.field": "sku",
        "f1.condition": "like",
        "f1.value": "%bag%",
        "f1.group": "1",
        "f2.field": "price",
        "f2.condition": "gt",
        "f2.value": "30",
        "f2.group": "2",
        "sort.field": "price",
        "sort.direction": "DESC",
        pageSize: "5",
        fields: "items[sku,price],total_count",
      }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.request.searchCriteria).toEqual({
      filterGroups: [
        {
          filters: [
            { field: "name", value: "%bag%", conditionType: "like" },
            { field: "sku", value: "%bag%", conditionType: "like" },
          ],
        },
        { filters: [{ field: "price", value: "30", conditionType: "gt" }] },
      ],
      sortOrders: [{ field: "price", direction: "DESC" }],
      pageSize: 5,
    });
    expect(r.request.fields).toBe("items[sku,price],total_count");
  });

  it("reports missing path params, bad fields, bad JSON and oauth_ query params", () => {
    const put = CATALOGUE.find((o) => o.method === "PUT" && o.path === "/V1/products/{sku}")!;
    const r = parseExplorerForm(put, form({ fields: "items[sku", body: "{nope", query: "oauth_token=x" }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(["body", "fields", "path.sku", "query"]);
  });

  it.each([
    ["oauth_token=x", /Authorization header/],
    ["x_oauth_nonce=1", /Authorization header/], // Magento's rule is unanchored: any name containing oauth_…
    ["store.code=fr", /"\." or space/],
    ["a=1\na=2", /given twice/],
    ["searchCriteria[pageSize]=3", /searchCriteria and fields inputs/],
  ])("refuses the query line %j before sending", (query, message) => {
    const storeViews = CATALOGUE.find((o) => o.method === "GET" && o.path === "/V1/store/storeViews")!;
    const r = parseExplorerForm(storeViews, form({ query }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.query).toMatch(message);
  });

  it("requires services= for the services schema operation", () => {
    const r = parseExplorerForm(op("getSchemaServices"), form({}));
    expect(r.ok).toBe(false);
    const ok = parseExplorerForm(op("getSchemaServices"), form({ query: "services=catalogProductRepositoryV1" }));
    expect(ok.ok && ok.request.query).toEqual({ services: "catalogProductRepositoryV1" });
  });
});

describe("curl and headers", () => {
  it("masks every secret and quotes safely", () => {
    const c = curlCommand({
      method: "POST",
      url: "http://s/rest/V1/categories",
      body: { category: { name: "O'Brien" } },
    });
    expect(c).toContain('oauth_signature="<signature>"');
    expect(c).toContain('oauth_token="<access token>"');
    expect(c).toContain(`'{"category":{"name":"O'\\''Brien"}}'`);
    expect(visibleHeaders(new Headers({ "set-cookie": "a=b", "content-type": "application/json" }))).toEqual([
      ["content-type", "application/json"],
    ]);
  });
});

describe("explorer order on a store of known edition", () => {
  const commerceOnly = CATALOGUE.filter((o) => o.edition === "commerce");

  it("an Open Source store lists what it has first; every Commerce-only operation waits in one closed group", () => {
    expect(commerceOnly.length).toBeGreaterThan(0);
    const groups = operationGroups(CATALOGUE, null, "open-source");
    expect(groups.map((g) => [g.id, g.collapsed])).toEqual([
      ["all", false],
      ["commerce", true],
    ]);
    expect(groups[0]!.ops.some((o) => o.edition === "commerce")).toBe(false);
    expect(groups[1]!.ops).toEqual(commerceOnly);
    expect(groups[1]!.title).toMatch(/not available on this store/);
    // nothing lost, nothing twice
    expect(groups.flatMap((g) => g.ops).length).toBe(CATALOGUE.length);
  });

  it("with the store's schema read, Commerce-only operations still go to the closed group, not among the missing", () => {
    const keys = new Set([routeKey("GET", "/V1/products")]);
    const groups = operationGroups(CATALOGUE, keys, "open-source");
    expect(groups.map((g) => g.id)).toEqual(["available", "others", "commerce"]);
    expect(groups[0]!.ops.map((o) => routeKey(o.method, o.path))).toContain("GET /V1/products");
    expect(groups[1]!.ops.some((o) => o.edition === "commerce")).toBe(false);
  });

  it("a Commerce store, or one whose edition is not known, keeps the catalogue order with nothing hidden", () => {
    for (const edition of ["commerce", "unknown"] as const) {
      const groups = operationGroups(CATALOGUE, null, edition);
      expect(groups).toHaveLength(1);
      expect(groups[0]!.collapsed).toBe(false);
      expect(groups[0]!.ops).toEqual(CATALOGUE);
    }
  });
});
