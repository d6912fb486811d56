/**
 * Which webhooks and events a REST write raises in the dev store (Commerce edition). Every hook of a write is
 * called before the write is applied, so an `exception` answer leaves nothing written (in Commerce the
 * `*_save_after` observers run inside the save's transaction, which the exception rolls back). After the write
 * the I/O event goes out in the background with the saved entity.
 */
import type { RouteContext, RouteDef } from "../rest/route.ts";
import { RestError } from "../rest/types.ts";
import { WebhookAbort, type CommerceWebhooks } from "./commerce-webhooks.ts";
import type { IoEvents } from "./io-events.ts";

interface WriteEvents {
  /** Hooks called with type `before` (plugins) and `after` (observers), in that order. */
  before?: string;
  after?: string;
  /** The I/O event type (without `com.adobe.commerce.`). */
  io?: string;
  /** The key the entity sits under in a webhook's `data`. */
  key: string;
  /** The entity as the request names it. */
  entity(ctx: RouteContext): Record<string, unknown>;
}

const bodyObject = (ctx: RouteContext, key: string): Record<string, unknown> => {
  const v = ctx.body[key];
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
};

const PRODUCT_SAVE: WriteEvents = {
  before: "plugin.magento.catalog.api.product_repository.save",
  after: "observer.catalog_product_save_after",
  io: "observer.catalog_product_save_commit_after",
  key: "product",
  entity: (ctx) => ({ ...bodyObject(ctx, "product"), ...(ctx.params.sku ? { sku: ctx.params.sku } : {}) }),
};

const WRITES: Record<string, WriteEvents> = {
  "catalogProductRepositoryV1.save": PRODUCT_SAVE,
  "catalogProductRepositoryV1.deleteById": {
    after: "observer.catalog_product_delete_after",
    io: "observer.catalog_product_delete_commit_after",
    key: "product",
    entity: (ctx) => ({ sku: ctx.params.sku }),
  },
  "customerCustomerRepositoryV1.deleteById": {
    after: "observer.customer_delete_after",
    io: "observer.customer_delete_commit_after",
    key: "customer",
    entity: (ctx) => ({ id: Number(ctx.params.customerId) }),
  },
  "customerCustomerRepositoryV1.save": {
    before: "plugin.magento.customer.api.customer_repository.save",
    after: "observer.customer_save_after",
    io: "observer.customer_save_commit_after",
    key: "customer",
    entity: (ctx) => ({
      ...bodyObject(ctx, "customer"),
      ...(ctx.params.customerId ? { id: Number(ctx.params.customerId) } : {}),
    }),
  },
  "catalogInventoryStockRegistryV1.updateStockItemBySku": {
    after: "observer.cataloginventory_stock_item_save_after",
    io: "observer.cataloginventory_stock_item_save_commit_after",
    key: "stock_item",
    entity: (ctx) => ({ ...bodyObject(ctx, "stockItem"), sku: ctx.params.productSku }),
  },
  "quoteCartItemRepositoryV1.save": {
    before: "plugin.magento.quote.api.cart_item_repository.save",
    key: "cartItem",
    entity: (ctx) => bodyObject(ctx, "cartItem"),
  },
  "quoteGuestCartItemRepositoryV1.save": {
    before: "plugin.magento.quote.api.guest_cart_item_repository.save",
    key: "cartItem",
    entity: (ctx) => bodyObject(ctx, "cartItem"),
  },
  "salesOrderRepositoryV1.save": {
    after: "observer.sales_order_save_after",
    io: "observer.sales_order_save_commit_after",
    key: "order",
    entity: (ctx) => bodyObject(ctx, "entity"),
  },
};

/**
 * A write named by its service operation (`catalogProductRepositoryV1.save`), for writes that do not come through
 * a REST route (the churn endpoint's activity).
 */
export interface StoreWriteEvents {
  /** Calls the write's webhooks with the entity as the write names it; throws RestError 400 when a hook aborts. */
  before(operation: string, entity: Record<string, unknown>): Promise<void>;
  /** Raises the write's I/O event with the saved entity (in the background). */
  after(operation: string, saved: Record<string, unknown>): void;
}

export function storeWriteEvents(webhooks: CommerceWebhooks, io: IoEvents): StoreWriteEvents {
  return {
    async before(operation, entity) {
      const w = WRITES[operation];
      if (!w) return;
      const data = { [w.key]: entity };
      try {
        if (w.before) await webhooks.dispatch(w.before, "before", data);
        if (w.after) await webhooks.dispatch(w.after, "after", data);
      } catch (e) {
        // Commerce turns a hook's exception into the action's error (a 400 with the hook's message over REST)
        if (e instanceof WebhookAbort) throw new RestError(400, e.message);
        throw e;
      }
    },
    after(operation, saved) {
      const w = WRITES[operation];
      if (w?.io) io.emit(w.io, saved);
    },
  };
}

export interface WriteHooks {
  before(route: RouteDef, ctx: RouteContext): Promise<void>;
  after(route: RouteDef, ctx: RouteContext, result: unknown): void;
}

/** The REST layer's write hooks (rest/handler.ts `runRoute`): the same events, the entity taken from the request. */
export function writeHooks(webhooks: CommerceWebhooks, io: IoEvents): WriteHooks {
  const events = storeWriteEvents(webhooks, io);
  return {
    async before(route, ctx) {
      const operation = `${route.service}.${route.operation}`;
      const w = WRITES[operation];
      if (w) await events.before(operation, w.entity(ctx));
    },
    after(route, ctx, result) {
      const operation = `${route.service}.${route.operation}`;
      const w = WRITES[operation];
      if (!w) return;
      const saved =
        result && typeof result === "object" && !Array.isArray(result) ? (result as Record<string, unknown>) : {};
      events.after(operation, { ...w.entity(ctx), ...saved });
    },
  };
}

export { WebhookAbort };
