/**
 * Shipping methods of a cart (magento/magento2 app/code/Magento/Quote/etc/webapi.xml, "Managing Cart Shipment
 * Method"): the rates for the cart's shipping address, or estimated for an address given in the body or saved in
 * the customer's address book. The method itself is chosen through the Checkout module's shipping-information.
 */
import type { Quote } from "../../data/index.ts";
import { parseCartAddress } from "../quote/addresses.ts";
import { ratesFor } from "../quote/shipping-rates.ts";
import { badRequest, noSuchEntityField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { requireBody, requireObject, toInt } from "./input.ts";
import { scopedRoutes } from "./cart-scopes.ts";

const subtotalOf = (q: Quote) => q.items.reduce((s, i) => s + i.price * i.qty, 0);

function estimateByAddressId(ctx: RouteContext, q: Quote) {
  requireBody(ctx.body, ["addressId"]);
  const id = toInt(ctx.body.addressId);
  const owner = q.customer_id === undefined ? undefined : ctx.data.customers.get(q.customer_id);
  const saved = owner?.addresses.find((a) => a.id === id);
  if (!saved) throw noSuchEntityField("addressId", id);
  return ratesFor(q, saved, subtotalOf(q));
}

export const quoteShippingRoutes: RouteDef[] = [
  ...scopedRoutes({
    method: "GET",
    summary: "Shipping rates for the cart's shipping address",
    returns: "ShippingMethod[]",
    admin: {
      path: "/V1/carts/:cartId/shipping-methods",
      service: "quoteShippingMethodManagementV1",
      operation: "getList",
    },
    mine: { path: "/V1/carts/mine/shipping-methods", service: "quoteShippingMethodManagementV1", operation: "getList" },
    guest: {
      path: "/V1/guest-carts/:cartId/shipping-methods",
      service: "quoteGuestShippingMethodManagementV1",
      operation: "getList",
    },
    handler: (_ctx, q) => {
      if (
        q.items.length === 0 ||
        q.items.every((i) => i.product_type === "virtual" || i.product_type === "downloadable")
      )
        return [];
      if (!q.shipping_address?.country_id)
        throw badRequest("The shipping address is missing. Set the address and try again.");
      return ratesFor(q, q.shipping_address, subtotalOf(q));
    },
  }),
  ...scopedRoutes({
    method: "POST",
    summary: "Estimate shipping rates for an address (nothing is saved)",
    returns: "ShippingMethod[]",
    body: [
      { name: "address", type: "object", required: true, description: "Address (country_id, region_id, postcode, …)" },
    ],
    admin: {
      path: "/V1/carts/:cartId/estimate-shipping-methods",
      service: "quoteShipmentEstimationV1",
      operation: "estimateByExtendedAddress",
    },
    mine: {
      path: "/V1/carts/mine/estimate-shipping-methods",
      service: "quoteShipmentEstimationV1",
      operation: "estimateByExtendedAddress",
    },
    guest: {
      path: "/V1/guest-carts/:cartId/estimate-shipping-methods",
      service: "quoteGuestShipmentEstimationV1",
      operation: "estimateByExtendedAddress",
    },
    handler: (ctx, q) =>
      ratesFor(q, parseCartAddress(ctx.data, q, requireObject(ctx.body, "address"), 0), subtotalOf(q)),
  }),
  ...scopedRoutes({
    method: "POST",
    summary: "Estimate shipping rates for a saved customer address",
    returns: "ShippingMethod[]",
    body: [{ name: "addressId", type: "integer", required: true, description: "Customer address id" }],
    admin: {
      path: "/V1/carts/:cartId/estimate-shipping-methods-by-address-id",
      service: "quoteShippingMethodManagementV1",
      operation: "estimateByAddressId",
    },
    mine: {
      path: "/V1/carts/mine/estimate-shipping-methods-by-address-id",
      service: "quoteShippingMethodManagementV1",
      operation: "estimateByAddressId",
    },
    handler: (ctx, q) => estimateByAddressId(ctx, q),
  }),
];
