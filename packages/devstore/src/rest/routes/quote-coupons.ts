/**
 * Coupons on a cart (magento/magento2 app/code/Magento/Quote/etc/webapi.xml, "Managing Cart Coupons"; behaviour of
 * Quote/Model/CouponManagement.php): a code is kept only when its rule then applies to the cart.
 */
import { touchQuote } from "../quote/cart-access.ts";
import { couponByCode } from "../quote/discounts.ts";
import { computeTotals } from "../quote/totals.ts";
import { badRequest, notFound } from "../errors.ts";
import type { RouteDef } from "../route.ts";
import { nowText } from "./input.ts";
import { scopedRoutes } from "./cart-scopes.ts";

export const quoteCouponRoutes: RouteDef[] = [
  ...scopedRoutes({
    method: "GET",
    summary: "The coupon code on the cart (null when none)",
    returns: "string | null",
    admin: { path: "/V1/carts/:cartId/coupons", service: "quoteCouponManagementV1", operation: "get" },
    mine: { path: "/V1/carts/mine/coupons", service: "quoteCouponManagementV1", operation: "get" },
    guest: { path: "/V1/guest-carts/:cartId/coupons", service: "quoteGuestCouponManagementV1", operation: "get" },
    handler: (_ctx, q) => q.coupon_code ?? null,
  }),
  ...scopedRoutes({
    method: "PUT",
    summary: "Apply a coupon code to the cart",
    returns: "boolean",
    admin: { path: "/V1/carts/:cartId/coupons/:couponCode", service: "quoteCouponManagementV1", operation: "set" },
    mine: { path: "/V1/carts/mine/coupons/:couponCode", service: "quoteCouponManagementV1", operation: "set" },
    guest: {
      path: "/V1/guest-carts/:cartId/coupons/:couponCode",
      service: "quoteGuestCouponManagementV1",
      operation: "set",
    },
    handler: (ctx, q) => {
      const code = (ctx.params.couponCode ?? "").trim();
      if (q.items.length === 0) throw notFound('The "%1" Cart doesn\'t contain products.', [q.masked_id ?? q.id]);
      const coupon = couponByCode(ctx.data, code);
      const previous = q.coupon_code;
      q.coupon_code = coupon?.code ?? code;
      const applied =
        coupon !== undefined &&
        computeTotals(ctx.data, q, { today: nowText(ctx.now).slice(0, 10) }).discount.couponApplied;
      if (!applied) {
        if (previous === undefined) delete q.coupon_code;
        else q.coupon_code = previous;
        throw notFound("The coupon code isn't valid. Verify the code and try again.");
      }
      touchQuote(ctx, q);
      return true;
    },
  }),
  ...scopedRoutes({
    method: "DELETE",
    summary: "Remove the coupon code from the cart",
    returns: "boolean",
    admin: { path: "/V1/carts/:cartId/coupons", service: "quoteCouponManagementV1", operation: "remove" },
    mine: { path: "/V1/carts/mine/coupons", service: "quoteCouponManagementV1", operation: "remove" },
    guest: { path: "/V1/guest-carts/:cartId/coupons", service: "quoteGuestCouponManagementV1", operation: "remove" },
    handler: (ctx, q) => {
      if (q.items.length === 0) throw notFound('The "%1" Cart doesn\'t contain products.', [q.masked_id ?? q.id]);
      if (q.coupon_code === undefined)
        throw badRequest("The coupon code couldn't be deleted. Verify the coupon code and try again.");
      delete q.coupon_code;
      touchQuote(ctx, q);
      return true;
    },
  }),
];
