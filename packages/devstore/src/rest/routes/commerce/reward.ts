/** Reward points on the customer's cart (Adobe Commerce Magento_Reward, `self`). Commerce edition only. */
import { mineQuote, touchQuote } from "../../quote/cart-access.ts";
import { badRequest } from "../../errors.ts";
import type { RouteDef } from "../../route.ts";

export const rewardRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/V1/reward/mine/use-reward",
    service: "rewardRewardManagementV1",
    operation: "set",
    aclResource: "self",
    edition: "commerce",
    summary: "Spend the signed-in customer's reward points on their cart (a point is worth a cent)",
    returns: "boolean",
    handler: (ctx) => {
      const q = mineQuote(ctx);
      if ((ctx.data.rewardPoints.get(q.customer_id ?? 0) ?? 0) <= 0)
        throw badRequest("You don't have enough reward points to use.");
      q.use_reward_points = true;
      touchQuote(ctx, q);
      return true;
    },
  },
];
