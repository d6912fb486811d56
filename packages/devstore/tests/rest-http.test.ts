import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevStore, type DevStore } from "../src/server";
import { rawRequest } from "../../../tests/helpers/devstore-client";
import { criteria } from "../../../tests/helpers/devstore-rest-harness";

let store: DevStore;
let token: string;

beforeAll(async () => {
  store = await startDevStore({ port: 0, host: "127.0.0.1" });
  const res = await rawRequest(store.url, {
    method: "POST",
    path: "/rest/V1/integration/admin/token",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "admin123" }),
  });
  expect(res.status).toBe(200);
  token = JSON.parse(res.body) as string;
});
afterAll(async () => {
  await store?.close();
});

const get = async (path: string, auth = true) => {
  const res = await rawRequest(store.url, {
    method: "GET",
    path,
    headers: auth ? { Authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, json: JSON.parse(res.body), headers: res.headers };
};
const send = async (method: string, path: string, body: unknown) => {
  const res = await rawRequest(store.url, {
    method,
    path,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: JSON.parse(res.body) };
};

describe("REST over HTTP with an admin bearer token", () => {
  it("GET a product whose SKU has a slash, with fields", async () => {
    const r = await get("/rest/V1/products/ABC%2F10?fields=sku,extension_attributes[stock_item[qty]]");
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toContain("application/json");
    expect(r.json.sku).toBe("ABC/10");
    expect(Object.keys(r.json)).toEqual(["sku", "extension_attributes"]);
  });

  it("searchCriteria through the real query string, /index.php/rest and a store code", async () => {
    const q = criteria({
      groups: [[["name", "%Duffle%", "like"]], [["price", "50", "gteq"]]],
      sort: [["price", "ASC"]],
      pageSize: 5,
    });
    const a = await get(`/rest/V1/products?${q}`);
    const b = await get(`/index.php/rest/fr/V1/products?${q}`);
    expect(a.status).toBe(200);
    expect(b.json).toEqual(a.json);
    const prices = a.json.items.map((p: { price: number }) => p.price);
    expect(prices).toEqual([...prices].sort((x: number, y: number) => x - y));
    expect(a.json.items.every((p: { name: string; price: number }) => /duffle/i.test(p.name) && p.price >= 50)).toBe(
      true,
    );
  });

  it("guests get Magento's 401; unknown routes 404", async () => {
    const r = await get("/rest/V1/orders/1", false);
    expect(r.status).toBe(401);
    expect(r.json).toEqual({
      message: "The consumer isn't authorized to access %resources.",
      parameters: { resources: "Magento_Sales::actions_view" },
    });
    expect((await get("/rest/V1/directory/countries/US", false)).status).toBe(200);
    const none = await get("/rest/V1/nothing/here");
    expect(none).toMatchObject({ status: 404, json: { message: "Request does not match any route." } });
  });

  it("writes persist across requests; the admin reset returns to the seed", async () => {
    const before = (await get("/rest/V1/cmsPage/2")).json.title;
    expect((await send("PUT", "/rest/V1/cmsPage/2", { page: { title: "Changed over HTTP" } })).json.title).toBe(
      "Changed over HTTP",
    );
    expect((await get("/rest/V1/cmsPage/2")).json.title).toBe("Changed over HTTP");
    const reset = await rawRequest(store.url, {
      method: "POST",
      path: "/admin/api/reset",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(reset.status).toBeLessThan(300);
    // The reset also clears tokens; fetch a new one.
    const t = await rawRequest(store.url, {
      method: "POST",
      path: "/rest/V1/integration/admin/token",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "admin", password: "admin123" }),
    });
    token = JSON.parse(t.body) as string;
    expect((await get("/rest/V1/cmsPage/2")).json.title).toBe(before);
  });

  it("a customer token reaches /V1/customers/me only", async () => {
    const t = await rawRequest(store.url, {
      method: "POST",
      path: "/rest/V1/integration/customer/token",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "roni_cost@example.com", password: "roni_cost3" }),
    });
    expect(t.status).toBe(200);
    const customerToken = JSON.parse(t.body) as string;
    const me = await rawRequest(store.url, {
      method: "GET",
      path: "/rest/V1/customers/me",
      headers: { Authorization: `Bearer ${customerToken}` },
    });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ email: "roni_cost@example.com", firstname: "Veronica" });
    const other = await rawRequest(store.url, {
      method: "GET",
      path: "/rest/V1/customers/2",
      headers: { Authorization: `Bearer ${customerToken}` },
    });
    expect(other.status).toBe(401);
  });

  it("the schema needs the admin token and lists the served operations", async () => {
    expect((await get("/rest/default/schema", false)).status).toBe(401);
    const doc = await get("/rest/default/schema?services=catalogProductRepositoryV1");
    expect(doc.status).toBe(200);
    expect(doc.json.paths["/V1/products/{sku}"].get.operationId).toBe("catalogProductRepositoryV1GetGet");
  });
});
