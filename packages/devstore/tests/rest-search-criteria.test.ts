import { beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../src/data/index";
import { attr, criteria, enc, harness, sharedData, type Harness } from "../../../tests/helpers/devstore-rest-harness";

let h: Harness;
let products: Product[];
beforeAll(() => {
  h = harness({}, sharedData());
  products = [...h.data.productsById.values()];
});

const skus = (json: { items: { sku: string }[] }) => json.items.map((p) => p.sku);
const sorted = (list: string[]) => [...list].sort();
async function search(spec: Parameters<typeof criteria>[0], extra = "") {
  const res = await h.get(`/rest/V1/products?${criteria(spec)}${extra}`);
  expect(res.status).toBe(200);
  return res.json as { items: Product[]; total_count: number; search_criteria: Record<string, unknown> };
}

describe("searchCriteria condition types (products)", () => {
  it("eq, also when condition_type is omitted, case-insensitive like MySQL", async () => {
    const r = await search({ groups: [[["sku", "ABC/10", "eq"]]] });
    expect(skus(r)).toEqual(["ABC/10"]);
    const implicit = await search({ groups: [[["sku", "abc/10"]]] });
    expect(skus(implicit)).toEqual(["ABC/10"]);
    expect(implicit.search_criteria).toEqual({
      filter_groups: [{ filters: [{ field: "sku", value: "abc/10", condition_type: "eq" }] }],
    });
  });

  it("neq", async () => {
    const r = await search({ groups: [[["type_id", "simple", "neq"]]] });
    const expected = products.filter((p) => p.type_id !== "simple");
    expect(r.total_count).toBe(expected.length);
    expect(r.items.every((p) => p.type_id !== "simple")).toBe(true);
    expect(expected.length).toBeGreaterThan(0);
  });

  it.each([
    ["gt", (p: number) => p > 100],
    ["gteq", (p: number) => p >= 100],
    ["moreq", (p: number) => p >= 100],
    ["lt", (p: number) => p < 100],
    ["lteq", (p: number) => p <= 100],
  ] as const)("%s compares numbers numerically", async (cond, test) => {
    const r = await search({ groups: [[["price", "100", cond]]] });
    const expected = products.filter((p) => test(p.price)).map((p) => p.sku);
    expect(r.total_count).toBe(expected.length);
    expect(sorted(skus(r))).toEqual(sorted(expected));
  });

  it("gteq/lteq on an exact boundary value include it", async () => {
    const boundary = products[42]!.price;
    const gteq = await search({
      groups: [[["price", String(boundary), "gteq"]], [["price", String(boundary), "lteq"]]],
    });
    expect(gteq.items.map((p) => p.price).every((x) => x === boundary)).toBe(true);
    expect(gteq.total_count).toBe(products.filter((p) => p.price === boundary).length);
  });

  it("from/to as two AND'ed groups form a date range", async () => {
    const from = "2024-02-01 00:00:00";
    const to = "2024-02-10 23:59:59";
    const r = await search({ groups: [[["created_at", from, "from"]], [["created_at", to, "to"]]] });
    const expected = products.filter((p) => p.created_at >= from && p.created_at <= to);
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(skus(r))).toEqual(sorted(expected.map((p) => p.sku)));
  });

  it("in / nin take comma-separated lists", async () => {
    const inR = await search({ groups: [[["type_id", "virtual,bundle", "in"]]] });
    const expectedIn = products.filter((p) => ["virtual", "bundle"].includes(p.type_id));
    expect(inR.total_count).toBe(expectedIn.length);
    const ninR = await search({ groups: [[["type_id", "virtual,bundle,simple", "nin"]]] });
    const expectedNin = products.filter((p) => !["virtual", "bundle", "simple"].includes(p.type_id));
    expect(sorted(skus(ninR))).toEqual(sorted(expectedNin.map((p) => p.sku)));
  });

  it("like with %-wildcards sent as %25", async () => {
    const raw =
      "searchCriteria[filter_groups][0][filters][0][field]=name&searchCriteria[filter_groups][0][filters][0][value]=%25duffle%25&searchCriteria[filter_groups][0][filters][0][condition_type]=like";
    const r = await h.get(`/rest/V1/products?${raw}`);
    const expected = products.filter((p) => /duffle/i.test(p.name));
    expect(expected.length).toBeGreaterThan(0);
    expect(r.json.total_count).toBe(expected.length);
    expect(r.json.search_criteria.filter_groups[0].filters[0].value).toBe("%duffle%");
    const prefix = await search({ groups: [[["sku", "24-MB%", "like"]]] });
    expect(prefix.total_count).toBe(products.filter((p) => p.sku.startsWith("24-MB")).length);
    const noWildcard = await search({ groups: [[["name", "duffle", "like"]]] });
    expect(noWildcard.total_count).toBe(0);
  });

  it("like matches a literal space in a SKU (%20, and + as a space in the query)", async () => {
    const r = await search({ groups: [[["sku", "24-MB 01", "like"]]] });
    expect(skus(r)).toEqual(["24-MB 01"]);
    const plus = await h.get(
      "/rest/V1/products?searchCriteria[filter_groups][0][filters][0][field]=sku&searchCriteria[filter_groups][0][filters][0][value]=24-MB+01",
    );
    expect(skus(plus.json)).toEqual(["24-MB 01"]);
  });

  it("finset finds a value inside a comma-separated set", async () => {
    const r = await search({ groups: [[["activity", "8", "finset"]]] });
    const expected = products.filter((p) =>
      String(attr(p, "activity") ?? "")
        .split(",")
        .includes("8"),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(skus(r))).toEqual(sorted(expected.map((p) => p.sku)));
  });

  it("null / notnull", async () => {
    const nullR = await search({ groups: [[["weight", undefined, "null"]]] });
    const expectedNull = products.filter((p) => p.weight === undefined);
    expect(expectedNull.length).toBeGreaterThan(0);
    expect(nullR.total_count).toBe(expectedNull.length);
    const notNull = await search({ groups: [[["special_price", undefined, "notnull"]]] });
    expect(notNull.total_count).toBe(products.filter((p) => attr(p, "special_price") !== undefined).length);
  });

  it("neq and nin never match NULL (SQL semantics)", async () => {
    const r = await search({ groups: [[["weight", "1", "neq"]]] });
    expect(r.total_count).toBe(products.filter((p) => p.weight !== undefined && p.weight !== 1).length);
  });

  it("category_id filters through the category links", async () => {
    const r = await search({ groups: [[["category_id", "9", "eq"]]] });
    const expected = products.filter((p) => p.extension_attributes.category_links.some((l) => l.category_id === "9"));
    expect(sorted(skus(r))).toEqual(sorted(expected.map((p) => p.sku)));
  });
});

