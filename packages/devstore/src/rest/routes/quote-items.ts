/**
 * Cart items (magento/magento2 app/code/Magento/Quote/etc/webapi.xml, "Managing Cart Items"). As in Magento, the
 * cart an item goes to is the body's `cartItem.quote_id` (a guest cart's masked id), not the path: the admin and
 * guest routes answer `"quoteId" is required` without it; `mine` routes fill it from the token.
 */
import type { Quote } from "../../data/index.ts";
import { guestQuote, requireQuote, touchQuote, type CartScope } from "../quote/cart-access.ts";
import { addItem, removeItem, updateItem } from "../quote/items.ts";
import { renderItem } from "../quote/render.ts";
import { requiredField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { intParam, optional, requireObject, toInt, toStr } from "./input.ts";
import { scopedRoutes } from "./cart-scopes.ts";

const itemBody = [
  {
    name: "cartItem",
    type: "object" as const,
    required: true,
    description:
      "{sku, qty, quote_id, item_id (update), product_option: {extension_attributes: {configurable_item_options | bundle_options | custom_options}}}",
  },
];

/** The cart CartItemRepository::save writes to: `quote_id` from the body (mine: the customer's cart). */
function targetCart(ctx: RouteContext, q: Quote, scope: CartScope, input: Record<string, unknown>): Quote {
  if (scope === "mine") return q;
  const id = input.quote_id;
  if (id === undefined || id === null || id === "") throw requiredField("quoteId");
  return scope === "guest" ? guestQuote(ctx.data, toStr(id)) : requireQuote(ctx.data, toStr(id), true);
}

/** save(): an `item_id` in the body updates that item, otherwise the product is added. */
function save(ctx: RouteContext, q: Quote, scope: CartScope, itemIdFromPath?: number) {
  const input = requireObject(ctx.body, "cartItem");
  const cart = targetCart(ctx, q, scope, input);
  const itemId = optional(input, "item_id", toInt) ?? itemIdFromPath;
  const item = itemId ? updateItem(ctx, cart, itemId, input) : addItem(ctx, cart, input);
  touchQuote(ctx, cart);
  return renderItem(cart, item);
}

export const quoteItemRoutes: RouteDef[] = [
  ...scopedRoutes({
    method: "GET",
    summary: "Items in the cart",
    returns: "CartItem[]",
    admin: { path: "/V1/carts/:cartId/items", service: "quoteCartItemRepositoryV1", operation: "getList" },
    mine: { path: "/V1/carts/mine/items", service: "quoteCartItemRepositoryV1", operation: "getList" },
    guest: { path: "/V1/guest-carts/:cartId/items", service: "quoteGuestCartItemRepositoryV1", operation: "getList" },
    handler: (_ctx, q) => q.items.map((i) => renderItem(q, i)),
  }),
  ...scopedRoutes({
    method: "POST",
    summary: "Add a product to the cart (the same product again adds to its quantity)",
    returns: "CartItem",
    body: itemBody,
    admin: {
      path: "/V1/carts/:quoteId/items",
      service: "quoteCartItemRepositoryV1",
      operation: "save",
      param: "quoteId",
    },
    mine: { path: "/V1/carts/mine/items", service: "quoteCartItemRepositoryV1", operation: "save" },
    guest: { path: "/V1/guest-carts/:cartId/items", service: "quoteGuestCartItemRepositoryV1", operation: "save" },
    handler: (ctx, q, scope) => save(ctx, q, scope),
  }),
  ...scopedRoutes({
    method: "PUT",
    summary: "Change a cart item's quantity or options",
    returns: "CartItem",
    body: itemBody,
    admin: { path: "/V1/carts/:cartId/items/:itemId", service: "quoteCartItemRepositoryV1", operation: "save" },
    mine: { path: "/V1/carts/mine/items/:itemId", service: "quoteCartItemRepositoryV1", operation: "save" },
    guest: {
      path: "/V1/guest-carts/:cartId/items/:itemId",
      service: "quoteGuestCartItemRepositoryV1",
      operation: "save",
    },
    handler: (ctx, q, scope) => save(ctx, q, scope, intParam(ctx.params, "itemId")),
  }),
  ...scopedRoutes({
    method: "DELETE",
    summary: "Remove an item from the cart",
    returns: "boolean",
    admin: { path: "/V1/carts/:cartId/items/:itemId", service: "quoteCartItemRepositoryV1", operation: "deleteById" },
    mine: { path: "/V1/carts/mine/items/:itemId", service: "quoteCartItemRepositoryV1", operation: "deleteById" },
    guest: {
      path: "/V1/guest-carts/:cartId/items/:itemId",
      service: "quoteGuestCartItemRepositoryV1",
      operation: "deleteById",
    },
    handler: (ctx, q) => {
      removeItem(q, intParam(ctx.params, "itemId"));
      touchQuote(ctx, q);
      return true;
    },
  }),
];
