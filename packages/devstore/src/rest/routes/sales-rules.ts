/**
 * Cart price rules (magento/magento2 app/code/Magento/SalesRule/etc/webapi.xml, resource Magento_SalesRule::quote).
 * Coupons are in coupons.ts; applying them to carts in quote-coupons.ts.
 */
import type { RuleCondition, SalesRule } from "../../data/index.ts";
import { conditionTree, EMPTY_ACTION_CONDITION } from "../../data/seed-promotions.ts";
import { badRequest, notFound, requiredField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { columns, type SearchableEntity } from "../searchable.ts";
import { readRecordField } from "../search-criteria.ts";
import { intParam, optional, rejectUnknownKeys, requireObject, toBool, toFloat, toInt, toStr } from "./input.ts";

export const SALES_RULES = "Magento_SalesRule::quote";

const RULE_KEYS = new Set([
  "rule_id",
  "name",
  "store_labels",
  "description",
  "website_ids",
  "customer_group_ids",
  "from_date",
  "to_date",
  "uses_per_customer",
  "is_active",
  "condition",
  "action_condition",
  "stop_rules_processing",
  "is_advanced",
  "product_ids",
  "sort_order",
  "simple_action",
  "discount_amount",
  "discount_qty",
  "discount_step",
  "apply_to_shipping",
  "times_used",
  "is_rss",
  "coupon_type",
  "use_auto_generation",
  "uses_per_coupon",
  "simple_free_shipping",
  "extension_attributes",
]);
const ACTIONS = new Set(["by_percent", "by_fixed", "cart_fixed", "buy_x_get_y"]);
const COUPON_TYPES = new Set(["NO_COUPON", "SPECIFIC_COUPON", "AUTO"]);

const RULE_SEARCH: SearchableEntity<SalesRule> = {
  name: "salesRules",
  storage: "flat",
  table: "salesrule",
  rows: (d) => d.salesRules.values(),
  fields: () =>
    columns([
      "rule_id",
      "name",
      "description",
      "from_date",
      "to_date",
      "uses_per_customer",
      "is_active",
      "stop_rules_processing",
      "is_advanced",
      "sort_order",
      "simple_action",
      "discount_amount",
      "discount_qty",
      "discount_step",
      "apply_to_shipping",
      "times_used",
      "is_rss",
      "coupon_type",
      "use_auto_generation",
      "uses_per_coupon",
      "simple_free_shipping",
    ]),
  read: (r, f) => readRecordField(r as unknown as Record<string, unknown>, f),
};

export function requireRule(ctx: RouteContext, id: number): SalesRule {
  const r = ctx.data.salesRules.get(id);
  // RuleRepository::getById throws a bare NoSuchEntityException.
  if (!r) throw notFound("No such entity.");
  return r;
}

function condition(raw: unknown): RuleCondition {
  const c = (raw ?? {}) as Record<string, unknown>;
  return {
    condition_type: toStr(c.condition_type ?? "Magento\\SalesRule\\Model\\Rule\\Condition\\Combine"),
    ...(Array.isArray(c.conditions) ? { conditions: c.conditions.map(condition) } : {}),
    ...(c.aggregator_type !== undefined ? { aggregator_type: toStr(c.aggregator_type) } : {}),
    operator: c.operator === undefined || c.operator === null ? null : toStr(c.operator),
    ...(c.attribute_name !== undefined ? { attribute_name: toStr(c.attribute_name) } : {}),
    value: toStr(c.value ?? ""),
  };
}

function applyRuleInput(r: SalesRule, input: Record<string, unknown>): void {
  rejectUnknownKeys(input, RULE_KEYS, "Magento\\SalesRule\\Api\\Data\\RuleInterface");
  const s = (k: string) => optional(input, k, toStr);
  const n = (k: string) => optional(input, k, toFloat);
  const i = (k: string) => optional(input, k, toInt);
  const b = (k: string) => optional(input, k, toBool);
  if (s("name") !== undefined) r.name = s("name")!;
  if (s("description") !== undefined) r.description = s("description")!;
  if (Array.isArray(input.website_ids)) r.website_ids = input.website_ids.map(toInt);
  if (Array.isArray(input.customer_group_ids)) r.customer_group_ids = input.customer_group_ids.map(toInt);
  if (Array.isArray(input.store_labels))
    r.store_labels = (input.store_labels as Record<string, unknown>[]).map((l) => ({
      store_id: toInt(l.store_id ?? 0),
      store_label: toStr(l.store_label ?? ""),
    }));
  for (const k of ["from_date", "to_date"] as const)
    if (input[k] !== undefined) r[k] = input[k] === null ? undefined : toStr(input[k]);
  for (const k of ["uses_per_customer", "sort_order", "uses_per_coupon"] as const) if (i(k) !== undefined) r[k] = i(k)!;
  for (const k of ["discount_amount", "discount_qty", "discount_step"] as const) if (n(k) !== undefined) r[k] = n(k)!;
  for (const k of [
    "is_active",
    "stop_rules_processing",
    "apply_to_shipping",
    "is_rss",
    "use_auto_generation",
    "is_advanced",
  ] as const)
    if (b(k) !== undefined) r[k] = b(k)!;
  const action = s("simple_action");
  if (action !== undefined) {
    if (!ACTIONS.has(action))
      throw badRequest('Invalid value of "%value" provided for the %fieldName field.', {
        fieldName: "simple_action",
        value: action,
      });
    r.simple_action = action as SalesRule["simple_action"];
  }
  const couponType = s("coupon_type");
  if (couponType !== undefined) {
    if (!COUPON_TYPES.has(couponType))
      throw badRequest('Invalid value of "%value" provided for the %fieldName field.', {
        fieldName: "coupon_type",
        value: couponType,
      });
    r.coupon_type = couponType as SalesRule["coupon_type"];
  }
  if (s("simple_free_shipping") !== undefined) r.simple_free_shipping = s("simple_free_shipping")!;
  if (input.condition !== undefined) r.condition = condition(input.condition);
  if (input.action_condition !== undefined) r.action_condition = condition(input.action_condition);
  if (r.from_date && r.to_date && r.from_date > r.to_date) throw badRequest("End Date must follow Start Date.");
}

const ruleBody = [
  {
    name: "rule",
    type: "object" as const,
    required: true,
    description:
      "{name, website_ids[], customer_group_ids[], simple_action, discount_amount, coupon_type, is_active, condition, …}",
  },
];

export const salesRuleRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/salesRules/:ruleId",
    service: "salesRuleRuleRepositoryV1",
    operation: "getById",
    aclResource: SALES_RULES,
    summary: "A cart price rule",
    returns: "SalesRule",
    handler: (ctx) => requireRule(ctx, intParam(ctx.params, "ruleId")),
  },
  {
    method: "GET",
    path: "/V1/salesRules/search",
    service: "salesRuleRuleRepositoryV1",
    operation: "getList",
    aclResource: SALES_RULES,
    summary: "Cart price rules matching the criteria",
    searchCriteria: true,
    returns: "{items: SalesRule[], search_criteria, total_count}",
    handler: (ctx) => ctx.search(RULE_SEARCH),
  },
  {
    method: "POST",
    path: "/V1/salesRules",
    service: "salesRuleRuleRepositoryV1",
    operation: "save",
    aclResource: SALES_RULES,
    summary: "Create a cart price rule",
    body: ruleBody,
    returns: "SalesRule",
    handler: (ctx) => {
      const input = requireObject(ctx.body, "rule");
      for (const f of ["name", "website_ids", "customer_group_ids"])
        if (input[f] === undefined || input[f] === "") throw requiredField(f);
      const r: SalesRule = {
        rule_id: ctx.data.nextId("salesRule"),
        name: "",
        store_labels: [],
        description: "",
        website_ids: [],
        customer_group_ids: [],
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
      };
      const { rule_id: _id, times_used: _t, ...rest } = input;
      applyRuleInput(r, rest);
      ctx.data.salesRules.set(r.rule_id, r);
      return r;
    },
  },
  {
    method: "PUT",
    path: "/V1/salesRules/:ruleId",
    service: "salesRuleRuleRepositoryV1",
    operation: "save",
    aclResource: SALES_RULES,
    summary: "Change a cart price rule",
    body: ruleBody,
    returns: "SalesRule",
    handler: (ctx) => {
      const r = requireRule(ctx, intParam(ctx.params, "ruleId"));
      const { rule_id: _id, times_used: _t, ...rest } = requireObject(ctx.body, "rule");
      applyRuleInput(r, rest);
      return r;
    },
  },
  {
    method: "DELETE",
    path: "/V1/salesRules/:ruleId",
    service: "salesRuleRuleRepositoryV1",
    operation: "deleteById",
    aclResource: SALES_RULES,
    summary: "Delete a cart price rule and its coupons",
    returns: "boolean",
    handler: (ctx) => {
      const r = requireRule(ctx, intParam(ctx.params, "ruleId"));
      ctx.data.salesRules.delete(r.rule_id);
      for (const c of [...ctx.data.coupons.values()]) if (c.rule_id === r.rule_id) ctx.data.coupons.delete(c.coupon_id);
      return true;
    },
  },
];
