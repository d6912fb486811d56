/**
 * Cart price rules applied to a cart (a reduced Magento_SalesRule RulesApplier): which rules apply (active, in
 * date, the cart's website and customer group, the coupon when the rule needs one, address conditions such as
 * `base_subtotal >= 100`), then by_percent / by_fixed / cart_fixed / buy_x_get_y discounts per item, the
 * shipping discount and free shipping, in sort order until a rule stops further processing.
 * Product-level action conditions are not evaluated: a rule's actions apply to every item.
 */
import type { Coupon, Quote, QuoteAddress, RuleCondition, SalesRule, StoreData } from "../../data/index.ts";

export interface DiscountResult {
  byItem: Map<number, number>;
  total: number;
  shipping: number;
  freeShipping: boolean;
  appliedRuleIds: number[];
  /** The cart's coupon code counted (its rule applied). */
  couponApplied: boolean;
  labels: string[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export interface DiscountInput {
  subtotal: number;
  qty: number;
  weight: number;
  address?: Pick<QuoteAddress, "country_id" | "region_id" | "postcode">;
  shippingMethod?: string;
  shippingAmount: number;
  paymentMethod?: string;
  today: string;
}

function attributeValue(input: DiscountInput, name: string): unknown {
  switch (name) {
    case "base_subtotal":
    case "base_subtotal_with_discount":
    case "base_subtotal_total_incl_tax":
      return input.subtotal;
    case "total_qty":
      return input.qty;
    case "weight":
      return input.weight;
    case "shipping_method":
      return input.shippingMethod;
    case "payment_method":
      return input.paymentMethod;
    case "country_id":
    case "region_id":
    case "postcode":
      return input.address?.[name];
    default:
      return undefined;
  }
}

function compare(actual: unknown, operator: string | null, expected: string): boolean {
  const list = expected.split(",").map((s) => s.trim());
  const a = actual === undefined || actual === null ? "" : String(actual);
  const num = (s: string) => Number(s);
  switch (operator) {
    case "==":
      return a.toLowerCase() === expected.toLowerCase();
    case "!=":
      return a.toLowerCase() !== expected.toLowerCase();
    case ">=":
      return num(a) >= num(expected);
    case "<=":
      return num(a) <= num(expected);
    case ">":
      return num(a) > num(expected);
    case "<":
      return num(a) < num(expected);
    case "{}":
      return a.toLowerCase().includes(expected.toLowerCase());
    case "!{}":
      return !a.toLowerCase().includes(expected.toLowerCase());
    case "()":
      return list.includes(a);
    case "!()":
      return !list.includes(a);
    default:
      return true;
  }
}

/** Magento's condition combine: aggregator all/any, value "1" (conditions true) or "0" (false). */
export function conditionHolds(c: RuleCondition, input: DiscountInput): boolean {
  if (c.conditions !== undefined) {
    const want = c.value !== "0";
    const results = c.conditions.map((child) => conditionHolds(child, input) === want);
    if (results.length === 0) return true;
    return c.aggregator_type === "any" ? results.some(Boolean) : results.every(Boolean);
  }
  if (!c.condition_type.endsWith("\\Address") || c.attribute_name === undefined) return true;
  return compare(attributeValue(input, c.attribute_name), c.operator, c.value);
}

export function couponByCode(data: StoreData, code: string): Coupon | undefined {
  const wanted = code.toLowerCase();
  for (const c of data.coupons.values()) if (c.code.toLowerCase() === wanted) return c;
  return undefined;
}

function inDate(rule: SalesRule, today: string): boolean {
  return (
    (!rule.from_date || rule.from_date.slice(0, 10) <= today) && (!rule.to_date || rule.to_date.slice(0, 10) >= today)
  );
}

function couponUsable(c: Coupon, today: string): boolean {
  return (
    (c.usage_limit === 0 || c.times_used < c.usage_limit) &&
    (!c.expiration_date || c.expiration_date.slice(0, 10) >= today)
  );
}

export function applyRules(data: StoreData, q: Quote, input: DiscountInput): DiscountResult {
  const result: DiscountResult = {
    byItem: new Map(),
    total: 0,
    shipping: 0,
    freeShipping: false,
    appliedRuleIds: [],
    couponApplied: false,
    labels: [],
  };
  const coupon = q.coupon_code ? couponByCode(data, q.coupon_code) : undefined;
  const remaining = new Map(q.items.map((i) => [i.item_id, round2(i.price * i.qty)]));
  let shippingLeft = input.shippingAmount;
  const rules = [...data.salesRules.values()].sort((a, b) => a.sort_order - b.sort_order || a.rule_id - b.rule_id);
  for (const rule of rules) {
    if (
      !rule.is_active ||
      !rule.website_ids.includes(1) ||
      !rule.customer_group_ids.includes(q.customer_group_id) ||
      !inDate(rule, input.today)
    )
      continue;
    if (
      rule.coupon_type !== "NO_COUPON" &&
      !(coupon && coupon.rule_id === rule.rule_id && couponUsable(coupon, input.today))
    )
      continue;
    if (!conditionHolds(rule.condition, input)) continue;
    const take = (itemId: number, amount: number) => {
      const left = remaining.get(itemId) ?? 0;
      const d = round2(Math.min(left, Math.max(0, amount)));
      remaining.set(itemId, round2(left - d));
      result.byItem.set(itemId, round2((result.byItem.get(itemId) ?? 0) + d));
      result.total = round2(result.total + d);
    };
    const qtyFor = (qty: number) => (rule.discount_qty > 0 ? Math.min(qty, rule.discount_qty) : qty);
    if (rule.simple_action === "by_percent") {
      for (const i of q.items) take(i.item_id, (i.price * qtyFor(i.qty) * rule.discount_amount) / 100);
      if (rule.apply_to_shipping) {
        const d = round2((shippingLeft * rule.discount_amount) / 100);
        shippingLeft = round2(shippingLeft - d);
        result.shipping = round2(result.shipping + d);
      }
    } else if (rule.simple_action === "by_fixed") {
      for (const i of q.items) take(i.item_id, rule.discount_amount * qtyFor(i.qty));
    } else if (rule.simple_action === "cart_fixed") {
      const base = q.items.reduce((s, i) => s + (remaining.get(i.item_id) ?? 0), 0);
      let left = Math.min(rule.discount_amount, base);
      q.items.forEach((i, n) => {
        const share =
          n === q.items.length - 1
            ? left
            : round2((rule.discount_amount * (remaining.get(i.item_id) ?? 0)) / (base || 1));
        const before = result.byItem.get(i.item_id) ?? 0;
        take(i.item_id, Math.min(share, left));
        left = round2(left - ((result.byItem.get(i.item_id) ?? 0) - before));
      });
    } else if (rule.simple_action === "buy_x_get_y" && rule.discount_step > 0) {
      for (const i of q.items)
        take(
          i.item_id,
          Math.floor(i.qty / (rule.discount_step + rule.discount_amount)) * rule.discount_amount * i.price,
        );
    }
    if (rule.simple_free_shipping !== "0" && rule.simple_free_shipping !== "") result.freeShipping = true;
    result.appliedRuleIds.push(rule.rule_id);
    const label = rule.store_labels.find((l) => l.store_id === 0 || l.store_id === q.store_id)?.store_label;
    if (label && (rule.simple_action !== "by_percent" || rule.discount_amount > 0)) result.labels.push(label);
    if (coupon && coupon.rule_id === rule.rule_id) result.couponApplied = true;
    if (rule.stop_rules_processing) break;
  }
  return result;
}
