/**
 * `POST /admin/api/churn`: deterministic store activity for sync tests and benchmarks. The same seed on the same
 * data makes the same changes. Each kind behaves as Magento does (docs/sync.md, "What Magento hides from a poll"):
 * - creates, updates: as REST saves do, they stamp `updated_at` (products and customers are created; products,
 *   customers and orders updated: name, last name, order status);
 * - deletes: products and customers (Magento has no REST route that deletes an order);
 * - massUpdates: the admin's Catalog › Update attributes (Product\Action::updateAttributes) writes the attribute
 *   tables directly and leaves `updated_at` alone (magento/magento2 #37980);
 * - stockChanges: a stock item saved on its own leaves the product's `updated_at` alone (#37670).
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Customer, Product, StoreData } from "../data/index";
import { Prng } from "../data/prng";
import { nowText } from "../rest/routes/input";
import type { StoreContext } from "../store-context";

const count = z.number().int().min(0).max(10_000).default(0);
export const ChurnBody = z.strictObject({
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1),
  creates: count,
  updates: count,
  deletes: count,
  massUpdates: count,
  stockChanges: count,
});
export type ChurnRequest = z.input<typeof ChurnBody>;

export interface ChurnChange {
  entity: "products" | "customers" | "orders" | "stock";
  /** Entity id (products, customers, orders) */
  id: number;
  sku?: string;
  /** What changed: the new value of the field touched. */
  field?: string;
  value?: unknown;
}

export interface ChurnResult {
  seed: number;
  created: ChurnChange[];
  updated: ChurnChange[];
  deleted: ChurnChange[];
  massUpdated: ChurnChange[];
  stockChanged: ChurnChange[];
}

const ORDER_STATUSES = ["pending", "processing", "holded", "complete"] as const;

function cloneProduct(template: Product, id: number, sku: string, itemId: number, now: string, rng: Prng): Product {
  const p = structuredClone(template);
  p.id = id;
  p.sku = sku;
  p.name = `Churn ${sku}`;
  p.price = rng.int(1, 500);
  p.created_at = now;
  p.updated_at = now;
  p.type_id = "simple";
  p.product_links = [];
  p.options = [];
  p.media_gallery_entries = [];
  p.extension_attributes = {
    website_ids: [1],
    category_links: [],
    stock_item: { ...template.extension_attributes.stock_item, item_id: itemId, product_id: id, qty: rng.int(0, 100) },
  };
  p.extension_attributes.stock_item.is_in_stock = p.extension_attributes.stock_item.qty > 0;
  return p;
}

function newCustomer(template: Customer, id: number, email: string, now: string): Customer {
  return {
    ...structuredClone(template),
    id,
    email,
    firstname: "Churn",
    lastname: `Customer ${id}`,
    created_at: now,
    updated_at: now,
    addresses: [],
    default_billing: undefined,
    default_shipping: undefined,
  };
}

/** Applies a churn request to `data` (pure apart from `data`): deterministic for a given seed and data. */
export function churn(data: StoreData, nowMs: () => number, req: z.output<typeof ChurnBody>): ChurnResult {
  const rng = new Prng(req.seed);
  const now = nowText(nowMs);
  const result: ChurnResult = {
    seed: req.seed,
    created: [],
    updated: [],
    deleted: [],
    massUpdated: [],
    stockChanged: [],
  };
  const products = () => [...data.productsById.values()].filter((p) => p.type_id === "simple");
  const customers = () => [...data.customers.values()];
  const orders = () => [...data.orders.values()];
  const templateProduct = products()[0];
  const templateCustomer = customers()[0];

  for (let i = 0; i < req.creates; i++) {
    if (i % 2 === 0 && templateProduct) {
      const id = data.nextId("product");
      const sku = `CHURN-${req.seed}-${id}`;
      data.putProduct(cloneProduct(templateProduct, id, sku, data.nextId("stockItem"), now, rng));
      result.created.push({ entity: "products", id, sku });
    } else if (templateCustomer) {
      const id = data.nextId("customer");
      data.customers.set(id, newCustomer(templateCustomer, id, `churn-${req.seed}-${id}@example.com`, now));
      result.created.push({ entity: "customers", id });
    }
  }
  for (let i = 0; i < req.updates; i++) {
    const kind = rng.int(0, 2);
    if (kind === 0) {
      const p = rng.pick(products());
      p.name = `${p.name.replace(/ \(rev \d+\)$/, "")} (rev ${rng.int(1, 1_000_000)})`;
      p.updated_at = now;
      result.updated.push({ entity: "products", id: p.id, sku: p.sku, field: "name", value: p.name });
    } else if (kind === 1) {
      const c = rng.pick(customers());
      c.lastname = `Rev${rng.int(1, 1_000_000)}`;
      c.updated_at = now;
      result.updated.push({ entity: "customers", id: c.id, field: "lastname", value: c.lastname });
    } else {
      const o = rng.pick(orders());
      o.status = rng.pick(ORDER_STATUSES.filter((s) => s !== o.status));
      o.updated_at = now;
      result.updated.push({ entity: "orders", id: o.entity_id, field: "status", value: o.status });
    }
  }
  for (let i = 0; i < req.deletes; i++) {
    if (rng.chance(0.5)) {
      const list = products();
      if (list.length <= 1) continue;
      const p = rng.pick(list);
      data.deleteProduct(p);
      result.deleted.push({ entity: "products", id: p.id, sku: p.sku });
    } else {
      const list = customers();
      if (list.length <= 1) continue;
      const c = rng.pick(list);
      data.customers.delete(c.id);
      result.deleted.push({ entity: "customers", id: c.id });
    }
  }
  for (let i = 0; i < req.massUpdates; i++) {
    const p = rng.pick(products());
    p.price = rng.int(1, 100_000) / 100; // updated_at left as it was (#37980)
    result.massUpdated.push({ entity: "products", id: p.id, sku: p.sku, field: "price", value: p.price });
  }
  for (let i = 0; i < req.stockChanges; i++) {
    const p = rng.pick(products());
    const item = p.extension_attributes.stock_item;
    item.qty = rng.int(0, 500);
    item.is_in_stock = item.qty > 0; // updated_at left as it was (#37670)
    result.stockChanged.push({ entity: "stock", id: p.id, sku: p.sku, field: "qty", value: item.qty });
  }
  data.touch(); // search results computed before are stale
  return result;
}

export function registerChurnApi(app: FastifyInstance, ctx: StoreContext, data: StoreData): void {
  app.post("/admin/api/churn", async (req, reply) => {
    let body: unknown;
    try {
      body = typeof req.body === "string" && req.body.trim() !== "" ? JSON.parse(req.body) : {};
    } catch {
      return reply
        .code(400)
        .send({ message: "The body must be JSON: {seed, creates, updates, deletes, massUpdates, stockChanges}" });
    }
    const parsed = ChurnBody.safeParse(body);
    if (!parsed.success)
      return reply
        .code(400)
        .send({ message: parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ") });
    return churn(data, ctx.clock.nowMs, parsed.data);
  });
}
