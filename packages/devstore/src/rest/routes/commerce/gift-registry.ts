/**
 * Shipping estimates for gift registry addresses (Adobe Commerce Magento_GiftRegistry): what shipping to a
 * registry's owner costs for the cart. Commerce edition only.
 */
import type { Quote } from "../../../data/index.ts";
import { guestQuote, mineQuote } from "../../quote/cart-access.ts";
import { ratesFor } from "../../quote/shipping-rates.ts";
import { noSuchEntityField } from "../../errors.ts";
import type { RouteContext, RouteDef } from "../../route.ts";
import { requireBody, toInt } from "../input.ts";

function estimate(ctx: RouteContext, q: Quote) {
  requireBody(ctx.body, ["registryId"]);
  const id = toInt(ctx.body.registryId);
  const registry = ctx.data.giftRegistries.get(id);
  if (!registry) throw noSuchEntityField("registryId", id);
  return ratesFor(
    q,
    registry.shipping_address,
    q.items.reduce((s, i) => s + i.price * i.qty, 0),
  );
}

const body = [{ name: "registryId", type: "integer" as const, required: true, description: "Gift registry" }];

export const giftRegistryRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/V1/giftregistry/mine/estimate-shipping-methods",
    service: "giftRegistryShippingMethodManagementV1",
    operation: "estimateByRegistryId",
    aclResource: "self",
    edition: "commerce",
    summary: "Shipping rates to a gift registry's address for the customer's cart",
    body,
    returns: "ShippingMethod[]",
    handler: (ctx) => estimate(ctx, mineQuote(ctx)),
  },
  {
    method: "POST",
    path: "/V1/guest-giftregistry/:cartId/estimate-shipping-methods",
    service: "giftRegistryGuestCartShippingMethodManagementV1",
    operation: "estimateByRegistryId",
    aclResource: "anonymous",
    edition: "commerce",
    summary: "Shipping rates to a gift registry's address for a guest cart",
    body,
    returns: "ShippingMethod[]",
    handler: (ctx) => estimate(ctx, guestQuote(ctx.data, ctx.params.cartId ?? "")),
  },
];
