/**
 * Cart price rules and coupons: a percentage coupon (`H20`), free shipping from $100, an automatic 10% for the
 * Wholesale group, a rule that generates coupon codes (with a few already generated), and an expired one.
 */
import type { Coupon, RuleCondition, SalesRule } from "./types-promotions.ts";

const COMBINE = "Magento\\SalesRule\\Model\\Rule\\Condition\\Combine";
const PRODUCT_COMBINE = "Magento\\SalesRule\\Model\\Rule\\Condition\\Product\\Combine";

/** A condition tree; `subtotalAtLeast` adds Magento's `base_subtotal >= N` address condition. */
export function conditionTree(subtotalAtLeast?: number): RuleCondition {
  return {
    condition_type: COMBINE,
    conditions: subtotalAtLeast === undefined ? [] : [{ condition_type: "Magento\\SalesRule\\Model\\Rule\\Condition\\Address", operator: ">=", attribute_name: "base_subtotal", value: String(subtotalAtLeast) }],
    aggregator_type: "all",
    operator: null,
    value: "1",
  };
}

export const EMPTY_ACTION_CONDITION: RuleCondition = { condition_type: PRODUCT_COMBINE, conditions: [], aggregator_type: "all", operator: null, value: "1" };

function rule(id: number, name: string, extra: Partial<SalesRule>): SalesRule {
  return {
    rule_id: id,
    name,
    store_labels: [],
    description: "",
    website_ids: [1],
    customer_group_ids: [0, 1, 2, 3],
    uses_per_customer: 0,
    is_active: true,
    condition: conditionTree(),
    action_condition: structuredClone(EMPTY_ACTION_CONDITION),
    stop_rules_processing: false,
    is_advanced: true,
    sort_order: 0,
    simple_action: "by_percent",
    discount_amount: 0,
    discount_qty: 0,
    discount_step: 0,
    apply_to_shipping: false,
    times_used: 0,
    is_rss: true,
    coupon_type: "NO_COUPON",
    use_auto_generation: false,
    uses_per_coupon: 0,
    simple_free_shipping: "0",
    ...extra,
  };
}

export function seedSalesRules(): SalesRule[] {
  return [
    rule(1, "20% OFF Ever $200-plus purchase!*", { description: "Shopping cart price rule for the cart over $200. Does not apply to items on sale.", condition: conditionTree(200), simple_action: "by_percent", discount_amount: 20, sort_order: 1, store_labels: [{ store_id: 0, store_label: "20% off $200+" }] }),
    rule(2, "Spend $100 or more - shipping is free!", { condition: conditionTree(100), simple_free_shipping: "2", discount_amount: 0, sort_order: 2, store_labels: [{ store_id: 0, store_label: "Free shipping" }] }),
    rule(3, "H20 coupon: 20% off", { coupon_type: "SPECIFIC_COUPON", discount_amount: 20, uses_per_coupon: 0, store_labels: [{ store_id: 0, store_label: "H20" }] }),
    rule(4, "Wholesale 10%", { customer_group_ids: [2], discount_amount: 10, sort_order: 3 }),
    rule(5, "Newsletter welcome codes ($5 off)", { coupon_type: "AUTO", use_auto_generation: true, simple_action: "cart_fixed", discount_amount: 5, uses_per_coupon: 1, uses_per_customer: 1 }),
    rule(6, "Black Friday 2024 (expired)", { coupon_type: "SPECIFIC_COUPON", discount_amount: 30, from_date: "2024-11-29", to_date: "2024-12-02", is_active: false }),
  ];
}

export function seedCoupons(): Coupon[] {
  const base = { usage_limit: 0, usage_per_customer: 0, times_used: 0, is_primary: true, created_at: "2024-03-01 10:00:00", type: 0 };
  return [
    { ...base, coupon_id: 1, rule_id: 3, code: "H20", times_used: 57 },
    { ...base, coupon_id: 2, rule_id: 6, code: "BLACKFRIDAY30", times_used: 211, expiration_date: "2024-12-02" },
    ...["WELCOME-7K2M9Q", "WELCOME-P4X8RD", "WELCOME-Z6C1VB"].map((code, i) => ({
      ...base,
      coupon_id: 3 + i,
      rule_id: 5,
      code,
      usage_limit: 1,
      usage_per_customer: 1,
      is_primary: false,
      type: 1,
      times_used: i === 0 ? 1 : 0,
      created_at: "2024-06-10 12:00:00",
    })),
  ];
}
