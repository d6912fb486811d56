/**
 * Gift cards on carts (Adobe Commerce Magento_GiftCardAccount; admin routes need Magento_Cart::manage). Note the
 * guest routes live under `/V1/carts/guest-carts/{cartId}`. Commerce edition only.
 */
import type { GiftCardAccount, Quote, StoreData } from "../../../data/index.ts";
import { guestQuote, mineQuote, requireQuote, touchQuote } from "../../quote/cart-access.ts";
import { badRequest, notFound } from "../../errors.ts";
import type { RouteContext, RouteDef } from "../../route.ts";
import { requireObject, toStr } from "../input.ts";

const MANAGE = "Magento_Cart::manage";
const INVALID = "The gift card code is either incorrect or expired. Verify and try again.";

function usableCard(data: StoreData, code: string, today: string): GiftCardAccount {
  const card = [...data.giftCardAccounts.values()].find((g) => g.code.toLowerCase() === code.toLowerCase());
  if (!card || card.state !== "available" || card.balance <= 0 || (card.date_expires && card.date_expires < today))
    throw notFound(INVALID);
  return card;
}

function render(data: StoreData, q: Quote): Record<string, unknown> {
  const cards = q.gift_cards
    .map((c) => [...data.giftCardAccounts.values()].find((g) => g.code === c))
    .filter((g): g is GiftCardAccount => g !== undefined);
  const amount = Math.round(cards.reduce((s, g) => s + g.balance, 0) * 100) / 100;
  return {
    gift_cards: q.gift_cards,
    gift_cards_amount: amount,
    base_gift_cards_amount: amount,
    gift_cards_amount_used: 0,
    base_gift_cards_amount_used: 0,
  };
}

function add(ctx: RouteContext, q: Quote): true {
  const input = requireObject(ctx.body, "giftCardAccountData");
  const codes = Array.isArray(input.gift_cards) ? input.gift_cards.map(toStr) : [];
  if (codes.length === 0) throw notFound(INVALID);
  const today = new Date(ctx.now()).toISOString().slice(0, 10);
  for (const code of codes) {
    const card = usableCard(ctx.data, code, today);
    if (q.gift_cards.includes(card.code)) throw badRequest("This gift card account is already in the quote.");
    q.gift_cards.push(card.code);
  }
  touchQuote(ctx, q);
  return true;
}

function remove(ctx: RouteContext, q: Quote): true {
  const code = ctx.params.giftCardCode ?? "";
  const applied = q.gift_cards.find((c) => c.toLowerCase() === code.toLowerCase());
  if (!applied) throw notFound(INVALID);
  q.gift_cards = q.gift_cards.filter((c) => c !== applied);
  touchQuote(ctx, q);
  return true;
}

function check(ctx: RouteContext): number {
  return usableCard(ctx.data, ctx.params.giftCardCode ?? "", new Date(ctx.now()).toISOString().slice(0, 10)).balance;
}

const body = [
  { name: "giftCardAccountData", type: "object" as const, required: true, description: "{gift_cards: [code]}" },
];
const common = { edition: "commerce" as const };

export const giftCardAccountRoutes: RouteDef[] = [
  {
    ...common,
    method: "GET",
    path: "/V1/carts/:quoteId/giftCards",
    service: "giftCardAccountGiftCardAccountManagementV1",
    operation: "getListByQuoteId",
    aclResource: MANAGE,
    summary: "Gift cards on a cart",
    returns: "{gift_cards[], gift_cards_amount, …}",
    handler: (ctx) => render(ctx.data, requireQuote(ctx.data, ctx.params.quoteId ?? "", true)),
  },
  {
    ...common,
    method: "PUT",
    path: "/V1/carts/:cartId/giftCards",
    service: "giftCardAccountGiftCardAccountManagementV1",
    operation: "saveByQuoteId",
    aclResource: MANAGE,
    summary: "Add gift cards to a cart",
    body,
    returns: "boolean",
    handler: (ctx) => add(ctx, requireQuote(ctx.data, ctx.params.cartId ?? "", true)),
  },
  {
    ...common,
    method: "DELETE",
    path: "/V1/carts/:cartId/giftCards/:giftCardCode",
    service: "giftCardAccountGiftCardAccountManagementV1",
    operation: "deleteByQuoteId",
    aclResource: MANAGE,
    summary: "Remove a gift card from a cart",
    returns: "boolean",
    handler: (ctx) => remove(ctx, requireQuote(ctx.data, ctx.params.cartId ?? "", true)),
  },
  {
    ...common,
    method: "DELETE",
    path: "/V1/carts/guest-carts/:cartId/giftCards/:giftCardCode",
    service: "giftCardAccountGuestGiftCardAccountManagementV1",
    operation: "deleteByQuoteId",
    aclResource: "anonymous",
    summary: "Remove a gift card from a guest cart",
    returns: "boolean",
    handler: (ctx) => remove(ctx, guestQuote(ctx.data, ctx.params.cartId ?? "")),
  },
  {
    ...common,
    method: "DELETE",
    path: "/V1/carts/mine/giftCards/:giftCardCode",
    service: "giftCardAccountGiftCardAccountManagementV1",
    operation: "deleteByQuoteId",
    operationIdSuffix: "Mine",
    aclResource: "self",
    summary: "Remove a gift card from the signed-in customer's cart",
    returns: "boolean",
    handler: (ctx) => remove(ctx, mineQuote(ctx)),
  },
  {
    ...common,
    method: "POST",
    path: "/V1/carts/mine/giftCards",
    service: "giftCardAccountGiftCardAccountManagementV1",
    operation: "saveByQuoteId",
    operationIdSuffix: "Mine",
    aclResource: "self",
    summary: "Add gift cards to the signed-in customer's cart",
    body,
    returns: "boolean",
    handler: (ctx) => add(ctx, mineQuote(ctx)),
  },
  {
    ...common,
    method: "POST",
    path: "/V1/carts/guest-carts/:cartId/giftCards",
    service: "giftCardAccountGuestGiftCardAccountManagementV1",
    operation: "addGiftCard",
    aclResource: "anonymous",
    summary: "Add gift cards to a guest cart",
    body,
    returns: "boolean",
    handler: (ctx) => add(ctx, guestQuote(ctx.data, ctx.params.cartId ?? "")),
  },
  {
    ...common,
    method: "GET",
    path: "/V1/carts/guest-carts/:cartId/checkGiftCard/:giftCardCode",
    service: "giftCardAccountGuestGiftCardAccountManagementV1",
    operation: "checkGiftCard",
    aclResource: "anonymous",
    summary: "A gift card's balance (guest cart)",
    returns: "number",
    handler: (ctx) => {
      guestQuote(ctx.data, ctx.params.cartId ?? "");
      return check(ctx);
    },
  },
  {
    ...common,
    method: "GET",
    path: "/V1/carts/mine/checkGiftCard/:giftCardCode",
    service: "giftCardAccountGiftCardAccountManagementV1",
    operation: "checkGiftCard",
    aclResource: "self",
    summary: "A gift card's balance (customer cart)",
    returns: "number",
    handler: (ctx) => {
      mineQuote(ctx);
      return check(ctx);
    },
  },
];
