import { beforeEach, describe, expect, it } from "vitest";
import { createStoreData } from "../src/data/index";
import { ADMIN, criteria, customer, harness, type Harness } from "../../../tests/helpers/devstore-rest-harness";

let h: Harness;
beforeEach(() => {
  h = harness();
  h.as(ADMIN);
});

describe("seed data", () => {
  it("is deterministic and big enough", () => {
    const a = createStoreData();
    const b = createStoreData();
    expect(JSON.stringify([...a.productsById.values()])).toBe(JSON.stringify([...b.productsById.values()]));
    expect(JSON.stringify([...a.orders.values()])).toBe(JSON.stringify([...b.orders.values()]));
    expect(a.productsById.size).toBeGreaterThanOrEqual(2000);
    expect(a.customers.size).toBeGreaterThanOrEqual(300);
    expect(a.orders.size).toBeGreaterThanOrEqual(1000);
    expect(a.categories.size).toBeGreaterThanOrEqual(30);
    expect([...a.productsById.values()].some((p) => p.sku.includes("/"))).toBe(true);
    expect([...a.productsById.values()].some((p) => p.sku.includes(" "))).toBe(true);
  });

  it("records carry the seed's fields", () => {
    const d = h.data;
    const p = d.product("ABC/10")!;
    expect(typeof p.extension_attributes.stock_item.item_id).toBe("number");
    expect(typeof p.extension_attributes.category_links[0]!.category_id).toBe("string");
    const o = d.orders.get(1)!;
    for (const f of [
      "address_type",
      "city",
      "country_id",
      "email",
      "entity_id",
      "firstname",
      "lastname",
      "parent_id",
      "postcode",
      "region",
      "region_code",
      "region_id",
      "street",
      "telephone",
    ]) {
      expect(o.billing_address, f).toHaveProperty(f);
    }
    for (const inv of d.invoices.values()) expect(inv.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    for (const s of d.shipments.values())
      for (const i of s.items) expect(Object.keys(i)).toEqual(expect.arrayContaining(["name", "qty", "sku"]));
    // Sales documents point at orders in a state that has them.
    for (const inv of d.invoices.values())
      expect(["processing", "complete", "closed", "holded"]).toContain(d.orders.get(inv.order_id)!.state);
    for (const cm of d.creditMemos.values()) expect(d.orders.get(cm.order_id)!.state).toBe("closed");
  });
});

describe("products", () => {
  it("create, read, merge-update, stock update, delete, and reset", async () => {
    const created = await h.call("POST", "/rest/V1/products", {
      product: {
        sku: "KIT/1 new",
        name: "Kit product",
        price: 19.99,
        type_id: "simple",
        extension_attributes: { stock_item: { qty: 12 }, category_links: [{ position: 1, category_id: "4" }] },
        custom_attributes: [{ attribute_code: "color", value: "49" }],
      },
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      sku: "KIT/1 new",
      name: "Kit product",
      price: 19.99,
      extension_attributes: { stock_item: { qty: 12, is_in_stock: true } },
    });
    const id = created.json.id;
    expect(id).toBe(Math.max(...[...createStoreData().productsById.keys()]) + 1);
    const got = await h.get("/rest/V1/products/KIT%2F1%20new");
    expect(got.json).toEqual(created.json);
    expect((await h.get("/rest/V1/products/kit%2F1%20NEW")).json.id).toBe(id); // SKU lookup is case-insensitive

    const put = await h.call("PUT", "/rest/V1/products/KIT%2F1%20new", {
      product: {
        price: 25,
        custom_attributes: [{ attribute_code: "activity", value: "5,8" }],
        extension_attributes: { stock_item: { qty: 0 } },
      },
    });
    expect(put.json).toMatchObject({
      name: "Kit product",
      price: 25,
      extension_attributes: { stock_item: { qty: 0, is_in_stock: false } },
    });
    expect(put.json.custom_attributes).toEqual(
      expect.arrayContaining([
        { attribute_code: "color", value: "49" },
        { attribute_code: "activity", value: "5,8" },
      ]),
    );

    const itemId = put.json.extension_attributes.stock_item.item_id;
    const stock = await h.call("PUT", `/rest/V1/products/KIT%2F1%20new/stockItems/${itemId}`, {
      stockItem: { qty: 40 },
    });
    expect(stock.json).toBe(itemId);
    expect((await h.get("/rest/V1/stockItems/KIT%2F1%20new")).json).toMatchObject({
      qty: 40,
      is_in_stock: true,
      product_id: id,
    });

    const list = await h.get(`/rest/V1/products?${criteria({ groups: [[["sku", "KIT/1%", "like"]]] })}`);
    expect(list.json.total_count).toBe(1);

    expect((await h.call("DELETE", "/rest/V1/products/KIT%2F1%20new")).json).toBe(true);
    expect((await h.get("/rest/V1/products/KIT%2F1%20new")).status).toBe(404);
    expect((await h.call("DELETE", "/rest/V1/products/KIT%2F1%20new")).status).toBe(404);

    await h.call("PUT", "/rest/V1/products/ABC%2F10", { product: { name: "Changed" } });
    expect(h.data.product("ABC/10")!.name).toBe("Changed");
    h.data.reset();
    expect(h.data.product("ABC/10")!.name).toBe(createStoreData().product("ABC/10")!.name);
    expect(h.data.product("KIT/1 new")).toBeUndefined();
  });

  it("PUT keeps the path's SKU; POST with an existing SKU updates it; PUT of a new SKU creates it", async () => {
    const before = h.data.productsById.size;
    const put = await h.call("PUT", "/rest/V1/products/ABC%2F10", { product: { sku: "OTHER", price: 1 } });
    expect(put.json.sku).toBe("ABC/10");
    await h.call("POST", "/rest/V1/products", { product: { sku: "ABC/10", name: "Via POST" } });
    expect(h.data.product("ABC/10")!.name).toBe("Via POST");
    expect(h.data.productsById.size).toBe(before);
    const created = await h.call("PUT", "/rest/V1/products/BRAND-NEW", { product: { name: "Brand new", price: 3 } });
    expect(created.json.sku).toBe("BRAND-NEW");
    expect(h.data.productsById.size).toBe(before + 1);
  });

  it("validation: missing sku/name, bad type_id, bad price", async () => {
    expect((await h.call("POST", "/rest/V1/products", { product: { name: "x" } })).json.parameters).toEqual({
      fieldName: "sku",
    });
    expect((await h.call("POST", "/rest/V1/products", { product: { sku: "X-NEW" } })).status).toBe(400);
    expect(
      (await h.call("POST", "/rest/V1/products", { product: { sku: "X-NEW", name: "x", type_id: "weird" } })).status,
    ).toBe(400);
    expect(
      (await h.call("PUT", "/rest/V1/products/ABC%2F10", { product: { price: "cheap" } })).json.parameters,
    ).toEqual({ value: "cheap", type: "float" });
    expect(h.data.product("X-NEW")).toBeUndefined();
  });

  it("product types", async () => {
    const r = await h.get("/rest/V1/products/types");
    expect(r.json).toContainEqual({ name: "simple", label: "Simple Product" });
  });
});

describe("categories", () => {
  it("tree from the store root, rootCategoryId and depth", async () => {
    const full = (await h.get("/rest/V1/categories")).json;
    expect(full).toMatchObject({ id: 2, parent_id: 1, name: "Default Category", level: 1 });
    const count = (n: { children_data: unknown[] }): number =>
      1 + n.children_data.reduce((s: number, c) => s + count(c as never), 0);
    expect(count(full)).toBe(h.data.categories.size - 1);
    const shallow = (await h.get("/rest/V1/categories?rootCategoryId=7&depth=1")).json;
    expect(shallow.id).toBe(7);
    expect(shallow.children_data.map((c: { id: number }) => c.id)).toEqual(
      [...h.data.categories.values()].filter((c) => c.parent_id === 7).map((c) => c.id),
    );
    expect(shallow.children_data.every((c: { children_data: unknown[] }) => c.children_data.length === 0)).toBe(true);
    const bags = (await h.get("/rest/V1/categories?rootCategoryId=4")).json;
    expect(bags.product_count).toBe(
      [...h.data.productsById.values()].filter((p) =>
        p.extension_attributes.category_links.some((l) => l.category_id === "4"),
      ).length,
    );
  });

  it("create, update, move with afterId, product links, delete with children", async () => {
    const created = await h.call("POST", "/rest/V1/categories", {
      category: { name: "Outlet", is_active: true, parent_id: 3 },
    });
    expect(created.json).toMatchObject({ name: "Outlet", parent_id: 3, level: 3, is_active: true });
    const id = created.json.id as number;
    expect(created.json.path).toBe(`1/2/3/${id}`);
    expect((await h.call("PUT", `/rest/V1/categories/${id}`, { category: { name: "Outlet Store" } })).json.name).toBe(
      "Outlet Store",
    );

    // Move "Men > Tops" (8) under Women (15) after Women > Tops (16): its subtree follows.
    expect((await h.call("PUT", "/rest/V1/categories/8/move", { parentId: 15, afterId: 16 })).json).toBe(true);
    const women = (await h.get("/rest/V1/categories?rootCategoryId=15&depth=1")).json;
    expect(women.children_data.map((c: { id: number }) => c.id)).toEqual([16, 8, 21]);
    expect((await h.get("/rest/V1/categories/9")).json).toMatchObject({ level: 4, path: "1/2/15/8/9" });
    await h.call("PUT", "/rest/V1/categories/8/move", { parentId: 15, afterId: 0 });
    expect((await h.get("/rest/V1/categories?rootCategoryId=15&depth=1")).json.children_data[0].id).toBe(8);
    await h.call("PUT", "/rest/V1/categories/8/move", { parentId: 15 });
    expect((await h.get("/rest/V1/categories?rootCategoryId=15&depth=1")).json.children_data.at(-1).id).toBe(8);
    const loop = await h.call("PUT", "/rest/V1/categories/15/move", { parentId: 9 });
    expect(loop.status).toBe(400);
    expect(loop.json.message).toBe("Operation do not allow to move a parent category to any of children category");
    expect((await h.call("PUT", "/rest/V1/categories/8/move", { parentId: 999 })).status).toBe(404);

    expect(
      (
        await h.call("POST", `/rest/V1/categories/${id}/products`, {
          productLink: { sku: "ABC/10", position: 3, category_id: String(id) },
        })
      ).json,
    ).toBe(true);
    expect((await h.get(`/rest/V1/categories/${id}/products`)).json).toEqual([
      { sku: "ABC/10", position: 3, category_id: String(id) },
    ]);
    expect(h.data.product("ABC/10")!.extension_attributes.category_links).toContainEqual({
      position: 3,
      category_id: String(id),
    });
    expect((await h.call("DELETE", `/rest/V1/categories/${id}/products/ABC%2F10`)).json).toBe(true);
    expect((await h.get(`/rest/V1/categories/${id}/products`)).json).toEqual([]);

    await h.call("POST", `/rest/V1/categories/${id}/products`, { productLink: { sku: "ABC/10", position: 1 } });
    expect((await h.call("DELETE", "/rest/V1/categories/8")).json).toBe(true);
    for (const gone of [8, 9, 10, 11]) expect((await h.get(`/rest/V1/categories/${gone}`)).status).toBe(404);
    expect(
      [...h.data.productsById.values()].some((p) =>
        p.extension_attributes.category_links.some((l) => ["8", "9", "10", "11"].includes(l.category_id)),
      ),
    ).toBe(false);
    expect((await h.call("DELETE", "/rest/V1/categories/2")).status).toBe(400);
  });
});

describe("customers", () => {
  it("create, duplicate email, get, update, me, delete", async () => {
    const c = await h.call("POST", "/rest/V1/customers", {
      customer: {
        email: "new.person@example.com",
        firstname: "New",
        lastname: "Person",
        addresses: [
          {
            firstname: "New",
            lastname: "Person",
            street: ["1 Test St"],
            city: "Austin",
            country_id: "US",
            region_id: 57,
            postcode: "78701",
            telephone: "555",
            default_billing: true,
          },
        ],
      },
      password: "Secret-pass1",
    });
    expect(c.status).toBe(200);
    expect(c.json.addresses[0].region).toEqual({ region_id: 57, region_code: "TX", region: "Texas" });
    expect(c.json.default_billing).toBe(String(c.json.addresses[0].id));
    expect(h.data.verifyCustomerPassword("new.person@example.com", "Secret-pass1")).toBe(c.json.id);
    const dup = await h.call("POST", "/rest/V1/customers", {
      customer: { email: "NEW.person@example.com", firstname: "A", lastname: "B" },
    });
    expect(dup.json.message).toBe("A customer with the same email address already exists in an associated website.");
    expect(
      (
        await h.call("POST", "/rest/V1/customers/isEmailAvailable", {
          customerEmail: "new.person@example.com",
          websiteId: 1,
        })
      ).json,
    ).toBe(false);

    const upd = await h.call("PUT", `/rest/V1/customers/${c.json.id}`, { customer: { lastname: "Renamed" } });
    expect(upd.json).toMatchObject({ firstname: "New", lastname: "Renamed", email: "new.person@example.com" });

    h.as(customer(c.json.id));
    expect((await h.get("/rest/V1/customers/me")).json.lastname).toBe("Renamed");
    expect(
      (await h.call("PUT", "/rest/V1/customers/me?fields=firstname", { customer: { firstname: "Me" } })).json,
    ).toEqual({ firstname: "Me" });
    h.as(ADMIN);
    expect((await h.get(`/rest/V1/customers/${c.json.id}`)).json.firstname).toBe("Me");
    expect((await h.call("DELETE", `/rest/V1/customers/${c.json.id}`)).json).toBe(true);
    expect((await h.get(`/rest/V1/customers/${c.json.id}`)).json.parameters).toEqual({
      fieldName: "customerId",
      fieldValue: c.json.id,
    });
  });
});

describe("orders", () => {
  const firstIn = (state: string) => [...h.data.orders.values()].find((o) => o.state === state)!;

  it("statuses, comments", async () => {
    const o = firstIn("processing");
    expect((await h.get(`/rest/V1/orders/${o.entity_id}/statuses`)).json).toBe(o.status);
    expect(
      (
        await h.call("POST", `/rest/V1/orders/${o.entity_id}/comments`, {
          statusHistory: { comment: "Packed", is_customer_notified: 0, is_visible_on_front: 1 },
        })
      ).json,
    ).toBe(true);
    const comments = (await h.get(`/rest/V1/orders/${o.entity_id}/comments`)).json;
    expect(comments.total_count).toBe(1);
    expect(comments.items[0]).toMatchObject({
      comment: "Packed",
      parent_id: o.entity_id,
      status: "processing",
      is_visible_on_front: 1,
    });
  });

  it("hold and unhold restore the previous state; invalid transitions are refused", async () => {
    const o = firstIn("new");
    expect((await h.call("POST", `/rest/V1/orders/${o.entity_id}/hold`)).json).toBe(true);
    expect((await h.get(`/rest/V1/orders/${o.entity_id}`)).json).toMatchObject({ state: "holded", status: "holded" });
    const again = await h.call("POST", `/rest/V1/orders/${o.entity_id}/hold`);
    expect(again).toMatchObject({ status: 400, json: { message: "A hold action is not available." } });
    expect((await h.call("POST", `/rest/V1/orders/${o.entity_id}/cancel`)).json).toBe(false);
    expect((await h.call("POST", `/rest/V1/orders/${o.entity_id}/unhold`)).json).toBe(true);
    expect((await h.get(`/rest/V1/orders/${o.entity_id}`)).json).toMatchObject({ state: "new", status: "pending" });
    const notHeld = await h.call("POST", `/rest/V1/orders/${o.entity_id}/unhold`);
    expect(notHeld).toMatchObject({ status: 400, json: { message: "You can't remove the hold." } });
    for (const state of ["complete", "closed", "canceled"]) {
      expect((await h.call("POST", `/rest/V1/orders/${firstIn(state).entity_id}/hold`)).status, state).toBe(400);
    }
  });

  it("cancel: pending orders cancel (true), invoiced or final orders answer false", async () => {
    const pending = firstIn("new");
    expect((await h.call("POST", `/rest/V1/orders/${pending.entity_id}/cancel`)).json).toBe(true);
    expect((await h.get(`/rest/V1/orders/${pending.entity_id}/statuses`)).json).toBe("canceled");
    expect((await h.call("POST", `/rest/V1/orders/${pending.entity_id}/cancel`)).json).toBe(false);
    for (const state of ["processing", "complete", "closed", "holded"]) {
      const o = firstIn(state);
      expect((await h.call("POST", `/rest/V1/orders/${o.entity_id}/cancel`)).json, state).toBe(false);
      expect(h.data.orders.get(o.entity_id)!.state).toBe(state);
    }
    expect((await h.call("POST", "/rest/V1/orders/999999/cancel")).status).toBe(404);
  });

  it("invoice then ship a pending order: ids answered, documents listed, state processing → complete", async () => {
    const o = firstIn("new");
    const invoicesBefore = h.data.invoices.size;
    const invoiceId = (await h.call("POST", `/rest/V1/order/${o.entity_id}/invoice`, { capture: true, notify: false }))
      .json;
    expect(typeof invoiceId).toBe("number");
    expect(h.data.invoices.size).toBe(invoicesBefore + 1);
    const inv = (await h.get(`/rest/V1/invoices/${invoiceId}`)).json;
    expect(inv).toMatchObject({ order_id: o.entity_id, grand_total: o.grand_total, total_qty: o.total_qty_ordered });
    expect((await h.get(`/rest/V1/orders/${o.entity_id}`)).json).toMatchObject({
      state: "processing",
      total_invoiced: o.grand_total,
    });
    const again = await h.call("POST", `/rest/V1/order/${o.entity_id}/invoice`, {});
    expect(again).toMatchObject({
      status: 400,
      json: { message: "Invoice Document Validation Error(s):\nThe order does not allow an invoice to be created." },
    });
    expect((await h.call("POST", `/rest/V1/orders/${o.entity_id}/cancel`)).json).toBe(false);

    const first = o.items[0]!;
    const partial = await h.call("POST", `/rest/V1/order/${o.entity_id}/ship`, {
      items: [{ order_item_id: first.item_id, qty: first.qty_ordered }],
      tracks: [{ track_number: "TRACK1", title: "UPS", carrier_code: "ups" }],
    });
    const shipment = (await h.get(`/rest/V1/shipment/${partial.json}`)).json;
    expect(shipment.items).toEqual([
      expect.objectContaining({ sku: first.sku, qty: first.qty_ordered, name: first.name }),
    ]);
    expect(shipment.tracks[0]).toMatchObject({ track_number: "TRACK1", carrier_code: "ups" });
    const stateAfterPartial = (await h.get(`/rest/V1/orders/${o.entity_id}/statuses`)).json;
    expect(stateAfterPartial).toBe(o.items.length > 1 ? "processing" : "complete");
    if (o.items.length > 1) expect((await h.call("POST", `/rest/V1/order/${o.entity_id}/ship`, {})).status).toBe(200);
    expect((await h.get(`/rest/V1/orders/${o.entity_id}`)).json.state).toBe("complete");
    const refused = await h.call("POST", `/rest/V1/order/${o.entity_id}/ship`, {});
    expect(refused.json.message).toBe(
      "Shipment Document Validation Error(s):\nThe order does not allow a shipment to be created.",
    );
    expect((await h.call("POST", `/rest/V1/order/${firstIn("holded").entity_id}/ship`, {})).status).toBe(400);
    expect((await h.call("POST", "/rest/V1/order/999999/invoice", {})).status).toBe(404);
  });

  it("invoices, shipments, credit memos: list totals match the data", async () => {
    for (const [url, size] of [
      ["/rest/V1/invoices", h.data.invoices.size],
      ["/rest/V1/shipments", h.data.shipments.size],
      ["/rest/V1/creditmemos", h.data.creditMemos.size],
    ] as const) {
      const r = await h.get(`${url}?searchCriteria[pageSize]=1`);
      expect(r.json.total_count, url).toBe(size);
      expect(size).toBeGreaterThan(0);
    }
    const cm = [...h.data.creditMemos.values()][0]!;
    expect((await h.get(`/rest/V1/creditmemo/${cm.entity_id}`)).json.order_id).toBe(cm.order_id);
    const inv = (await h.get(`/rest/V1/invoices?${criteria({ groups: [[["order_id", String(cm.order_id)]]] })}`)).json;
    expect(inv.items.map((i: { entity_id: number }) => i.entity_id)).toEqual([cm.invoice_id]);
  });
});

describe("CMS", () => {
  it.each([
    ["cmsPage", "page"],
    ["cmsBlock", "block"],
  ])("%s: search, create, duplicate identifier, update, delete", async (base, wrapper) => {
    const map = base === "cmsPage" ? h.data.cmsPages : h.data.cmsBlocks;
    // The column is is_active (the API renders it as `active`).
    const active = (await h.get(`/rest/V1/${base}/search?${criteria({ groups: [[["is_active", "1"]]] })}`)).json;
    expect(active.total_count).toBe([...map.values()].filter((r) => r.active).length);
    const created = await h.call("POST", `/rest/all/V1/${base}`, {
      [wrapper]: { identifier: "kit-test", title: "Kit test", content: "<p>hi</p>", active: true },
    });
    expect(created.status).toBe(200);
    const id = created.json.id;
    expect((await h.get(`/rest/V1/${base}/${id}`)).json.identifier).toBe("kit-test");
    const dup = await h.call("POST", `/rest/V1/${base}`, { [wrapper]: { identifier: "kit-test", title: "Again" } });
    expect(dup.status).toBe(400);
    const upd = await h.call("PUT", `/rest/V1/${base}/${id}`, { [wrapper]: { title: "Renamed", active: false } });
    expect(upd.json).toMatchObject({ title: "Renamed", active: false, identifier: "kit-test" });
    expect((await h.call("PUT", `/rest/V1/${base}/${id}`, { [wrapper]: { is_active: true } })).json.active).toBe(true);
    expect((await h.call("DELETE", `/rest/V1/${base}/${id}`)).json).toBe(true);
    expect((await h.get(`/rest/V1/${base}/${id}`)).status).toBe(404);
  });
});

describe("more catalogue operations", () => {
  it("stock statuses and low-stock items", async () => {
    const p = h.data.product("ABC/10")!;
    expect((await h.get("/rest/V1/stockStatuses/ABC%2F10")).json).toMatchObject({
      product_id: p.id,
      qty: p.extension_attributes.stock_item.qty,
      stock_status: p.extension_attributes.stock_item.is_in_stock ? 1 : 0,
    });
    const low = (await h.get("/rest/V1/stockItems/lowStock/?scopeId=0&qty=5&pageSize=10")).json;
    const expected = [...h.data.productsById.values()].filter((x) => x.extension_attributes.stock_item.qty < 5);
    expect(low.total_count).toBe(expected.length);
    expect(low.items.map((i: { product_id: number }) => i.product_id)).toEqual(expected.slice(0, 10).map((x) => x.id));
    expect((await h.get("/rest/V1/stockItems/lowStock?scopeId=0")).json.parameters).toEqual({ fieldName: "qty" });
  });

  it("customer addresses, default billing/shipping (me and by id), address delete", async () => {
    const roni = h.data.customers.get(1)!;
    const billing = (await h.get("/rest/V1/customers/1/billingAddress")).json;
    expect(billing.id).toBe(Number(roni.default_billing));
    expect((await h.get(`/rest/V1/customers/addresses/${billing.id}`)).json.city).toBe("Calder");
    h.as(customer(1));
    expect((await h.get("/rest/V1/customers/me/shippingAddress")).json.id).toBe(Number(roni.default_shipping));
    h.as(ADMIN);
    const without = [...h.data.customers.values()].find((c) => c.addresses.length === 0)!;
    const none = await h.get(`/rest/V1/customers/${without.id}/billingAddress`);
    expect(none).toMatchObject({ status: 200, json: null });
    expect((await h.call("DELETE", `/rest/V1/addresses/${billing.id}`)).json).toBe(true);
    expect((await h.get(`/rest/V1/customers/addresses/${billing.id}`)).json).toEqual({
      message: "No such entity with %fieldName = %fieldValue",
      parameters: { fieldName: "addressId", fieldValue: billing.id },
    });
    expect((await h.get("/rest/V1/customers/1")).json.default_billing).toBeUndefined();
  });

  it("customer groups", async () => {
    expect((await h.get("/rest/V1/customerGroups/default")).json).toMatchObject({ id: 1, code: "General" });
    expect((await h.get("/rest/V1/customerGroups/2")).json.code).toBe("Wholesale");
    expect(
      (
        await h.get(
          "/rest/V1/customerGroups/search?searchCriteria[filter_groups][0][filters][0][field]=id&searchCriteria[filter_groups][0][filters][0][value]=0&searchCriteria[filter_groups][0][filters][0][condition_type]=gt",
        )
      ).json.total_count,
    ).toBe(3);
    expect((await h.get("/rest/V1/customerGroups/99")).status).toBe(404);
  });

  it("order items list and get; sales document comments", async () => {
    const all = [...h.data.orders.values()].flatMap((o) => o.items);
    const sku = all[0]!.sku;
    const r = (await h.get(`/rest/V1/orders/items?${criteria({ groups: [[["sku", sku]]] })}`)).json;
    expect(r.total_count).toBe(all.filter((i) => i.sku.toLowerCase() === sku.toLowerCase()).length);
    expect((await h.get(`/rest/V1/orders/items/${all[5]!.item_id}`)).json.sku).toBe(all[5]!.sku);
    expect((await h.get("/rest/V1/orders/items/99999999")).status).toBe(404);
    for (const url of [
      "/rest/V1/invoices/1/comments",
      "/rest/V1/shipment/1/comments",
      "/rest/V1/creditmemo/1/comments",
    ]) {
      expect((await h.get(url)).json, url).toMatchObject({ items: [], total_count: 0 });
    }
  });
});
