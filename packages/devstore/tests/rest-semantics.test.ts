/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are read loosely in tests */
/**
 * The REST semantics where the dev store used to differ from Magento, each checked against the Magento source it
 * follows (magento/magento2). Fields, `+` in paths, escaped literals and `all` are in rest-fields / rest-routing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  criteria,
  customer,
  harness,
  sharedData,
  type Harness,
} from "../../../tests/helpers/devstore-rest-harness";

let h: Harness;
beforeAll(() => {
  h = harness({}, sharedData());
  h.as(ADMIN);
});

const MASKED_500 = /^Internal Error\. Details are available in Magento log file\. Report ID: webapi-[0-9a-f]+$/;

describe("route matching: app/code/Magento/Webapi/Model/Rest/Config.php::getRestRoutes + Controller/Rest/Router.php::match", () => {
  it("a literal path is its own route, not the {sku} / {categoryId} route beside it", async () => {
    const products = await h.get("/rest/V1/products/attributes?searchCriteria[pageSize]=5");
    expect(products.status).toBe(200);
    expect(products.json.items.map((a: any) => a.attribute_code)).toContain("name");
    const categories = await h.get("/rest/V1/categories/attributes?searchCriteria=");
    expect(categories.status).toBe(200);
    expect(categories.json.items.some((a: any) => a.attribute_code === "is_anchor")).toBe(true);
    expect((await h.get("/rest/V1/products/attributes/color")).json.options.length).toBeGreaterThan(5);
    expect((await h.get("/rest/V1/products/types")).json.length).toBe(6);
  });

  it("where two parameter routes match, the one with a literal at the first difference wins (ksort, then the last match)", async () => {
    // /V1/bundle-products/{sku}/options/all beats /V1/bundle-products/{sku}/options/{optionId}
    const all = await h.get("/rest/V1/bundle-products/24-WG080/options/all");
    expect(Array.isArray(all.json)).toBe(true);
    expect(all.json.length).toBe(3);
    // /V1/carts/mine/items beats /V1/carts/{cartId}/items: a customer reaches their own cart, not cart id "mine"
    h.as(customer(1));
    const created = await h.call("POST", "/rest/V1/carts/mine");
    expect(created.status).toBe(200);
    expect((await h.get("/rest/V1/carts/mine/items")).json).toEqual([]);
    h.as(ADMIN);
  });
});

describe("unknown filter and sort fields: app/code/Magento/Eav/Model/Entity/Collection/AbstractCollection.php", () => {
  it.each([
    ["/rest/V1/products", "colour"],
    ["/rest/V1/categories/list", "nme"],
    ["/rest/V1/customers/search", "e_mail"],
  ])("EAV %s: a filter on %s answers 400 with _addAttributeJoin's message", async (path, field) => {
    const r = await h.get(`${path}?${criteria({ groups: [[[field, "x"]]] })}`);
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      message: 'The "%1" attribute name is invalid. Reset the name and try again.',
      parameters: [field],
    });
  });

  it("EAV: an unknown sort attribute is skipped (addAttributeToSort finds none); the echo keeps it", async () => {
    const r = await h.get(`/rest/V1/products?${criteria({ sort: [["colour", "ASC"]], pageSize: 2 })}`);
    expect(r.status).toBe(200);
    expect(r.json.search_criteria.sort_orders).toEqual([{ field: "colour", direction: "ASC" }]);
  });

  it.each([
    ["/rest/V1/orders", "incremnt_id"],
    ["/rest/V1/invoices", "nope"],
    ["/rest/V1/cmsPage/search", "active"],
    ["/rest/V1/taxRates/search", "percent"],
  ])("flat table %s: a filter on %s fails in SQL, so the Web API answers its masked 500", async (path, field) => {
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args);
    try {
      const filtered = await h.get(`${path}?${criteria({ groups: [[[field, "x"]]] })}`);
      expect(filtered.status).toBe(500);
      expect(filtered.json.message).toMatch(MASKED_500);
      const sorted = await h.get(`${path}?${criteria({ sort: [[field, "ASC"]] })}`);
      expect(sorted.status).toBe(500);
    } finally {
      console.error = original;
    }
    // The store's log names the column, as Magento's exception log does.
    expect(JSON.stringify(logged)).toContain(`Unknown column '${field}'`);
  });

  it("known columns still filter (is_active on CMS, the repository's special product filters)", async () => {
    expect(
      (await h.get(`/rest/V1/cmsPage/search?${criteria({ groups: [[["is_active", "0"]]] })}`)).json.total_count,
    ).toBeGreaterThan(0);
    expect(
      (await h.get(`/rest/V1/products?${criteria({ groups: [[["category_id", "4"]]], pageSize: 1 })}`)).json
        .total_count,
    ).toBeGreaterThan(10);
  });
});

describe("unknown searchCriteria properties: lib/internal/Magento/Framework/Webapi/ServiceInputProcessor.php (2.4.7+)", () => {
  const accessor = (fieldName: string, accessMethod: string, className: string) => ({
    message: 'Property "%fieldName" does not have accessor method "%accessMethod" in class "%className".',
    parameters: { fieldName, accessMethod, className },
  });

  it("2.4.7 refuses a typo at any level of searchCriteria", async () => {
    const strict = harness({ profile: "2.4.7" }, h.data);
    strict.as(ADMIN);
    expect((await strict.get("/rest/V1/orders?searchCriteria[pagesize]=5")).json).toEqual(
      accessor("pagesize", "getPagesize", "Magento\\Framework\\Api\\SearchCriteriaInterface"),
    );
    expect(
      (
        await strict.get(
          "/rest/V1/orders?searchCriteria[filter_groups][0][filters][0][field]=status&searchCriteria[filter_groups][0][filters][0][valeu]=x",
        )
      ).json,
    ).toEqual(accessor("valeu", "getValeu", "Magento\\Framework\\Api\\Filter"));
    expect(
      (
        await strict.get(
          "/rest/V1/orders?searchCriteria[sortOrders][0][field]=status&searchCriteria[sortOrders][0][dir]=ASC",
        )
      ).json,
    ).toEqual(accessor("dir", "getDir", "Magento\\Framework\\Api\\SortOrder"));
    // snake_case and camelCase both name real properties
    expect((await strict.get("/rest/V1/orders?searchCriteria[page_size]=1&searchCriteria[currentPage]=2")).status).toBe(
      200,
    );
  });

  it("2.4.5 skips unknown properties", async () => {
    const lenient = harness({ profile: "2.4.5" }, h.data);
    lenient.as(ADMIN);
    const r = await lenient.get("/rest/V1/orders?searchCriteria[pagesize]=5");
    expect(r.status).toBe(200);
    expect(r.json.items.length).toBe(h.data.orders.size);
  });
});

describe("sort direction: lib/internal/Magento/Framework/Api/SortOrder.php::validateDirectionIsAscOrDesc", () => {
  it.each(["up", "ascending", ""])("direction %j answers the SortOrder message", async (direction) => {
    const r = await h.get(
      `/rest/V1/orders?searchCriteria[sortOrders][0][field]=created_at&searchCriteria[sortOrders][0][direction]=${direction}`,
    );
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      message: "The sort order has to be specified as %1 for ascending order or %2 for descending order.",
      parameters: ["ASC", "DESC"],
    });
  });

  it("asc and DESC in any case are accepted", async () => {
    for (const d of ["asc", "DESC", "Asc"])
      expect((await h.get(`/rest/V1/orders?${criteria({ sort: [["created_at", d]], pageSize: 1 })}`)).status).toBe(200);
  });
});
