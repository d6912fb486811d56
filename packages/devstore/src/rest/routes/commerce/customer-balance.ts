/** Store credit on the customer's cart (Adobe Commerce Magento_CustomerBalance, `self`). Commerce edition only. */
import { mineQuote, touchQuote } from "../../quote/cart-access.ts";
import { badRequest } from "../../errors.ts";
import type { RouteDef } from "../../route.ts";

export const customerBalanceRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/V1/carts/mine/balance/apply",
    service: "customerBalanceBalanceManagementV1",
    operation: "apply",
    aclResource: "self",
    edition: "commerce",
    summary: "Pay the signed-in customer's cart with their store credit (as far as it goes)",
    returns: "boolean",
    handler: (ctx) => {
      const q = mineQuote(ctx);
      if ((ctx.data.customerBalances.get(q.customer_id ?? 0) ?? 0) <= 0)
        throw badRequest("You don't have enough store credit to apply to this order.");
      q.use_customer_balance = true;
      touchQuote(ctx, q);
      return true;
    },
  },
];
