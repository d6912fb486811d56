import { beforeEach, describe, expect, it } from "vitest";
import { criteria, harness, type Harness } from "../../../tests/helpers/devstore-rest-harness";

let h: Harness;
beforeEach(() => {
  h = harness();
});

describe("fields", () => {
  it("GET: simple fields and a whole object", async () => {
    const p = h.data.product("ABC/10")!;
    const r = await h.get("/rest/V1/products/ABC%2F10?fields=sku,price,extension_attributes");
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      sku: p.sku,
      price: p.price,
      extension_attributes: JSON.parse(JSON.stringify(p.extension_attributes)),
    });
  });

  it("GET: object[a,b] and nesting to any depth", async () => {
    const p = h.data.product("ABC/10")!;
    const r = await h.get(
      "/rest/V1/products/ABC%2F10?fields=sku,extension_attributes[category_links[category_id],stock_item[item_id,qty]]",
    );
    expect(r.json).toEqual({
      sku: p.sku,
      extension_attributes: {
        category_links: p.extension_attributes.category_links.map((l) => ({ category_id: l.category_id })),
        stock_item: { item_id: p.extension_attributes.stock_item.item_id, qty: p.extension_attributes.stock_item.qty },
      },
    });
    const order = h.data.orders.get(3)!;
    const deep = await h.get(
      "/rest/V1/orders/3?fields=extension_attributes[shipping_assignments[shipping[address[city,region_code]]]]",
    );
    const a = order.extension_attributes.shipping_assignments[0]!.shipping.address;
    expect(deep.json).toEqual({
      extension_attributes: {
        shipping_assignments: [{ shipping: { address: { city: a.city, region_code: a.region_code } } }],
      },
    });
  });

  it("lists: items[...] trims every item; other top-level keys drop unless named", async () => {
    const r = await h.get(
      `/rest/V1/orders?${criteria({ pageSize: 5, sort: [["entity_id", "ASC"]] })}&fields=items[increment_id,customer_firstname,billing_address[city]],total_count`,
    );
    const expected = [...h.data.orders.values()].slice(0, 5).map((o) => ({
      increment_id: o.increment_id,
      customer_firstname: o.customer_firstname,
      billing_address: { city: o.billing_address.city },
    }));
    expect(r.json).toEqual({ items: expected, total_count: h.data.orders.size });
  });

  it("a shipment's items keep name, qty, sku", async () => {
    const s = h.data.shipments.get(1)!;
    const r = await h.get("/rest/V1/shipment/1?fields=items[name,qty,sku]");
    expect(r.json).toEqual({ items: s.items.map((i) => ({ name: i.name, qty: i.qty, sku: i.sku })) });
  });

  it("POST and PUT: fields is not input, but trims the response", async () => {
    const post = await h.call("POST", "/rest/V1/products?fields=sku,name,extension_attributes[stock_item[qty]]", {
      product: { sku: "FIELDS-1", name: "Fields test", price: 10, extension_attributes: { stock_item: { qty: 7 } } },
    });
    expect(post.status).toBe(200);
    expect(post.json).toEqual({
      sku: "FIELDS-1",
      name: "Fields test",
      extension_attributes: { stock_item: { qty: 7 } },
    });
    expect(h.data.product("FIELDS-1")?.price).toBe(10);
    const put = await h.call("PUT", "/rest/V1/products/FIELDS-1?fields=price", { product: { price: 12.5 } });
    expect(put.json).toEqual({ price: 12.5 });
    expect(h.data.product("FIELDS-1")?.name).toBe("Fields test");
  });

  it("a field the record lacks is simply absent; an empty fields value is no filter", async () => {
    const r = await h.get("/rest/V1/cmsPage/1?fields=identifier,nope");
    expect(r.json).toEqual({ identifier: h.data.cmsPages.get(1)!.identifier });
    const all = await h.get("/rest/V1/cmsPage/1?fields=");
    expect(Object.keys(all.json)).toEqual(Object.keys(h.data.cmsPages.get(1)!));
  });

  // magento/magento2 lib/internal/Magento/Framework/Webapi/Rest/Response/FieldsFilter.php::parse: only letters, digits,
  // `_`, `[`, `]` and `,`; an unclosed `[` (or a character outside that set) makes the whole answer [] (200).
  it.each([
    ["sku,", { sku: "ABC/10" }],
    [",sku", { sku: "ABC/10" }],
    ["extension_attributes[stock_item", []],
    ["sku name", []],
    ["sku]", []],
    ["a[b]]", []],
    ["a[]", []],
  ])("fields=%j is read the way FieldsFilter::parse reads it", async (fields, expected) => {
    const r = await h.get(`/rest/V1/products/ABC%2F10?fields=${encodeURIComponent(fields)}`);
    expect(r.status).toBe(200);
    expect(r.json).toEqual(expected);
  });

  it("items[sku, name] (a space) answers [], items[] keeps every item emptied, an empty list under a sub-filter is null", async () => {
    const q = criteria({ pageSize: 3, sort: [["entity_id", "ASC"]] });
    expect((await h.get(`/rest/V1/products?${q}&fields=${encodeURIComponent("items[sku, name]")}`)).json).toEqual([]);
    expect((await h.get(`/rest/V1/products?${q}&fields=items[]`)).json).toEqual({ items: [[], [], []] });
    const none = criteria({ groups: [[["sku", "NO-SUCH-SKU"]]] });
    expect((await h.get(`/rest/V1/products?${none}&fields=items[sku],total_count`)).json).toEqual({
      items: null,
      total_count: 0,
    });
    // "0" and "" are falsy in PHP: no filter at all.
    expect(Object.keys((await h.get(`/rest/V1/products?${q}&fields=0`)).json)).toEqual([
      "items",
      "search_criteria",
      "total_count",
    ]);
  });

  it("a broken fields on POST still saves (the filter runs on the answer), and the answer is []", async () => {
    const r = await h.call("POST", "/rest/V1/products?fields=sku[", {
      product: { sku: "FIELDS-BROKEN-1", name: "x", price: 1 },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual([]);
    expect(h.data.product("FIELDS-BROKEN-1")?.name).toBe("x");
  });
});
