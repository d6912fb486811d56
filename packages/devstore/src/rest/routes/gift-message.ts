/**
 * Gift messages on carts and cart items (magento/magento2 app/code/Magento/GiftMessage/etc/webapi.xml: the admin
 * routes need Magento_Sales::create). Messages on the order level and per item are allowed in the dev store
 * (sales/gift_options/allow_order and allow_items on); virtual products take none.
 */
import type { GiftMessage, Quote } from "../../data/index.ts";
import { touchQuote } from "../quote/cart-access.ts";
import { isVirtual } from "../quote/shipping-rates.ts";
import { badRequest, notFound } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { intParam, optional, requireObject, toStr } from "./input.ts";
import { scopedRoutes } from "./cart-scopes.ts";

const CREATE = "Magento_Sales::create";

function render(ctx: RouteContext, id: number | undefined): GiftMessage | [] {
  const m = id === undefined ? undefined : ctx.data.giftMessages.get(id);
  // A method answering null is rendered as [] by the REST output processor.
  return m ?? [];
}

function item(q: Quote, itemId: number) {
  const i = q.items.find((x) => x.item_id === itemId);
  if (!i) throw notFound("No item with the provided ID was found in the Cart. Verify the ID and try again.");
  return i;
}

function save(ctx: RouteContext, q: Quote, existingId: number | undefined): number {
  const input = requireObject(ctx.body, "giftMessage");
  const m: GiftMessage = {
    gift_message_id: existingId ?? ctx.data.nextId("giftMessage"),
    customer_id: q.customer_id ?? 0,
    sender: optional(input, "sender", toStr) ?? "",
    recipient: optional(input, "recipient", toStr) ?? "",
    message: optional(input, "message", toStr) ?? "",
  };
  ctx.data.giftMessages.set(m.gift_message_id, m);
  touchQuote(ctx, q);
  return m.gift_message_id;
}

const body = [
  { name: "giftMessage", type: "object" as const, required: true, description: "{sender, recipient, message}" },
];

export const giftMessageRoutes: RouteDef[] = [
  ...scopedRoutes({
    method: "GET",
    summary: "The cart's gift message ([] when none)",
    returns: "GiftMessage",
    adminAcl: CREATE,
    admin: { path: "/V1/carts/:cartId/gift-message", service: "giftMessageCartRepositoryV1", operation: "get" },
    mine: { path: "/V1/carts/mine/gift-message", service: "giftMessageCartRepositoryV1", operation: "get" },
    guest: {
      path: "/V1/guest-carts/:cartId/gift-message",
      service: "giftMessageGuestCartRepositoryV1",
      operation: "get",
    },
    handler: (ctx, q) => render(ctx, q.gift_message_id),
  }),
  ...scopedRoutes({
    method: "GET",
    summary: "A cart item's gift message ([] when none)",
    returns: "GiftMessage",
    adminAcl: CREATE,
    admin: { path: "/V1/carts/:cartId/gift-message/:itemId", service: "giftMessageItemRepositoryV1", operation: "get" },
    mine: { path: "/V1/carts/mine/gift-message/:itemId", service: "giftMessageItemRepositoryV1", operation: "get" },
    guest: {
      path: "/V1/guest-carts/:cartId/gift-message/:itemId",
      service: "giftMessageGuestItemRepositoryV1",
      operation: "get",
    },
    handler: (ctx, q) => render(ctx, item(q, intParam(ctx.params, "itemId")).gift_message_id),
  }),
  ...scopedRoutes({
    method: "POST",
    summary: "Set the cart's gift message",
    returns: "boolean",
    adminAcl: CREATE,
    body,
    admin: { path: "/V1/carts/:cartId/gift-message", service: "giftMessageCartRepositoryV1", operation: "save" },
    mine: { path: "/V1/carts/mine/gift-message", service: "giftMessageCartRepositoryV1", operation: "save" },
    guest: {
      path: "/V1/guest-carts/:cartId/gift-message",
      service: "giftMessageGuestCartRepositoryV1",
      operation: "save",
    },
    handler: (ctx, q) => {
      if (q.items.length === 0)
        throw badRequest("Gift messages can't be used for an empty cart. Add an item and try again.");
      if (isVirtual(q)) throw badRequest("Gift messages can't be used for virtual products.");
      q.gift_message_id = save(ctx, q, q.gift_message_id);
      return true;
    },
  }),
  ...scopedRoutes({
    method: "POST",
    summary: "Set a cart item's gift message",
    returns: "boolean",
    adminAcl: CREATE,
    body,
    admin: {
      path: "/V1/carts/:cartId/gift-message/:itemId",
      service: "giftMessageItemRepositoryV1",
      operation: "save",
    },
    mine: { path: "/V1/carts/mine/gift-message/:itemId", service: "giftMessageItemRepositoryV1", operation: "save" },
    guest: {
      path: "/V1/guest-carts/:cartId/gift-message/:itemId",
      service: "giftMessageGuestItemRepositoryV1",
      operation: "save",
    },
    handler: (ctx, q) => {
      const i = item(q, intParam(ctx.params, "itemId"));
      if (i.product_type === "virtual" || i.product_type === "downloadable")
        throw badRequest("Gift messages can't be used for virtual products.");
      i.gift_message_id = save(ctx, q, i.gift_message_id);
      return true;
    },
  }),
];
