/**
 * `POST /admin/api/churn`: deterministic store activity for sync tests and benchmarks. The same seed on the same
 * data makes the same changes. Each kind behaves as Magento does (docs/sync.md, "What Magento hides from a poll"):
 * - creates, updates: as REST saves do, they stamp `updated_at` (products and customers are created; products,
 *   customers and orders updated: name, last name, order status);
 * - deletes: products and customers (Magento has no REST route that deletes an order);
 * - massUpdates: the admin's Catalog › Update attributes (Product\Action::updateAttributes) writes the attribute
 *   tables directly and leaves `updated_at` alone (magento/magento2 #37980);
 * - stockChanges: a stock item saved on its own leaves the product's `updated_at` alone (#37670).
 * On the Commerce edition each change but the mass updates raises the webhooks and I/O event its REST write raises
 * (events/write-events.ts): the hooks run before the change, and a hook's `exception` answer leaves that change
 * unmade (listed under `refused`). The admin's mass attribute update raises no product save event in Commerce.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Customer, Product, StoreData } from "../data/index.ts";
import { Prng } from "../data/prng.ts";
import { nowText } from "../rest/routes/input.ts";
import type { StoreContext } from "../store-context.ts";
import type { StoreWriteEvents } from "../events/write-events.ts";
import { RestError } from "../rest/types.ts";

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
  /** Changes a webhook refused (Commerce edition), with the hook's message; nothing of them was written. */
  refused?: Array<ChurnChange & { message: string }>;
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

/** Runs a write's webhooks before it and raises its event after it; false when a hook refused it. */
type Gate = (
  change: ChurnChange,
  operation: string,
  entity: Record<string, unknown>,
  apply: () => Record<string, unknown>,
) => Promise<boolean>;

function gateFor(events: StoreWriteEvents | undefined, result: ChurnResult): Gate {
  return async (change, operation, entity, apply) => {
    if (events) {
      try {
        await events.before(operation, entity);
      } catch (e) {
        if (!(e instanceof RestError)) throw e;
        (result.refused ??= []).push({ ...change, message: e.message });
        return false;
      }
    }
    const saved = apply();
    events?.after(operation, saved);
    return true;
  };
}

/**
 * Applies a churn request to `data` (pure apart from `data` and the events): deterministic for a given seed and
 * data. With `events` (Commerce edition) each change passes its write's webhooks first and raises its event after.
 */
