/**
 * Payment method and billing address of a cart (magento/magento2 app/code/Magento/Quote/etc/webapi.xml; behaviour
 * of Quote/Model/PaymentMethodManagement.php and BillingAddressManagement.php).
 */
import type { Quote } from "../../data/index.ts";
import { touchQuote } from "../quote/cart-access.ts";
import { parseCartAddress } from "../quote/addresses.ts";
import { availableMethods } from "../quote/payment-methods.ts";
import { emptyAddress, renderAddress } from "../quote/render.ts";
import { isVirtual } from "../quote/shipping-rates.ts";
import { computeTotals } from "../quote/totals.ts";
import { badRequest, requiredField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { nowText, optional, requireObject, toBool, toStr } from "./input.ts";
import { scopedRoutes } from "./cart-scopes.ts";

/** PaymentMethodManagement::set: the method must be available for the cart (a shipped cart needs its address first). */
export function choosePayment(ctx: RouteContext, q: Quote, input: Record<string, unknown>): number {
  const method = optional(input, "method", toStr);
  if (!method) throw requiredField("method");
  if (!isVirtual(q) && !q.shipping_address?.country_id)
    throw badRequest("The shipping address is missing. Set the address and try again.");
  const total = computeTotals(ctx.data, q, { today: nowText(ctx.now).slice(0, 10) }).grandTotal;
  if (!availableMethods(total).some((m) => m.code === method))
    throw badRequest("The requested Payment Method is not available.");
  q.payment = {
    method,
    po_number: optional(input, "po_number", toStr) ?? null,
    ...(Array.isArray(input.additional_data) ? { additional_data: input.additional_data.map(toStr) } : {}),
  };
  if (method === "purchaseorder" && !q.payment.po_number)
    throw badRequest("Purchase order number is a required field.");
  if (method === "braintree" && !isTestNonce(input.additional_data))
    throw badRequest("Your payment could not be taken. Please try again or use a different payment method.");
  touchQuote(ctx, q);
  return q.id;
}

/** Braintree's sandbox accepts its documented test nonces (`fake-valid-nonce`, `fake-valid-visa-nonce`, …). */
function isTestNonce(additional: unknown): boolean {
  const a = (additional ?? {}) as Record<string, unknown>;
  const nonce = Array.isArray(additional) ? undefined : a.payment_method_nonce;
  return typeof nonce === "string" && /^fake-valid(-[a-z]+)*-nonce$/.test(nonce);
}

/** BillingAddressManagement::assign; answers the address id. `useForShipping` copies it to the shipping address. */
export function setBilling(ctx: RouteContext, q: Quote, raw: Record<string, unknown>, useForShipping: boolean): number {
  const id = q.billing_address?.id ?? ctx.data.nextId("quoteAddress");
  q.billing_address = parseCartAddress(ctx.data, q, raw, id);
  if (useForShipping && !isVirtual(q)) {
    q.shipping_address = {
      ...q.billing_address,
      id: q.shipping_address?.id ?? ctx.data.nextId("quoteAddress"),
      street: [...q.billing_address.street],
      same_as_billing: 1,
    };
  }
  touchQuote(ctx, q);
  return id;
}

export function paymentMethodsOf(ctx: RouteContext, q: Quote) {
  return availableMethods(computeTotals(ctx.data, q, { today: nowText(ctx.now).slice(0, 10) }).grandTotal);
}

export const quotePaymentRoutes: RouteDef[] = [
  ...scopedRoutes({
    method: "GET",
    summary: "The payment method chosen for the cart",
    returns: "{po_number, method, additional_data}",
    admin: {
      path: "/V1/carts/:cartId/selected-payment-method",
      service: "quotePaymentMethodManagementV1",
      operation: "get",
    },
    mine: {
      path: "/V1/carts/mine/selected-payment-method",
      service: "quotePaymentMethodManagementV1",
      operation: "get",
    },
    guest: {
      path: "/V1/guest-carts/:cartId/selected-payment-method",
      service: "quoteGuestPaymentMethodManagementV1",
      operation: "get",
    },
    handler: (_ctx, q) => ({
      po_number: q.payment?.po_number ?? null,
      method: q.payment?.method ?? null,
      additional_data: q.payment?.additional_data ?? null,
    }),
  }),
  ...scopedRoutes({
    method: "PUT",
    summary: "Choose the cart's payment method; answers the payment id",
    returns: "integer",
    body: [{ name: "method", type: "object", required: true, description: "{method, po_number, additional_data}" }],
    admin: {
      path: "/V1/carts/:cartId/selected-payment-method",
      service: "quotePaymentMethodManagementV1",
      operation: "set",
    },
    mine: {
      path: "/V1/carts/mine/selected-payment-method",
      service: "quotePaymentMethodManagementV1",
      operation: "set",
    },
    guest: {
      path: "/V1/guest-carts/:cartId/selected-payment-method",
      service: "quoteGuestPaymentMethodManagementV1",
      operation: "set",
    },
    handler: (ctx, q) => choosePayment(ctx, q, requireObject(ctx.body, "method")),
  }),
  ...scopedRoutes({
    method: "GET",
    summary: "Payment methods available for the cart",
    returns: "{code, title}[]",
    admin: {
      path: "/V1/carts/:cartId/payment-methods",
      service: "quotePaymentMethodManagementV1",
      operation: "getList",
    },
    mine: { path: "/V1/carts/mine/payment-methods", service: "quotePaymentMethodManagementV1", operation: "getList" },
    guest: {
      path: "/V1/guest-carts/:cartId/payment-methods",
      service: "quoteGuestPaymentMethodManagementV1",
      operation: "getList",
    },
    handler: (ctx, q) => paymentMethodsOf(ctx, q),
  }),
  ...scopedRoutes({
    method: "GET",
    summary: "The cart's billing address",
    returns: "Address",
    admin: { path: "/V1/carts/:cartId/billing-address", service: "quoteBillingAddressManagementV1", operation: "get" },
    mine: { path: "/V1/carts/mine/billing-address", service: "quoteBillingAddressManagementV1", operation: "get" },
    guest: {
      path: "/V1/guest-carts/:cartId/billing-address",
      service: "quoteGuestBillingAddressManagementV1",
      operation: "get",
    },
    handler: (_ctx, q) => renderAddress(q.billing_address ?? emptyAddress(), q.customer_id),
  }),
  ...scopedRoutes({
    method: "POST",
    summary: "Set the cart's billing address (and the shipping address with useForShipping); answers the address id",
    returns: "integer",
    body: [
      { name: "address", type: "object", required: true, description: "Address" },
      { name: "useForShipping", type: "boolean", description: "Also ship there" },
    ],
    admin: {
      path: "/V1/carts/:cartId/billing-address",
      service: "quoteBillingAddressManagementV1",
      operation: "assign",
    },
    mine: { path: "/V1/carts/mine/billing-address", service: "quoteBillingAddressManagementV1", operation: "assign" },
    guest: {
      path: "/V1/guest-carts/:cartId/billing-address",
      service: "quoteGuestBillingAddressManagementV1",
      operation: "assign",
    },
    handler: (ctx, q) =>
      setBilling(ctx, q, requireObject(ctx.body, "address"), optional(ctx.body, "useForShipping", toBool) ?? false),
  }),
];