describe("searchCriteria logic, sorting and paging", () => {
  it("filters inside one group are OR'ed", async () => {
    const r = await search({
      groups: [
        [
          ["type_id", "virtual"],
          ["type_id", "bundle"],
        ],
      ],
    });
    expect(r.total_count).toBe(products.filter((p) => p.type_id === "virtual" || p.type_id === "bundle").length);
  });

  it("groups are AND'ed", async () => {
    const r = await search({ groups: [[["type_id", "simple"]], [["price", "200", "gt"]]] });
    const expected = products.filter((p) => p.type_id === "simple" && p.price > 200);
    expect(sorted(skus(r))).toEqual(sorted(expected.map((p) => p.sku)));
  });

  it("(A or B) and C", async () => {
    const r = await search({
      groups: [
        [
          ["type_id", "virtual"],
          ["type_id", "bundle"],
        ],
        [["status", "1"]],
      ],
    });
    expect(r.total_count).toBe(
      products.filter((p) => (p.type_id === "virtual" || p.type_id === "bundle") && p.status === 1).length,
    );
  });

  it("several sort orders apply in index order", async () => {
    const r = await search({
      sort: [
        ["type_id", "ASC"],
        ["price", "DESC"],
      ],
      pageSize: 3000,
    });
    const expected = [...products].sort((a, b) =>
      a.type_id < b.type_id ? -1 : a.type_id > b.type_id ? 1 : b.price - a.price,
    );
    expect(r.items.map((p) => [p.type_id, p.price])).toEqual(expected.map((p) => [p.type_id, p.price]));
  });

  // PHP arrays keep insertion order; ServiceInputProcessor::convertValue and SortingProcessor::applyOrders foreach
  // them, so the sort written first applies first whatever its index (written in order, that is index order).
  it("sort orders apply in the order they are written, as PHP's array order; indexes do not reorder them", async () => {
    const q =
      "searchCriteria[sortOrders][1][field]=price&searchCriteria[sortOrders][1][direction]=ASC&searchCriteria[sortOrders][0][field]=status&searchCriteria[sortOrders][0][direction]=ASC&searchCriteria[pageSize]=5";
    const r = await h.get(`/rest/V1/products?${q}`);
    expect(r.json.search_criteria.sort_orders).toEqual([
      { field: "price", direction: "ASC" },
      { field: "status", direction: "ASC" },
    ]);
    const expected = [...products].sort((a, b) => a.price - b.price || a.status - b.status).slice(0, 5);
    expect(r.json.items.map((p: Product) => [p.price, p.status])).toEqual(expected.map((p) => [p.price, p.status]));
    const inOrder = await h.get(
      `/rest/V1/products?${q.replace(/\[1\]/g, "[x]").replace(/\[0\]/g, "[1]").replace(/\[x\]/g, "[0]")}`,
    );
    expect(inOrder.json.search_criteria.sort_orders).toEqual([
      { field: "price", direction: "ASC" },
      { field: "status", direction: "ASC" },
    ]);
  });

  it("the seed profile applies sort orders in index order, whatever order they are written in", async () => {
    const seed = harness({ profile: "seed" }, h.data);
    const q =
      "searchCriteria[sortOrders][1][field]=price&searchCriteria[sortOrders][1][direction]=ASC&searchCriteria[sortOrders][0][field]=status&searchCriteria[sortOrders][0][direction]=ASC&searchCriteria[pageSize]=5";
    const r = await seed.get(`/rest/V1/products?${q}`);
    expect(r.json.search_criteria.sort_orders).toEqual([
      { field: "status", direction: "ASC" },
      { field: "price", direction: "ASC" },
    ]);
    const expected = [...products].sort((a, b) => a.status - b.status || a.price - b.price).slice(0, 5);
    expect(r.json.items.map((p: Product) => [p.status, p.price])).toEqual(expected.map((p) => [p.status, p.price]));
  });

  it("a sort order without direction is descending", async () => {
    const r = await search({ sort: [["price"]], pageSize: 10 });
    const expected = [...products].sort((a, b) => b.price - a.price).slice(0, 10);
    expect(r.items.map((p) => p.price)).toEqual(expected.map((p) => p.price));
    expect(r.search_criteria.sort_orders).toEqual([{ field: "price" }]);
  });

  it("pageSize omitted returns every match", async () => {
    const r = await h.get("/rest/V1/products?searchCriteria=");
    expect(r.json.items.length).toBe(products.length);
    expect(r.json.total_count).toBe(products.length);
    expect(products.length).toBeGreaterThanOrEqual(2000);
    expect(r.json.search_criteria).toEqual({ filter_groups: [] });
  });

  it("`?searchCriteria` without a value is accepted; no searchCriteria at all is a 400", async () => {
    expect((await h.get("/rest/V1/products?searchCriteria")).status).toBe(200);
    const missing = await h.get("/rest/V1/products");
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({
      message: '"%fieldName" is required. Enter and try again.',
      parameters: { fieldName: "searchCriteria" },
    });
  });

  it("pages partition the result; a page past the end answers the last page again", async () => {
    const total = products.length;
    const pageSize = 300;
    const lastPage = Math.ceil(total / pageSize);
    const seen: string[] = [];
    for (let page = 1; page <= lastPage; page++)
      seen.push(...skus(await search({ sort: [["entity_id", "ASC"]], pageSize, currentPage: page })));
    expect(seen).toEqual(products.map((p) => p.sku));
    const last = await search({ sort: [["entity_id", "ASC"]], pageSize, currentPage: lastPage });
    const past = await search({ sort: [["entity_id", "ASC"]], pageSize, currentPage: lastPage + 5 });
    expect(skus(past)).toEqual(skus(last));
    expect(past.items.length).toBe(total - (lastPage - 1) * pageSize);
    expect(past.search_criteria).toMatchObject({ page_size: pageSize, current_page: lastPage + 5 });
  });

  it("accepts camelCase names like the REST input processor (filterGroups, conditionType, pageSize)", async () => {
    const q =
      "searchCriteria[filterGroups][0][filters][0][field]=price&searchCriteria[filterGroups][0][filters][0][value]=250&searchCriteria[filterGroups][0][filters][0][conditionType]=gt&searchCriteria[page_size]=1000";
    const r = await h.get(`/rest/V1/products?${q}`);
    expect(r.json.total_count).toBe(products.filter((p) => p.price > 250).length);
    expect(r.json.search_criteria).toEqual({
      filter_groups: [{ filters: [{ field: "price", value: "250", condition_type: "gt" }] }],
      page_size: 1000,
    });
  });

  it("input errors: unknown condition type, non-integer pageSize", async () => {
    const r = await h.get(`/rest/V1/products?${criteria({ groups: [[["price", "1", "between"]]] })}`);
    expect(r.status).toBe(400);
    expect(r.json.parameters).toEqual({ value: "between", fieldName: "condition_type" });
    const ps = await h.get("/rest/V1/products?searchCriteria[pageSize]=ten");
    expect(ps.status).toBe(400);
    expect(ps.json.parameters).toEqual({ value: "ten", type: "int" });
  });

  it("with Web API input limits: default page size 20, maximum 300", async () => {
    const limited = harness({ inputLimits: true }, h.data);
    const def = await limited.get("/rest/V1/products?searchCriteria=");
    expect(def.json.items.length).toBe(20);
    expect(def.json.total_count).toBe(products.length);
    const ok = await limited.get("/rest/V1/products?searchCriteria[pageSize]=300");
    expect(ok.json.items.length).toBe(300);
    const tooBig = await limited.get("/rest/V1/products?searchCriteria[pageSize]=301");
    expect(tooBig.status).toBe(400);
    expect(tooBig.json).toEqual({ message: "Maximum SearchCriteria pageSize is %max", parameters: { max: 300 } });
  });
});