export async function churn(
  data: StoreData,
  nowMs: () => number,
  req: z.output<typeof ChurnBody>,
  events?: StoreWriteEvents,
): Promise<ChurnResult> {
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
  const write = gateFor(events, result);
  const products = () => [...data.productsById.values()].filter((p) => p.type_id === "simple");
  const customers = () => [...data.customers.values()];
  const orders = () => [...data.orders.values()];
  const templateProduct = products()[0];
  const templateCustomer = customers()[0];

  try {
    for (let i = 0; i < req.creates; i++) {
      if (i % 2 === 0 && templateProduct) {
        const id = data.nextId("product");
        const sku = `CHURN-${req.seed}-${id}`;
        const p = cloneProduct(templateProduct, id, sku, data.nextId("stockItem"), now, rng);
        const change: ChurnChange = { entity: "products", id, sku };
        const done = await write(change, "catalogProductRepositoryV1.save", structuredClone(p), () => {
          data.putProduct(p);
          return p as unknown as Record<string, unknown>;
        });
        if (done) result.created.push(change);
      } else if (templateCustomer) {
        const id = data.nextId("customer");
        const c = newCustomer(templateCustomer, id, `churn-${req.seed}-${id}@example.com`, now);
        const change: ChurnChange = { entity: "customers", id };
        const done = await write(change, "customerCustomerRepositoryV1.save", structuredClone(c), () => {
          data.customers.set(id, c);
          return c as unknown as Record<string, unknown>;
        });
        if (done) result.created.push(change);
      }
    }
    for (let i = 0; i < req.updates; i++) {
      const kind = rng.int(0, 2);
      if (kind === 0) {
        const p = rng.pick(products());
        const name = `${p.name.replace(/ \(rev \d+\)$/, "")} (rev ${rng.int(1, 1_000_000)})`;
        const change: ChurnChange = { entity: "products", id: p.id, sku: p.sku, field: "name", value: name };
        const done = await write(change, "catalogProductRepositoryV1.save", { sku: p.sku, name }, () => {
          p.name = name;
          p.updated_at = now;
          return p as unknown as Record<string, unknown>;
        });
        if (done) result.updated.push(change);
      } else if (kind === 1) {
        const c = rng.pick(customers());
        const lastname = `Rev${rng.int(1, 1_000_000)}`;
        const change: ChurnChange = { entity: "customers", id: c.id, field: "lastname", value: lastname };
        const done = await write(change, "customerCustomerRepositoryV1.save", { ...c, lastname }, () => {
          c.lastname = lastname;
          c.updated_at = now;
          return c as unknown as Record<string, unknown>;
        });
        if (done) result.updated.push(change);
      } else {
        const o = rng.pick(orders());
        const status = rng.pick(ORDER_STATUSES.filter((s) => s !== o.status));
        const change: ChurnChange = { entity: "orders", id: o.entity_id, field: "status", value: status };
        const done = await write(change, "salesOrderRepositoryV1.save", { entity_id: o.entity_id, status }, () => {
          o.status = status;
          o.updated_at = now;
          return o as unknown as Record<string, unknown>;
        });
        if (done) result.updated.push(change);
      }
    }
    for (let i = 0; i < req.deletes; i++) {
      if (rng.chance(0.5)) {
        const list = products();
        if (list.length <= 1) continue;
        const p = rng.pick(list);
        const change: ChurnChange = { entity: "products", id: p.id, sku: p.sku };
        const done = await write(change, "catalogProductRepositoryV1.deleteById", { sku: p.sku }, () => {
          data.deleteProduct(p);
          return { sku: p.sku, id: p.id };
        });
        if (done) result.deleted.push(change);
      } else {
        const list = customers();
        if (list.length <= 1) continue;
        const c = rng.pick(list);
        const change: ChurnChange = { entity: "customers", id: c.id };
        const done = await write(change, "customerCustomerRepositoryV1.deleteById", { id: c.id }, () => {
          data.customers.delete(c.id);
          return { id: c.id };
        });
        if (done) result.deleted.push(change);
      }
    }
    for (let i = 0; i < req.massUpdates; i++) {
      const p = rng.pick(products());
      p.price = rng.int(1, 100_000) / 100; // updated_at left as it was (#37980); no save event either
      result.massUpdated.push({ entity: "products", id: p.id, sku: p.sku, field: "price", value: p.price });
    }
    for (let i = 0; i < req.stockChanges; i++) {
      const p = rng.pick(products());
      const item = p.extension_attributes.stock_item;
      const qty = rng.int(0, 500);
      const change: ChurnChange = { entity: "stock", id: p.id, sku: p.sku, field: "qty", value: qty };
      const operation = "catalogInventoryStockRegistryV1.updateStockItemBySku";
      const done = await write(change, operation, { ...item, qty, sku: p.sku }, () => {
        item.qty = qty;
        item.is_in_stock = item.qty > 0; // updated_at left as it was (#37670)
        return { ...item, sku: p.sku };
      });
      if (done) result.stockChanged.push(change);
    }
  } finally {
    data.touch(); // search results computed before are stale
  }
  return result;
}

export function registerChurnApi(
  app: FastifyInstance,
  ctx: StoreContext,
  data: StoreData,
  events?: StoreWriteEvents,
): void {
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
    return churn(data, ctx.clock.nowMs, parsed.data, events);
  });
}
