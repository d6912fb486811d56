import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  CATALOGUE,
  findListOperation,
  findOperation,
  type OperationId,
  type PathParamNames,
  type PathParamsOf,
  type RequiredQueryOf,
} from "../../src/magento/catalogue.ts";

interface SeedOp {
  method: string;
  path: string;
  module: string;
  edition: "open-source" | "commerce";
  since?: string;
}

function parseSeed(): SeedOp[] {
  const md = readFileSync(new URL("../../../../docs/spec/endpoint-catalogue.md", import.meta.url), "utf8");
  let edition: SeedOp["edition"] | undefined;
  let module = "";
  const out: SeedOp[] = [];
  for (const line of md.split("\n")) {
    if (line.startsWith("### Commercial-edition-only")) edition = "commerce";
    if (line.startsWith("### Open-source modules")) edition = "open-source";
    if (line.startsWith("#### "))
      module = line
        .slice(5)
        .split(":")[0]!
        .replace(/\s*\(.*\)$/, "")
        .trim();
    const m = /^\|\s*(GET|POST|PUT|DELETE)\s*\|\s*(\S+)\s*\|\s*(.*?)\s*\|\s*$/.exec(line);
    if (m) {
      const since = /since (\d\.\d)/.exec(m[3]!)?.[1];
      out.push({ method: m[1]!, path: m[2]!, module, edition: edition!, ...(since ? { since } : {}) });
    }
  }
  return out;
}

const seed = parseSeed();
const fromCatalogue = CATALOGUE.filter((o) => o.kind === "rest" || o.kind === "token");
const key = (o: { method: string; path: string }) => `${o.method} ${o.path}`;

describe("CATALOGUE vs docs/spec/endpoint-catalogue.md", () => {
  it("the seed has 377 operations: 343 open-source, 34 commerce-only", () => {
    expect(seed).toHaveLength(377);
    expect(seed.filter((o) => o.edition === "commerce")).toHaveLength(34);
  });

  it("has exactly the seed's operations (nothing missing, nothing extra)", () => {
    const seedKeys = new Set(seed.map(key));
    const ours = fromCatalogue.map(key);
    expect(new Set(ours).size).toBe(ours.length);
    expect(ours.filter((k) => !seedKeys.has(k))).toEqual([]);
    expect([...seedKeys].filter((k) => !ours.includes(k))).toEqual([]);
    expect(fromCatalogue).toHaveLength(377);
  });

  it("carries module, edition and since as the seed says", () => {
    const byKey = new Map(fromCatalogue.map((o) => [key(o), o]));
    for (const s of seed) {
      const o = byKey.get(key(s))!;
      expect({ k: key(s), module: o.module, edition: o.edition, since: o.since }).toEqual({
        k: key(s),
        module: s.module,
        edition: s.edition,
        since: s.since,
      });
    }
    expect(fromCatalogue.filter((o) => o.edition === "open-source")).toHaveLength(343);
  });

  it("marks the two token operations and adds schema, swagger and portal operations", () => {
    expect(
      CATALOGUE.filter((o) => o.kind === "token")
        .map(key)
        .sort(),
    ).toEqual(["POST /V1/integration/admin/token", "POST /V1/integration/customer/token"]);
    const schema = CATALOGUE.filter((o) => o.kind === "schema");
    expect(schema.map((o) => `${key(o)} ${o.requiredQuery?.join(",") ?? ""}`.trim()).sort()).toEqual([
      "GET /schema",
      "GET /schema services",
      "GET /swagger",
    ]);
    expect(
      CATALOGUE.filter((o) => o.kind === "portal")
        .map(key)
        .sort(),
    ).toEqual(["GET /rest/v1/users/{id}", "POST /rest/v1/app/session/token", "POST /rest/v1/apps/session/token"]);
  });

  it("has unique ids that findOperation resolves", () => {
    const ids = CATALOGUE.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const o of CATALOGUE) expect(findOperation(o.id)).toBe(o);
    expect(findOperation("getProductsBySku")).toMatchObject({
      method: "GET",
      path: "/V1/products/{sku}",
      module: "Catalog",
    });
    expect(findOperation("nope")).toBeUndefined();
  });
});

