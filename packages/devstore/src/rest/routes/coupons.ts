/**
 * Coupons of cart price rules (magento/magento2 app/code/Magento/SalesRule/etc/webapi.xml, resource
 * Magento_SalesRule::quote; behaviour of SalesRule/Model/CouponRepository.php and Service/CouponManagementService.php).
 */
import { randomInt } from "node:crypto";
import type { Coupon } from "../../data/index.ts";
import { badRequest, notFound, requiredField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { columns, type SearchableEntity } from "../searchable.ts";
import { readRecordField } from "../search-criteria.ts";
import {
  intParam,
  nowText,
  optional,
  rejectUnknownKeys,
  requireArray,
  requireObject,
  toBool,
  toInt,
  toStr,
} from "./input.ts";
import { requireRule, SALES_RULES } from "./sales-rules.ts";

const COUPON_KEYS = new Set([
  "coupon_id",
  "rule_id",
  "code",
  "usage_limit",
  "usage_per_customer",
  "times_used",
  "expiration_date",
  "is_primary",
  "created_at",
  "type",
  "extension_attributes",
]);
const FORMATS: Record<string, string> = {
  alphanum: "ABCDEFGHJKLMNPQRSTUVWXYZ23456789",
  alpha: "ABCDEFGHJKLMNPQRSTUVWXYZ",
  num: "0123456789",
};

const COUPON_SEARCH: SearchableEntity<Coupon> = {
  name: "coupons",
  storage: "flat",
  table: "salesrule_coupon",
  rows: (d) => d.coupons.values(),
  fields: () =>
    columns([
      "coupon_id",
      "rule_id",
      "code",
      "usage_limit",
      "usage_per_customer",
      "times_used",
      "expiration_date",
      "is_primary",
      "created_at",
      "type",
    ]),
  read: (c, f) => readRecordField(c as unknown as Record<string, unknown>, f),
};

function requireCoupon(ctx: RouteContext, id: number): Coupon {
  const c = ctx.data.coupons.get(id);
  if (!c) throw notFound("No such entity.");
  return c;
}

function checkCode(ctx: RouteContext, code: string, exceptId?: number): void {
  const wanted = code.toLowerCase();
  for (const c of ctx.data.coupons.values())
    if (c.coupon_id !== exceptId && c.code.toLowerCase() === wanted)
      throw badRequest("Coupon with the same code already exists.");
}

/** CouponRepository::save: only rules that generate coupons take coupons through this API. */
function applyCoupon(ctx: RouteContext, c: Coupon, input: Record<string, unknown>): void {
  rejectUnknownKeys(input, COUPON_KEYS, "Magento\\SalesRule\\Api\\Data\\CouponInterface");
  const ruleId = optional(input, "rule_id", toInt) ?? c.rule_id;
  const rule = requireRule(ctx, ruleId);
  if (!rule.use_auto_generation && rule.coupon_type !== "AUTO")
    throw badRequest("Specified rule does not allow coupons");
  c.rule_id = ruleId;
  const code = optional(input, "code", toStr);
  if (code !== undefined) {
    if (code.trim() === "") throw requiredField("code");
    checkCode(ctx, code, c.coupon_id);
    c.code = code;
  }
  if (!c.code) throw requiredField("code");
  c.usage_limit = optional(input, "usage_limit", toInt) ?? c.usage_limit;
  c.usage_per_customer = optional(input, "usage_per_customer", toInt) ?? c.usage_per_customer;
  c.is_primary = optional(input, "is_primary", toBool) ?? c.is_primary;
  if (input.expiration_date !== undefined)
    c.expiration_date = input.expiration_date === null ? undefined : toStr(input.expiration_date);
}

/** A mass delete answers what it could not delete instead of failing (unless ignoreInvalidCoupons is false). */
function massDelete(
  ctx: RouteContext,
  matches: (c: Coupon, key: string) => boolean,
  keys: string[],
): { failed_items: string[]; missing_items: string[] } {
  const ignore = optional(ctx.body, "ignoreInvalidCoupons", toBool) ?? true;
  const found = keys.map((k) => [k, [...ctx.data.coupons.values()].find((c) => matches(c, k))] as const);
  const missing = found.filter(([, c]) => !c).map(([k]) => k);
  if (missing.length && !ignore) throw notFound("Some coupons are invalid.");
  for (const [, c] of found) if (c) ctx.data.coupons.delete(c.coupon_id);
  return { failed_items: [], missing_items: missing };
}

const couponBody = [
  {
    name: "coupon",
    type: "object" as const,
    required: true,
    description: "{rule_id, code, usage_limit, usage_per_customer, expiration_date, is_primary}",
  },
];

export const couponRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/coupons/:couponId",
    service: "salesRuleCouponRepositoryV1",
    operation: "getById",
    aclResource: SALES_RULES,
    summary: "A coupon",
    returns: "Coupon",
    handler: (ctx) => requireCoupon(ctx, intParam(ctx.params, "couponId")),
  },
  {
    method: "GET",
    path: "/V1/coupons/search",
    service: "salesRuleCouponRepositoryV1",
    operation: "getList",
    aclResource: SALES_RULES,
    summary: "Coupons matching the criteria",
    searchCriteria: true,
    returns: "{items: Coupon[], search_criteria, total_count}",
    handler: (ctx) => ctx.search(COUPON_SEARCH),
  },
  {
    method: "POST",
    path: "/V1/coupons",
    service: "salesRuleCouponRepositoryV1",
    operation: "save",
    aclResource: SALES_RULES,
    summary: "Create a coupon for a rule that generates coupons",
    body: couponBody,
    returns: "Coupon",
    handler: (ctx) => {
      const input = requireObject(ctx.body, "coupon");
      if (input.rule_id === undefined) throw requiredField("rule_id");
      const c: Coupon = {
        coupon_id: ctx.data.nextId("coupon"),
        rule_id: toInt(input.rule_id),
        code: "",
        usage_limit: 0,
        usage_per_customer: 0,
        times_used: 0,
        is_primary: false,
        created_at: nowText(ctx.now),
        type: 0,
      };
      const { coupon_id: _id, times_used: _t, created_at: _c, type: _ty, ...rest } = input;
      applyCoupon(ctx, c, rest);
      ctx.data.coupons.set(c.coupon_id, c);
      return c;
    },
  },
  {
    method: "PUT",
    path: "/V1/coupons/:couponId",
    service: "salesRuleCouponRepositoryV1",
    operation: "save",
    aclResource: SALES_RULES,
    summary: "Change a coupon",
    body: couponBody,
    returns: "Coupon",
    handler: (ctx) => {
      const c = requireCoupon(ctx, intParam(ctx.params, "couponId"));
      const { coupon_id: _id, times_used: _t, created_at: _c, type: _ty, ...rest } = requireObject(ctx.body, "coupon");
      applyCoupon(ctx, c, rest);
      return c;
    },
  },
  {
    method: "DELETE",
    path: "/V1/coupons/:couponId",
    service: "salesRuleCouponRepositoryV1",
    operation: "deleteById",
    aclResource: SALES_RULES,
    summary: "Delete a coupon",
    returns: "boolean",
    handler: (ctx) => {
      const c = requireCoupon(ctx, intParam(ctx.params, "couponId"));
      ctx.data.coupons.delete(c.coupon_id);
      return true;
    },
  },
  {
    method: "POST",
    path: "/V1/coupons/generate",
    service: "salesRuleCouponManagementV1",
    operation: "generate",
    aclResource: SALES_RULES,
    summary: "Generate coupon codes for a rule; answers the codes",
    body: [
      {
        name: "couponSpec",
        type: "object",
        required: true,
        description:
          "{rule_id, quantity, length, format: alphanum|alpha|num, prefix, suffix, delimiter_at_every, delimiter}",
      },
    ],
    returns: "string[]",
    handler: (ctx) => {
      const spec = requireObject(ctx.body, "couponSpec");
      if (spec.rule_id === undefined) throw requiredField("rule_id");
      if (spec.quantity === undefined) throw requiredField("quantity");
      const rule = requireRule(ctx, toInt(spec.rule_id));
      if (!rule.use_auto_generation && rule.coupon_type !== "AUTO")
        throw badRequest("Specified rule does not allow automatic coupon generation");
      const quantity = toInt(spec.quantity);
      const length = optional(spec, "length", toInt) ?? 12;
      const alphabet = FORMATS[optional(spec, "format", toStr) ?? "alphanum"];
      if (!alphabet) throw badRequest("Error occurred when generating coupons: %1", ["Invalid format"]);
      if (quantity < 1 || quantity > 1000 || length < 1 || length > 32)
        throw badRequest("Error occurred when generating coupons: %1", ["Invalid quantity or length"]);
      const every = optional(spec, "delimiter_at_every", toInt) ?? 0;
      const delimiter = optional(spec, "delimiter", toStr) ?? "-";
      const codes: string[] = [];
      while (codes.length < quantity) {
        let body = Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join("");
        if (every > 0) body = body.match(new RegExp(`.{1,${every}}`, "g"))!.join(delimiter);
        const code = `${optional(spec, "prefix", toStr) ?? ""}${body}${optional(spec, "suffix", toStr) ?? ""}`;
        if ([...ctx.data.coupons.values()].some((c) => c.code === code) || codes.includes(code)) continue;
        codes.push(code);
      }
      for (const code of codes) {
        const id = ctx.data.nextId("coupon");
        ctx.data.coupons.set(id, {
          coupon_id: id,
          rule_id: rule.rule_id,
          code,
          usage_limit: rule.uses_per_coupon,
          usage_per_customer: rule.uses_per_customer,
          times_used: 0,
          is_primary: false,
          created_at: nowText(ctx.now),
          type: 1,
        });
      }
      return codes;
    },
  },
  {
    method: "POST",
    path: "/V1/coupons/deleteByIds",
    service: "salesRuleCouponManagementV1",
    operation: "deleteByIds",
    aclResource: SALES_RULES,
    summary: "Delete coupons by id",
    body: [
      { name: "ids", type: "array", required: true, description: "Coupon ids" },
      { name: "ignoreInvalidCoupons", type: "boolean", description: "Default true" },
    ],
    returns: "{failed_items, missing_items}",
    handler: (ctx) =>
      massDelete(
        ctx,
        (c, k) => String(c.coupon_id) === k,
        requireArray(ctx.body, "ids").map((v) => String(toInt(v))),
      ),
  },
  {
    method: "POST",
    path: "/V1/coupons/deleteByCodes",
    service: "salesRuleCouponManagementV1",
    operation: "deleteByCodes",
    aclResource: SALES_RULES,
    summary: "Delete coupons by code",
    body: [
      { name: "codes", type: "array", required: true, description: "Coupon codes" },
      { name: "ignoreInvalidCoupons", type: "boolean", description: "Default true" },
    ],
    returns: "{failed_items, missing_items}",
    handler: (ctx) =>
      massDelete(ctx, (c, k) => c.code.toLowerCase() === k.toLowerCase(), requireArray(ctx.body, "codes").map(toStr)),
  },
];
