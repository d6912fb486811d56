/**
 * Finding and creating carts the way Magento_Quote's repositories do (magento/magento2
 * app/code/Magento/Quote/Model/QuoteRepository.php, QuoteIdMask, Webapi/ParamOverriderCartId.php):
 * - `/V1/carts/{cartId}` takes the numeric quote id; `/V1/guest-carts/{cartId}` the 32-character masked id;
 *   `/V1/carts/mine` the signed-in customer's active cart.
 * - Most operations need an active cart (`getActive`): an ordered cart is "No such entity with cartId = …".
 */
import { randomBytes } from "node:crypto";
import type { Quote, StoreData } from "../../data/index.ts";
import { noSuchEntityField, notAuthorized, notFound } from "../errors.ts";
import type { RouteContext } from "../route.ts";
import { nowText } from "../routes/input.ts";

export type CartScope = "admin" | "mine" | "guest";

export function requireQuote(data: StoreData, id: number | string, active: boolean): Quote {
  const q = typeof id === "number" || /^\d+$/.test(id) ? data.quotes.get(Number(id)) : undefined;
  if (!q || (active && !q.is_active)) throw noSuchEntityField("cartId", id);
  return q;
}

/** QuoteIdMask: a guest cart by its masked id. */
export function guestQuote(data: StoreData, maskedId: string, active = true): Quote {
  const q = data.quoteByMask(maskedId);
  if (!q || (active && !q.is_active)) throw noSuchEntityField("cartId", maskedId);
  return q;
}

export function customerId(ctx: RouteContext): number {
  if (ctx.caller.kind !== "customer") throw notAuthorized("self");
  return ctx.caller.customerId;
}

export function activeCartOf(data: StoreData, customer: number): Quote | undefined {
  let found: Quote | undefined;
  for (const q of data.quotes.values())
    if (q.is_active && q.customer_id === customer && (!found || q.id > found.id)) found = q;
  return found;
}

/** ParamOverriderCartId (%cart_id%): the customer's active cart, or 404. */
export function mineQuote(ctx: RouteContext): Quote {
  const q = activeCartOf(ctx.data, customerId(ctx));
  if (!q) throw notFound("Current customer does not have an active cart.");
  return q;
}

/** The cart a scoped route addresses (`param` is the path parameter of the admin and guest routes). */
export function scopedQuote(ctx: RouteContext, scope: CartScope, param = "cartId"): Quote {
  if (scope === "mine") return mineQuote(ctx);
  const raw = ctx.params[param] ?? "";
  return scope === "guest" ? guestQuote(ctx.data, raw) : requireQuote(ctx.data, raw, true);
}

export function newQuote(ctx: RouteContext, customer?: number): Quote {
  const now = nowText(ctx.now);
  const c = customer === undefined ? undefined : ctx.data.customers.get(customer);
  const q: Quote = {
    id: ctx.data.nextId("quote"),
    store_id: ctx.store.id || 1,
    created_at: now,
    updated_at: now,
    is_active: true,
    customer_email: c?.email ?? null,
    customer_firstname: c?.firstname ?? null,
    customer_lastname: c?.lastname ?? null,
    customer_group_id: c?.group_id ?? 0,
    customer_is_guest: c === undefined,
    items: [],
    orig_order_id: 0,
    gift_cards: [],
    use_customer_balance: false,
    use_reward_points: false,
  };
  if (c) q.customer_id = c.id;
  ctx.data.quotes.set(q.id, q);
  return q;
}

/** A guest cart with a fresh masked id (random: the id is the shopper's only credential). */
export function newGuestQuote(ctx: RouteContext): Quote {
  const q = newQuote(ctx);
  q.masked_id = randomBytes(24).toString("base64url").slice(0, 32);
  return q;
}

/** QuoteManagement::createEmptyCartForCustomer: the customer's active cart if there is one, else a new one. */
export function cartForCustomer(ctx: RouteContext, customer: number): Quote {
  if (!ctx.data.customers.has(customer)) throw noSuchEntityField("customerId", customer);
  return activeCartOf(ctx.data, customer) ?? newQuote(ctx, customer);
}

export function touchQuote(ctx: RouteContext, q: Quote): void {
  q.updated_at = nowText(ctx.now);
}
