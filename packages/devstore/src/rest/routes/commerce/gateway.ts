/**
 * A payment gateway's guest checkout route (the catalogue writes the gateway's name as "gateway"): payment
 * information with the gateway's card method, then the order, like the Checkout module's guest
 * payment-information. Commerce edition only.
 */
import { guestQuote } from "../../quote/cart-access.ts";
import { placeOrder } from "../../quote/place-order.ts";
import { requiredField } from "../../errors.ts";
import type { RouteDef } from "../../route.ts";
import { optional, requireObject, toStr } from "../input.ts";
import { choosePayment, setBilling } from "../quote-payment.ts";

export const gatewayRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/V1/gateway-guest-carts/:cartId/payment-information",
    service: "gatewayGuestPaymentInformationManagementV1",
    operation: "savePaymentInformationAndPlaceOrder",
    aclResource: "anonymous",
    edition: "commerce",
    summary:
      "Pay a guest cart through the gateway (method braintree, a test nonce in additional_data) and place the order; answers the order id",
    body: [
      { name: "email", type: "string", required: true, description: "Shopper's email" },
      {
        name: "paymentMethod",
        type: "object",
        required: true,
        description: "{method: braintree, additional_data: {payment_method_nonce}}",
      },
      { name: "billingAddress", type: "object", description: "Address" },
    ],
    returns: "integer",
    handler: (ctx) => {
      const q = guestQuote(ctx.data, ctx.params.cartId ?? "");
      const email = optional(ctx.body, "email", toStr);
      if (!email) throw requiredField("email");
      q.customer_email = email;
      if (ctx.body.billingAddress && typeof ctx.body.billingAddress === "object")
        setBilling(ctx, q, ctx.body.billingAddress as Record<string, unknown>, false);
      if (q.billing_address) q.billing_address.email = email;
      choosePayment(ctx, q, requireObject(ctx.body, "paymentMethod"));
      return placeOrder(ctx, q, true);
    },
  },
];
