/** Cart price rules and their coupons (Magento_SalesRule). */

export type RuleCondition = {
  condition_type: string;
  conditions?: RuleCondition[];
  aggregator_type?: string;
  operator: string | null;
  attribute_name?: string;
  value: string;
};

export type SalesRule = {
  rule_id: number;
  name: string;
  store_labels: { store_id: number; store_label: string }[];
  description: string;
  website_ids: number[];
  customer_group_ids: number[];
  from_date?: string;
  to_date?: string;
  uses_per_customer: number;
  is_active: boolean;
  condition: RuleCondition;
  action_condition: RuleCondition;
  stop_rules_processing: boolean;
  is_advanced: boolean;
  sort_order: number;
  simple_action: "by_percent" | "by_fixed" | "cart_fixed" | "buy_x_get_y";
  discount_amount: number;
  discount_qty: number;
  discount_step: number;
  apply_to_shipping: boolean;
  times_used: number;
  is_rss: boolean;
  coupon_type: "NO_COUPON" | "SPECIFIC_COUPON" | "AUTO";
  use_auto_generation: boolean;
  uses_per_coupon: number;
  simple_free_shipping: string;
};

export type Coupon = {
  coupon_id: number;
  rule_id: number;
  code: string;
  usage_limit: number;
  usage_per_customer: number;
  times_used: number;
  expiration_date?: string;
  is_primary: boolean;
  created_at: string;
  /** 0 manual, 1 generated. */
  type: number;
};