describe("list operations (GET routes whose service method takes searchCriteria)", () => {
  // From Magento's webapi.xml files: every GET route bound to a repository getList(SearchCriteriaInterface)
  // (or SearchInterface::search), with the field that identifies a row of its result.
  const EXPECTED: Record<string, string | undefined> = {
    "/V1/bulk": "id",
    "/V1/gift-wrappings": "wrapping_id",
    "/V1/returns": "entity_id",
    "/V1/products": "entity_id",
    "/V1/products-render-info": "entity_id",
    "/V1/products/attributes": "attribute_id",
    "/V1/categories/attributes": "attribute_id",
    "/V1/products/attribute-sets/sets/list": "attribute_set_id",
    "/V1/products/attribute-sets/groups/list": "attribute_group_id",
    "/V1/categories/list": "entity_id",
    "/V1/cmsPage/search": "page_id",
    "/V1/cmsBlock/search": "block_id",
    "/V1/customerGroups/search": "id",
    "/V1/customers/search": "entity_id",
    "/V1/eav/attribute-sets/list": "attribute_set_id",
    "/V1/carts/search": "entity_id",
    "/V1/orders": "entity_id",
    "/V1/orders/items": "item_id",
    "/V1/invoices": "entity_id",
    "/V1/creditmemos": "entity_id",
    "/V1/shipments": "entity_id",
    "/V1/transactions": "transaction_id",
    "/V1/salesRules/search": "rule_id",
    "/V1/coupons/search": "coupon_id",
    "/V1/search": undefined,
    "/V1/taxRates/search": "id",
    "/V1/taxRules/search": "id",
    "/V1/taxClasses/search": "class_id",
  };

  it("marks exactly those, each with its unique key", () => {
    const marked = CATALOGUE.filter((o) => o.list !== undefined);
    expect(Object.fromEntries(marked.map((o) => [o.path, o.list?.uniqueKey]))).toEqual(EXPECTED);
    for (const o of marked) {
      expect(o.method).toBe("GET");
      expect(o.path).not.toContain("{");
    }
  });

  it("are found by route, whatever the slashes; other routes are not lists", () => {
    expect(findListOperation("GET", "V1/orders/")?.id).toBe("getOrders");
    expect(findListOperation("get", "/V1/cmsPage/search")?.id).toBe("getCmsPageSearch");
    expect(findListOperation("POST", "/V1/orders")).toBeUndefined();
    expect(findListOperation("GET", "/V1/categories")).toBeUndefined(); // a tree (rootCategoryId, depth), not a list
    expect(findListOperation("GET", "/V1/stockItems/lowStock/")).toBeUndefined(); // its own paging parameters
  });

  it("products-render-info also needs storeId and currencyCode", () => {
    expect(findOperation("getProductsRenderInfo")?.requiredQuery).toEqual(["storeId", "currencyCode"]);
  });
});

describe("catalogue types", () => {
  it("derives path parameter names from the literal paths", () => {
    type Expect<T extends true> = T;
    type Eq<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
    type _a = Expect<Eq<PathParamNames<"/V1/carts/{cartId}/items/{itemId}">, "cartId" | "itemId">>;
    type _b = Expect<Eq<keyof PathParamsOf<"getProductsBySku">, "sku">>;
    type _c = Expect<Eq<PathParamNames<"/V1/products">, never>>;
    type _d = Expect<Eq<RequiredQueryOf<"getSchemaServices">, "services">>;
    type _e = Expect<Eq<RequiredQueryOf<"getProductsBySku">, never>>;
    const id: OperationId = "getProductsBySku";
    expect(findOperation(id)?.path).toBe("/V1/products/{sku}");
  });
});
