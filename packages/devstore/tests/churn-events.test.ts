/**
 * On the Commerce edition the churn endpoint's changes raise the webhooks and I/O events their REST writes raise
 * (creates, updates, deletes and stock changes; the admin's mass attribute update raises none), and a webhook that
 * answers `exception` leaves its change unmade, listed under `refused`.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startDevStore, type DevStore } from "../src/server";
import type { ChurnResult } from "../src/admin/churn";

interface Received {
  path: string;
  body: { eventName?: string; type?: string; data?: Record<string, unknown> };
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};

describe("churn on the Commerce edition", () => {
  let store: DevStore;
  let receiver: Server;
  let url: string;
  let refuseProductSaves = false;
  const received: Received[] = [];

  beforeEach(async () => {
    received.length = 0;
    refuseProductSaves = false;
    receiver = createServer((req, res) => {
      const u = new URL(req.url!, "http://x");
      if (req.method === "GET") return void res.writeHead(200).end(u.searchParams.get("challenge") ?? "");
      void readBody(req).then((text) => {
        const body = JSON.parse(text) as Received["body"];
        received.push({ path: u.pathname, body });
        const refuse = refuseProductSaves && body.eventName === "plugin.magento.catalog.api.product_repository.save";
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify(refuse ? { op: "exception", message: "Product saves are frozen" } : { op: "success" }));
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    store = await startDevStore({ edition: "commerce", products: 100, ioRetryBaseMs: 50 });
    const hooks = [
      ["plugin.magento.catalog.api.product_repository.save", "before"],
      ["observer.catalog_product_save_after", "after"],
      ["observer.catalog_product_delete_after", "after"],
      ["observer.customer_save_after", "after"],
      ["observer.customer_delete_after", "after"],
      ["observer.sales_order_save_after", "after"],
      ["observer.cataloginventory_stock_item_save_after", "after"],
    ];
    for (const [method, type] of hooks)
      store.events!.webhooks.subscribe({
        webhook_method: method,
        webhook_type: type,
        hook_name: method!.replace(/\W/g, "_"),
        url: `${url}/hook`,
      });
    expect((await store.events!.io.register(`${url}/io`, "client-1")).status).toBe("verified");
  });
  afterEach(async () => {
    await store.events?.io.settle();
    await store.close();
    await new Promise((r) => receiver.close(r));
  });

  const churn = async (body: Record<string, number>) => {
    const res = await fetch(`${store.url}/admin/api/churn`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as ChurnResult;
  };
  const hookNames = () => received.filter((r) => r.path === "/hook").map((r) => r.body.eventName);
  const ioTypes = () => received.filter((r) => r.path === "/io").map((r) => r.body.type);

  it("each change but a mass update raises its webhooks and its I/O event", async () => {
    const r = await churn({ seed: 9, creates: 2, updates: 6, deletes: 4, massUpdates: 3, stockChanges: 2 });
    await store.events!.io.settle();
    const count = (list: Array<string | undefined>, name: string) => list.filter((n) => n === name).length;
    const productSaves =
      r.created.filter((c) => c.entity === "products").length + r.updated.filter((c) => c.entity === "products").length;
    const customerSaves =
      r.created.filter((c) => c.entity === "customers").length +
      r.updated.filter((c) => c.entity === "customers").length;
    const hooks = hookNames();
    const io = ioTypes();
    expect(count(hooks, "plugin.magento.catalog.api.product_repository.save")).toBe(productSaves);
    expect(count(hooks, "observer.catalog_product_save_after")).toBe(productSaves);
    expect(count(io, "com.adobe.commerce.observer.catalog_product_save_commit_after")).toBe(productSaves);
    expect(count(hooks, "observer.customer_save_after")).toBe(customerSaves);
    expect(count(io, "com.adobe.commerce.observer.customer_save_commit_after")).toBe(customerSaves);
    const orders = r.updated.filter((c) => c.entity === "orders").length;
    expect(count(hooks, "observer.sales_order_save_after")).toBe(orders);
    expect(count(io, "com.adobe.commerce.observer.sales_order_save_commit_after")).toBe(orders);
    expect(count(hooks, "observer.catalog_product_delete_after")).toBe(
      r.deleted.filter((c) => c.entity === "products").length,
    );
    expect(count(hooks, "observer.customer_delete_after")).toBe(
      r.deleted.filter((c) => c.entity === "customers").length,
    );
    expect(count(hooks, "observer.cataloginventory_stock_item_save_after")).toBe(r.stockChanged.length);
    // Every change but the 3 mass updates reached the I/O registration, once.
    expect(io).toHaveLength(r.created.length + r.updated.length + r.deleted.length + r.stockChanged.length);
    // The events carry what changed: each updated product's new name, each stock change's SKU and qty.
    for (const u of r.updated.filter((c) => c.entity === "products"))
      expect(
        received.some(
          (x) =>
            x.body.eventName === "observer.catalog_product_save_after" &&
            (x.body.data?.product as { sku?: string; name?: string }).sku === u.sku &&
            (x.body.data?.product as { name?: string }).name === u.value,
        ),
      ).toBe(true);
    for (const s of r.stockChanged)
      expect(
        received.some(
          (x) =>
            x.body.type === "com.adobe.commerce.observer.cataloginventory_stock_item_save_commit_after" &&
            (x.body.data?.value as { sku?: string; qty?: number }).sku === s.sku &&
            (x.body.data?.value as { qty?: number }).qty === s.value,
        ),
      ).toBe(true);
    expect(r.refused).toBeUndefined();
  });

  it("a webhook's exception leaves the change unmade and says so", async () => {
    refuseProductSaves = true;
    const r = await churn({ seed: 4, creates: 2, updates: 4 });
    await store.events!.io.settle();
    const refusedProducts = (r.refused ?? []).filter((c) => c.entity === "products");
    expect(refusedProducts.length).toBeGreaterThan(0);
    expect(r.created.concat(r.updated).some((c) => c.entity === "products")).toBe(false);
    for (const c of refusedProducts) expect(c.message).toBe("Product saves are frozen");
    const token = await (
      await fetch(`${store.url}/rest/V1/integration/admin/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "admin", password: "admin123" }),
      })
    ).json();
    for (const c of refusedProducts.filter((x) => x.field === "name")) {
      const p = (await (
        await fetch(`${store.url}/rest/all/V1/products/${encodeURIComponent(c.sku!)}`, {
          headers: { authorization: `Bearer ${token as string}` },
        })
      ).json()) as { name: string };
      expect(p.name).not.toBe(c.value);
    }
    expect(ioTypes().filter((t) => t?.includes("catalog_product_save"))).toHaveLength(0);
  });
});
