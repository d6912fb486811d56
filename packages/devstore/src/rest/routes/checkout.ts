/**
 * Checkout steps (magento/magento2 app/code/Magento/Checkout/etc/webapi.xml; behaviour of
 * Checkout/Model/ShippingInformationManagement.php, TotalsInformationManagement.php and
 * PaymentInformationManagement.php and their Guest variants): save the shipping address and method, preview
 * totals for an address, save payment and billing, and place the order with payment in one call.
 */
import type { Quote } from "../../data/index.ts";
import { touchQuote, type CartScope } from "../quote/cart-access.ts";
import { parseCartAddress } from "../quote/addresses.ts";
import { placeOrder } from "../quote/place-order.ts";
import { isVirtual, ratesFor } from "../quote/shipping-rates.ts";
import { computeTotals, renderTotals } from "../quote/totals.ts";
import { badRequest, notFound, requiredField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { nowText, optional, requireObject, toStr } from "./input.ts";
import { scopedRoutes } from "./cart-scopes.ts";
import { choosePayment, paymentMethodsOf, setBilling } from "./quote-payment.ts";
import { totalsOf } from "./quote-totals.ts";

function paymentDetails(ctx: RouteContext, q: Quote): Record<string, unknown> {
  return { payment_methods: paymentMethodsOf(ctx, q), totals: totalsOf(ctx, q) };
}

function saveShippingInformation(ctx: RouteContext, q: Quote): Record<string, unknown> {
  const info = requireObject(ctx.body, "addressInformation");
  const raw = info.shipping_address;
  if (q.items.length === 0)
    throw badRequest("The shipping method can't be set for an empty cart. Add an item to cart and try again.");
  if (isVirtual(q)) throw notFound("The Cart includes virtual product(s) only, so a shipping address is not used.");
  if (!raw || typeof raw !== "object" || !(raw as Record<string, unknown>).country_id)
    throw badRequest("The shipping address is missing. Set the address and try again.");
  const carrier = optional(info, "shipping_carrier_code", toStr);
  const method = optional(info, "shipping_method_code", toStr);
  if (!carrier || !method)
    throw badRequest("The shipping method is missing. Select the shipping method and try again.");
  const address = parseCartAddress(
    ctx.data,
    q,
    raw as Record<string, unknown>,
    q.shipping_address?.id ?? ctx.data.nextId("quoteAddress"),
  );
  const subtotal = q.items.reduce((s, i) => s + i.price * i.qty, 0);
  if (!ratesFor(q, address, subtotal).some((r) => r.carrier_code === carrier && r.method_code === method))
    throw notFound("Carrier with such method not found: %1, %2", [carrier, method]);
  q.shipping_address = address;
  q.shipping_method = { carrier_code: carrier, method_code: method };
  const billing = info.billing_address;
  if (billing && typeof billing === "object") setBilling(ctx, q, billing as Record<string, unknown>, false);
  else if (!q.billing_address?.country_id)
    q.billing_address = {
      ...address,
      id: q.billing_address?.id ?? ctx.data.nextId("quoteAddress"),
      street: [...address.street],
    };
  touchQuote(ctx, q);
  return paymentDetails(ctx, q);
}

/** Payment (and billing) as savePaymentInformation takes them; a guest's `email` goes on the billing address. */
function savePaymentInformation(ctx: RouteContext, q: Quote, scope: CartScope): void {
  if (scope === "guest") {
    const email = optional(ctx.body, "email", toStr);
    if (!email) throw requiredField("email");
    q.customer_email = email;
  }
  const billing = ctx.body.billingAddress;
  if (billing && typeof billing === "object") setBilling(ctx, q, billing as Record<string, unknown>, false);
  if (scope === "guest" && q.billing_address) q.billing_address.email = q.customer_email;
  choosePayment(ctx, q, requireObject(ctx.body, "paymentMethod"));
}

const paymentBody = [
  { name: "email", type: "string" as const, description: "Guest carts: the shopper's email" },
  { name: "paymentMethod", type: "object" as const, required: true, description: "{method, po_number}" },
  { name: "billingAddress", type: "object" as const, description: "Address" },
];

export const checkoutRoutes: RouteDef[] = [
  ...scopedRoutes({
    method: "POST",
    summary: "Save the shipping address and method; answers the payment methods and totals",
    returns: "{payment_methods, totals}",
    body: [
      {
        name: "addressInformation",
        type: "object",
        required: true,
        description: "{shipping_address, billing_address, shipping_carrier_code, shipping_method_code}",
      },
    ],
    admin: {
      path: "/V1/carts/:cartId/shipping-information",
      service: "checkoutShippingInformationManagementV1",
      operation: "saveAddressInformation",
    },
    mine: {
      path: "/V1/carts/mine/shipping-information",
      service: "checkoutShippingInformationManagementV1",
      operation: "saveAddressInformation",
    },
    guest: {
      path: "/V1/guest-carts/:cartId/shipping-information",
      service: "checkoutGuestShippingInformationManagementV1",
      operation: "saveAddressInformation",
    },
    handler: (ctx, q) => saveShippingInformation(ctx, q),
  }),
  ...scopedRoutes({
    method: "POST",
    summary: "Totals the cart would have for an address and shipping method (nothing is saved)",
    returns: "Totals",
    body: [
      {
        name: "addressInformation",
        type: "object",
        required: true,
        description: "{address, shipping_carrier_code, shipping_method_code}",
      },
    ],
    admin: {
      path: "/V1/carts/:cartId/totals-information",
      service: "checkoutTotalsInformationManagementV1",
      operation: "calculate",
    },
    mine: {
      path: "/V1/carts/mine/totals-information",
      service: "checkoutTotalsInformationManagementV1",
      operation: "calculate",
    },
    guest: {
      path: "/V1/guest-carts/:cartId/totals-information",
      service: "checkoutGuestTotalsInformationManagementV1",
      operation: "calculate",
    },
    handler: (ctx, q) => {
      const info = requireObject(ctx.body, "addressInformation");
      const address = parseCartAddress(ctx.data, q, requireObject(info, "address"), 0);
      const carrier = optional(info, "shipping_carrier_code", toStr);
      const method = optional(info, "shipping_method_code", toStr);
      const totals = computeTotals(ctx.data, q, {
        today: nowText(ctx.now).slice(0, 10),
        address,
        ...(carrier && method ? { shippingMethod: { carrier_code: carrier, method_code: method } } : {}),
      });
      return renderTotals(q, totals);
    },
  }),
  ...scopedRoutes({
    method: "POST",
    summary: "Save payment (and billing) and place the order; answers the order id",
    returns: "integer",
    body: paymentBody,
    mine: {
      path: "/V1/carts/mine/payment-information",
      service: "checkoutPaymentInformationManagementV1",
      operation: "savePaymentInformationAndPlaceOrder",
    },
    guest: {
      path: "/V1/guest-carts/:cartId/payment-information",
      service: "checkoutGuestPaymentInformationManagementV1",
      operation: "savePaymentInformationAndPlaceOrder",
    },
    handler: (ctx, q, scope) => {
      savePaymentInformation(ctx, q, scope);
      return placeOrder(ctx, q, scope === "guest");
    },
  }),
  ...scopedRoutes({
    method: "GET",
    summary: "Payment methods and totals of the cart",
    returns: "{payment_methods, totals}",
    mine: {
      path: "/V1/carts/mine/payment-information",
      service: "checkoutPaymentInformationManagementV1",
      operation: "getPaymentInformation",
    },
    guest: {
      path: "/V1/guest-carts/:cartId/payment-information",
      service: "checkoutGuestPaymentInformationManagementV1",
      operation: "getPaymentInformation",
    },
    handler: (ctx, q) => paymentDetails(ctx, q),
  }),
  ...scopedRoutes({
    method: "POST",
    summary: "Save payment (and billing) without placing the order",
    returns: "boolean",
    body: paymentBody,
    mine: {
      path: "/V1/carts/mine/set-payment-information",
      service: "checkoutPaymentInformationManagementV1",
      operation: "savePaymentInformation",
    },
    guest: {
      path: "/V1/guest-carts/:cartId/set-payment-information",
      service: "checkoutGuestPaymentInformationManagementV1",
      operation: "savePaymentInformation",
    },
    handler: (ctx, q, scope) => {
      savePaymentInformation(ctx, q, scope);
      return true;
    },
  }),
];
