/**
 * Cart totals (magento/magento2 app/code/Magento/Quote/etc/webapi.xml, "Managing Cart Total"): read them, or
 * choose payment and shipping methods and read them in one call (collect-totals).
 */
import type { Quote } from "../../data/index.ts";
import { touchQuote } from "../quote/cart-access.ts";
import { ratesFor } from "../quote/shipping-rates.ts";
import { computeTotals, renderTotals } from "../quote/totals.ts";
import { notFound } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { nowText, optional, requireBody, requireObject, toStr } from "./input.ts";
import { scopedRoutes } from "./cart-scopes.ts";
import { choosePayment } from "./quote-payment.ts";

export function totalsOf(ctx: RouteContext, q: Quote): Record<string, unknown> {
  return renderTotals(q, computeTotals(ctx.data, q, { today: nowText(ctx.now).slice(0, 10) }));
}

/** Sets the shipping method when the cart's address offers it (ShippingMethodManagement::apply). */
export function chooseShipping(ctx: RouteContext, q: Quote, carrier: string, method: string): void {
  const subtotal = q.items.reduce((s, i) => s + i.price * i.qty, 0);
  const address = q.shipping_address;
  if (
    !address?.country_id ||
    !ratesFor(q, address, subtotal).some((r) => r.carrier_code === carrier && r.method_code === method)
  ) {
    throw notFound("Carrier with such method not found: %1, %2", [carrier, method]);
  }
  q.shipping_method = { carrier_code: carrier, method_code: method };
  touchQuote(ctx, q);
}

export const quoteTotalsRoutes: RouteDef[] = [
  ...scopedRoutes({
    method: "GET",
    summary: "The cart's totals",
    returns: "Totals",
    admin: { path: "/V1/carts/:cartId/totals", service: "quoteCartTotalRepositoryV1", operation: "get" },
    mine: { path: "/V1/carts/mine/totals", service: "quoteCartTotalRepositoryV1", operation: "get" },
    guest: { path: "/V1/guest-carts/:cartId/totals", service: "quoteGuestCartTotalRepositoryV1", operation: "get" },
    handler: (ctx, q) => totalsOf(ctx, q),
  }),
  ...scopedRoutes({
    method: "PUT",
    summary: "Choose the payment (and shipping) method and answer the totals",
    returns: "Totals",
    body: [
      { name: "paymentMethod", type: "object", required: true, description: "{method}" },
      { name: "shippingCarrierCode", type: "string", description: "Carrier" },
      { name: "shippingMethodCode", type: "string", description: "Method" },
    ],
    mine: { path: "/V1/carts/mine/collect-totals", service: "quoteCartTotalManagementV1", operation: "collectTotals" },
    guest: {
      path: "/V1/guest-carts/:cartId/collect-totals",
      service: "quoteGuestCartTotalManagementV1",
      operation: "collectTotals",
    },
    handler: (ctx, q) => {
      requireBody(ctx.body, ["paymentMethod"]);
      const carrier = optional(ctx.body, "shippingCarrierCode", toStr);
      const method = optional(ctx.body, "shippingMethodCode", toStr);
      if (carrier && method) chooseShipping(ctx, q, carrier, method);
      choosePayment(ctx, q, requireObject(ctx.body, "paymentMethod"));
      return totalsOf(ctx, q);
    },
  }),
];
