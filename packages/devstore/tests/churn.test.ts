/**
 * The dev store's sync-facing behaviour (docs/sync.md, "What Magento hides from a poll"): REST saves stamp
 * updated_at, a stock item save does not (magento/magento2 #37670); POST /admin/api/churn makes deterministic
 * changes whose mass updates and stock changes leave updated_at alone, and answers what it changed; the Date
 * header follows the store's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevStore, type DevStore } from "../src/server";
import { churn, type ChurnResult } from "../src/admin/churn";
import { createStoreData } from "../src/data/index";
import { ADMIN, harness } from "../../../tests/helpers/devstore-rest-harness";

const LATER = Date.UTC(2026, 10, 23, 8, 0, 0);

describe("updated_at as Magento keeps it", () => {
  it("a product save stamps updated_at; a stock item save leaves it alone", async () => {
    let now = Date.UTC(2026, 10, 22, 5, 0, 0);
    const h = harness({ now: () => now });
    h.as(ADMIN);
    const before = (await h.get("/rest/V1/products/24-MB01")).json;
    now = LATER;
    expect((await h.call("PUT", "/rest/V1/products/24-MB01/stockItems/1", { stockItem: { qty: 3 } })).status).toBe(200);
    const afterStock = (await h.get("/rest/V1/products/24-MB01")).json;
    expect(afterStock.extension_attributes.stock_item.qty).toBe(3);
    expect(afterStock.updated_at).toBe(before.updated_at);
    await h.call("PUT", "/rest/V1/products/24-MB01", { product: { name: "Joust Duffle Bag, renamed" } });
    expect((await h.get("/rest/V1/products/24-MB01")).json.updated_at).toBe("2026-11-23 08:00:00");
  });
});

describe("churn", () => {
  const request = { seed: 42, creates: 4, updates: 6, deletes: 3, massUpdates: 3, stockChanges: 4 };

  it("is deterministic: the same seed on the same data makes the same changes", async () => {
    const a = await churn(createStoreData({ products: 300 }), () => LATER, request);
    const b = await churn(createStoreData({ products: 300 }), () => LATER, request);
    expect(a).toEqual(b);
    expect(a.created).toHaveLength(4);
    expect(a.updated).toHaveLength(6);
    expect(a.massUpdated).toHaveLength(3);
    expect(a.stockChanged).toHaveLength(4);
    expect(await churn(createStoreData({ products: 300 }), () => LATER, { ...request, seed: 43 })).not.toEqual(a);
  });

  it("creates and updates stamp updated_at; mass updates and stock changes do not; deletes remove", async () => {
    const data = createStoreData({ products: 300 });
    const stamps = new Map([...data.productsById.values()].map((p) => [p.sku, p.updated_at]));
    const r: ChurnResult = await churn(data, () => LATER, {
      seed: 5,
      creates: 2,
      updates: 0,
      deletes: 2,
      massUpdates: 5,
      stockChanges: 5,
    });
    for (const m of [...r.massUpdated, ...r.stockChanged]) {
      const p = data.product(m.sku!);
      if (!p) continue; // deleted after
      expect(p.updated_at).toBe(stamps.get(p.sku));
    }
    for (const c of r.created.filter((x) => x.entity === "products"))
      expect(data.product(c.sku!)?.updated_at).toBe("2026-11-23 08:00:00");
    for (const d of r.deleted) {
      if (d.entity === "products") expect(data.product(d.sku!)).toBeUndefined();
      else expect(data.customers.has(d.id)).toBe(false);
    }
  });
});

describe("over HTTP", () => {
  let store: DevStore;
  beforeAll(async () => {
    store = await startDevStore({ port: 0, products: 100 });
  });
  afterAll(async () => {
    await store?.close();
  });
  const post = (path: string, body: unknown) =>
    fetch(`${store.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("POST /admin/api/churn answers what it changed, and refuses a bad body saying what is wrong", async () => {
    const res = await post("/admin/api/churn", {
      seed: 1,
      creates: 1,
      updates: 1,
      deletes: 0,
      massUpdates: 1,
      stockChanges: 1,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ChurnResult;
    expect(body.created).toHaveLength(1);
    expect(body.stockChanged[0]).toMatchObject({ entity: "stock", field: "qty" });
    const bad = await post("/admin/api/churn", { seed: -1, creates: "many" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/seed.*creates/s);
    expect((await post("/admin/api/churn", { seed: 1, colour: 1 })).status).toBe(400);
  });

  it("the Date header is the store's clock, moved by POST /admin/api/clock", async () => {
    await post("/admin/api/clock", { offsetSeconds: 86_400 });
    const res = await fetch(`${store.url}/admin/api/clock`);
    const { now } = (await res.json()) as { now: number };
    const date = Date.parse(res.headers.get("date")!);
    expect(Math.abs(date / 1000 - now)).toBeLessThanOrEqual(1);
    expect(date - Date.now()).toBeGreaterThan(86_000_000);
  });
});