describe("searchCriteria on other repositories", () => {
  it("orders: null customer_id finds guest orders; billing address stays whole", async () => {
    const orders = [...h.data.orders.values()];
    const r = await h.get(`/rest/V1/orders?${criteria({ groups: [[["customer_id", undefined, "null"]]] })}`);
    expect(r.json.total_count).toBe(orders.filter((o) => o.customer_id === undefined).length);
    expect(r.json.items.every((o: { customer_is_guest: number }) => o.customer_is_guest === 1)).toBe(true);
  });

  it("invoices: created_at range in `YYYY-MM-DD hh:mm:ss`", async () => {
    const invoices = [...h.data.invoices.values()];
    const from = invoices[10]!.created_at;
    const to = invoices[40]!.created_at;
    const r = await h.get(
      `/rest/V1/invoices?${criteria({ groups: [[["created_at", from, "from"]], [["created_at", to, "to"]]], sort: [["created_at", "ASC"]] })}`,
    );
    const expected = invoices
      .filter((i) => i.created_at >= from && i.created_at <= to)
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
    expect(r.json.items.map((i: { entity_id: number }) => i.entity_id)).toEqual(expected.map((i) => i.entity_id));
  });

  it("customers: like on email, sorted by id ascending", async () => {
    const r = await h.get(
      `/rest/V1/customers/search?${criteria({ groups: [[["email", "%smith%", "like"]]], sort: [["id", "ASC"]] })}`,
    );
    const expected = [...h.data.customers.values()].filter((c) => c.email.includes("smith")).map((c) => c.id);
    expect(r.json.items.map((c: { id: number }) => c.id)).toEqual(expected);
  });

  it("encoded field names in the query are decoded like PHP's $_GET", async () => {
    const q = `${enc("searchCriteria[filter_groups][0][filters][0][field]")}=sku&${enc("searchCriteria[filter_groups][0][filters][0][value]")}=${enc("A/B/C")}`;
    const r = await h.get(`/rest/V1/products?${q}`);
    expect(skus(r.json)).toEqual(["A/B/C"]);
  });
});
