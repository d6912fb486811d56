/**
 * Tax rates, rules and classes (magento/magento2 app/code/Magento/Tax/etc/webapi.xml, resource
 * Magento_Tax::manage_tax; behaviour of Tax/Model/Calculation/RateRepository.php, TaxRuleRepository.php and
 * TaxClass/Repository.php). The cart totals read the same records (../quote/tax.ts).
 */
import type { TaxClass, TaxRate, TaxRule } from "../../data/index.ts";
import { usRegionById } from "./regions.ts";
import { badRequest, invalidFieldValue, noSuchEntityField, requiredField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { columns, type SearchableEntity } from "../searchable.ts";
import { readRecordField } from "../search-criteria.ts";
import { intParam, optional, rejectUnknownKeys, requireObject, toBool, toFloat, toInt, toStr } from "./input.ts";

const TAX = "Magento_Tax::manage_tax";

const RATE_SEARCH: SearchableEntity<TaxRate> = {
  name: "taxRates",
  storage: "flat",
  table: "tax_calculation_rate",
  rows: (d) => d.taxRates.values(),
  fields: () =>
    columns([
      "id",
      "tax_calculation_rate_id",
      "tax_country_id",
      "tax_region_id",
      "tax_postcode",
      "code",
      "rate",
      "zip_is_range",
      "zip_from",
      "zip_to",
      "region_name",
    ]),
  read: (r, f) =>
    f === "tax_calculation_rate_id" ? r.id : readRecordField(r as unknown as Record<string, unknown>, f),
};
const RULE_SEARCH: SearchableEntity<TaxRule> = {
  name: "taxRules",
  storage: "flat",
  table: "tax_calculation_rule",
  rows: (d) => d.taxRules.values(),
  fields: () =>
    columns([
      "id",
      "tax_calculation_rule_id",
      "code",
      "priority",
      "position",
      "calculate_subtotal",
      "customer_tax_class_ids",
      "product_tax_class_ids",
      "tax_rate_ids",
    ]),
  read: (r, f) =>
    f === "tax_calculation_rule_id" ? r.id : readRecordField(r as unknown as Record<string, unknown>, f),
};
const CLASS_SEARCH: SearchableEntity<TaxClass> = {
  name: "taxClasses",
  storage: "flat",
  table: "tax_class",
  rows: (d) => d.taxClasses.values(),
  fields: () => columns(["class_id", "class_name", "class_type"]),
  read: (c, f) => readRecordField(c as unknown as Record<string, unknown>, f),
};

const RATE_KEYS = new Set([
  "id",
  "tax_country_id",
  "tax_region_id",
  "region_name",
  "tax_postcode",
  "zip_is_range",
  "zip_from",
  "zip_to",
  "rate",
  "code",
  "titles",
  "extension_attributes",
]);
const RULE_KEYS = new Set([
  "id",
  "code",
  "priority",
  "position",
  "customer_tax_class_ids",
  "product_tax_class_ids",
  "tax_rate_ids",
  "calculate_subtotal",
  "extension_attributes",
]);
const CLASS_KEYS = new Set(["class_id", "class_name", "class_type", "extension_attributes"]);

function rate(ctx: RouteContext, id: number): TaxRate {
  const r = ctx.data.taxRates.get(id);
  if (!r) throw noSuchEntityField("taxRateId", id);
  return r;
}
function rule(ctx: RouteContext, id: number): TaxRule {
  const r = ctx.data.taxRules.get(id);
  if (!r) throw noSuchEntityField("taxRuleId", id);
  return r;
}
function taxClass(ctx: RouteContext, id: number): TaxClass {
  const c = ctx.data.taxClasses.get(id);
  if (!c) throw noSuchEntityField("class_id", id);
  return c;
}

/** RateRepository::save: code, country and rate are required; a code is unique; zip ranges need from ≤ to. */
function saveRate(ctx: RouteContext, input: Record<string, unknown>, existing?: TaxRate): TaxRate {
  rejectUnknownKeys(input, RATE_KEYS, "Magento\\Tax\\Api\\Data\\TaxRateInterface");
  const r: TaxRate = existing ?? {
    id: 0,
    tax_country_id: "",
    tax_region_id: 0,
    tax_postcode: "*",
    rate: 0,
    code: "",
    titles: [],
  };
  const missing = ["code", "tax_country_id", "rate"].filter(
    (f) => input[f] === undefined && !(existing && (existing as Record<string, unknown>)[f] !== undefined),
  );
  if (missing.length) throw requiredField(missing[0]!);
  const code = optional(input, "code", toStr) ?? r.code;
  if ([...ctx.data.taxRates.values()].some((x) => x !== existing && x.code === code))
    throw badRequest("Code already exists.");
  const country = optional(input, "tax_country_id", toStr) ?? r.tax_country_id;
  if (!ctx.data.countries.some((c) => c.id === country)) throw invalidFieldValue("country_id", country);
  const value = optional(input, "rate", toFloat) ?? r.rate;
  if (value < 0) throw invalidFieldValue("percentage_rate", value);
  r.code = code;
  r.tax_country_id = country;
  r.rate = value;
  r.tax_region_id = optional(input, "tax_region_id", toInt) ?? r.tax_region_id;
  r.region_name = r.tax_region_id ? (usRegionById(r.tax_region_id)?.region_code ?? r.region_name) : "*";
  if (optional(input, "zip_is_range", toBool)) {
    const from = optional(input, "zip_from", toInt);
    const to = optional(input, "zip_to", toInt);
    if (from === undefined || to === undefined) throw requiredField(from === undefined ? "zip_from" : "zip_to");
    if (from > to) throw badRequest("Range To should be equal or greater than Range From.");
    Object.assign(r, { zip_is_range: 1, zip_from: from, zip_to: to, tax_postcode: `${from}-${to}` });
  } else {
    r.tax_postcode = optional(input, "tax_postcode", toStr) ?? r.tax_postcode ?? "*";
  }
  if (Array.isArray(input.titles))
    r.titles = (input.titles as Record<string, unknown>[]).map((t) => ({
      store_id: toStr(t.store_id ?? "0"),
      value: toStr(t.value ?? ""),
    }));
  if (!existing) {
    r.id = ctx.data.nextId("taxRate");
    ctx.data.taxRates.set(r.id, r);
  }
  return r;
}

function idList(
  ctx: RouteContext,
  input: Record<string, unknown>,
  field: "customer_tax_class_ids" | "product_tax_class_ids" | "tax_rate_ids",
  fallback: number[] | undefined,
): number[] {
  const raw = input[field];
  if (raw === undefined) {
    if (fallback) return fallback;
    throw requiredField(field);
  }
  if (!Array.isArray(raw) || raw.length === 0) throw requiredField(field);
  const ids = raw.map(toInt);
  for (const id of ids) {
    const known =
      field === "tax_rate_ids"
        ? ctx.data.taxRates.has(id)
        : ctx.data.taxClasses.get(id)?.class_type === (field === "customer_tax_class_ids" ? "CUSTOMER" : "PRODUCT");
    if (!known) throw noSuchEntityField(field, id);
  }
  return ids;
}

function saveRule(ctx: RouteContext, input: Record<string, unknown>, existing?: TaxRule): TaxRule {
  rejectUnknownKeys(input, RULE_KEYS, "Magento\\Tax\\Api\\Data\\TaxRuleInterface");
  const code = optional(input, "code", toStr) ?? existing?.code;
  if (!code) throw requiredField("code");
  if ([...ctx.data.taxRules.values()].some((x) => x !== existing && x.code === code))
    throw badRequest("Code already exists.");
  const r: TaxRule = {
    id: existing?.id ?? 0,
    code,
    priority: optional(input, "priority", toInt) ?? existing?.priority ?? 0,
    position: optional(input, "position", toInt) ?? existing?.position ?? 0,
    customer_tax_class_ids: idList(ctx, input, "customer_tax_class_ids", existing?.customer_tax_class_ids),
    product_tax_class_ids: idList(ctx, input, "product_tax_class_ids", existing?.product_tax_class_ids),
    tax_rate_ids: idList(ctx, input, "tax_rate_ids", existing?.tax_rate_ids),
    calculate_subtotal: optional(input, "calculate_subtotal", toBool) ?? existing?.calculate_subtotal ?? false,
  };
  if (!existing) r.id = ctx.data.nextId("taxRule");
  ctx.data.taxRules.set(r.id, r);
  return r;
}

function saveClass(ctx: RouteContext, input: Record<string, unknown>, existing?: TaxClass): string {
  rejectUnknownKeys(input, CLASS_KEYS, "Magento\\Tax\\Api\\Data\\TaxClassInterface");
  const name = optional(input, "class_name", toStr) ?? existing?.class_name;
  if (!name) throw requiredField("class_name");
  const type = optional(input, "class_type", toStr) ?? existing?.class_type;
  if (type !== "PRODUCT" && type !== "CUSTOMER") throw invalidFieldValue("class_type", type ?? "");
  if (existing && type !== existing.class_type) throw badRequest("Updating classType is not allowed.");
  if ([...ctx.data.taxClasses.values()].some((c) => c !== existing && c.class_name === name && c.class_type === type)) {
    throw badRequest("A class with the same name already exists. Enter a different class name and try again.");
  }
  const c: TaxClass = {
    class_id: existing?.class_id ?? ctx.data.nextId("taxClass"),
    class_name: name,
    class_type: type,
  };
  ctx.data.taxClasses.set(c.class_id, c);
  return String(c.class_id);
}

export const taxRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/V1/taxRates",
    service: "taxTaxRateRepositoryV1",
    operation: "save",
    aclResource: TAX,
    summary: "Create a tax rate",
    body: [
      {
        name: "taxRate",
        type: "object",
        required: true,
        description:
          "{code, tax_country_id, tax_region_id, tax_postcode, rate, zip_is_range, zip_from, zip_to, titles[]}",
      },
    ],
    returns: "TaxRate",
    handler: (ctx) => {
      const { id: _id, ...rest } = requireObject(ctx.body, "taxRate");
      return saveRate(ctx, rest);
    },
  },
  {
    method: "PUT",
    path: "/V1/taxRates",
    service: "taxTaxRateRepositoryV1",
    operation: "save",
    aclResource: TAX,
    summary: "Change the tax rate named by `id`",
    body: [{ name: "taxRate", type: "object", required: true, description: "{id, …}" }],
    returns: "TaxRate",
    handler: (ctx) => {
      const input = requireObject(ctx.body, "taxRate");
      if (input.id === undefined) throw requiredField("id");
      const existing = rate(ctx, toInt(input.id));
      const { id: _id, ...rest } = input;
      return saveRate(ctx, rest, existing);
    },
  },
  {
    method: "GET",
    path: "/V1/taxRates/:rateId",
    service: "taxTaxRateRepositoryV1",
    operation: "get",
    aclResource: TAX,
    summary: "A tax rate",
    returns: "TaxRate",
    handler: (ctx) => rate(ctx, intParam(ctx.params, "rateId")),
  },
  {
    method: "DELETE",
    path: "/V1/taxRates/:rateId",
    service: "taxTaxRateRepositoryV1",
    operation: "deleteById",
    aclResource: TAX,
    summary: "Delete a tax rate no rule uses",
    returns: "boolean",
    handler: (ctx) => {
      const r = rate(ctx, intParam(ctx.params, "rateId"));
      if ([...ctx.data.taxRules.values()].some((x) => x.tax_rate_ids.includes(r.id)))
        throw badRequest("The tax rate can't be removed because it exists in a tax rule.");
      ctx.data.taxRates.delete(r.id);
      return true;
    },
  },
  {
    method: "GET",
    path: "/V1/taxRates/search",
    service: "taxTaxRateRepositoryV1",
    operation: "getList",
    aclResource: TAX,
    summary: "Tax rates matching the criteria",
    searchCriteria: true,
    returns: "{items: TaxRate[], search_criteria, total_count}",
    handler: (ctx) => ctx.search(RATE_SEARCH),
  },
  {
    method: "POST",
    path: "/V1/taxRules",
    service: "taxTaxRuleRepositoryV1",
    operation: "save",
    aclResource: TAX,
    summary: "Create a tax rule",
    body: [
      {
        name: "rule",
        type: "object",
        required: true,
        description: "{code, priority, position, customer_tax_class_ids[], product_tax_class_ids[], tax_rate_ids[]}",
      },
    ],
    returns: "TaxRule",
    handler: (ctx) => {
      const { id: _id, ...rest } = requireObject(ctx.body, "rule");
      return saveRule(ctx, rest);
    },
  },
  {
    method: "PUT",
    path: "/V1/taxRules",
    service: "taxTaxRuleRepositoryV1",
    operation: "save",
    aclResource: TAX,
    summary: "Change the tax rule named by `id`",
    body: [{ name: "rule", type: "object", required: true, description: "{id, …}" }],
    returns: "TaxRule",
    handler: (ctx) => {
      const input = requireObject(ctx.body, "rule");
      if (input.id === undefined) throw requiredField("id");
      const existing = rule(ctx, toInt(input.id));
      const { id: _id, ...rest } = input;
      return saveRule(ctx, rest, existing);
    },
  },
  {
    method: "GET",
    path: "/V1/taxRules/:ruleId",
    service: "taxTaxRuleRepositoryV1",
    operation: "get",
    aclResource: TAX,
    summary: "A tax rule",
    returns: "TaxRule",
    handler: (ctx) => rule(ctx, intParam(ctx.params, "ruleId")),
  },
  {
    method: "DELETE",
    path: "/V1/taxRules/:ruleId",
    service: "taxTaxRuleRepositoryV1",
    operation: "deleteById",
    aclResource: TAX,
    summary: "Delete a tax rule",
    returns: "boolean",
    handler: (ctx) => ctx.data.taxRules.delete(rule(ctx, intParam(ctx.params, "ruleId")).id),
  },
  {
    method: "GET",
    path: "/V1/taxRules/search",
    service: "taxTaxRuleRepositoryV1",
    operation: "getList",
    aclResource: TAX,
    summary: "Tax rules matching the criteria",
    searchCriteria: true,
    returns: "{items: TaxRule[], search_criteria, total_count}",
    handler: (ctx) => ctx.search(RULE_SEARCH),
  },
  {
    method: "POST",
    path: "/V1/taxClasses",
    service: "taxTaxClassRepositoryV1",
    operation: "save",
    aclResource: TAX,
    summary: "Create a tax class; answers its id",
    body: [
      { name: "taxClass", type: "object", required: true, description: "{class_name, class_type: PRODUCT|CUSTOMER}" },
    ],
    returns: "string",
    handler: (ctx) => {
      const { class_id: _id, ...rest } = requireObject(ctx.body, "taxClass");
      return saveClass(ctx, rest);
    },
  },
  {
    method: "GET",
    path: "/V1/taxClasses/:taxClassId",
    service: "taxTaxClassRepositoryV1",
    operation: "get",
    aclResource: TAX,
    summary: "A tax class",
    returns: "TaxClass",
    handler: (ctx) => taxClass(ctx, intParam(ctx.params, "taxClassId")),
  },
  {
    method: "PUT",
    path: "/V1/taxClasses/:classId",
    service: "taxTaxClassRepositoryV1",
    operation: "save",
    aclResource: TAX,
    summary: "Rename a tax class; answers its id",
    body: [{ name: "taxClass", type: "object", required: true, description: "{class_name, class_type}" }],
    returns: "string",
    handler: (ctx) => {
      const existing = taxClass(ctx, intParam(ctx.params, "classId"));
      const { class_id: _id, ...rest } = requireObject(ctx.body, "taxClass");
      return saveClass(ctx, rest, existing);
    },
  },
  {
    method: "DELETE",
    path: "/V1/taxClasses/:taxClassId",
    service: "taxTaxClassRepositoryV1",
    operation: "deleteById",
    aclResource: TAX,
    summary: "Delete a tax class no rule or customer group uses",
    returns: "boolean",
    handler: (ctx) => {
      const c = taxClass(ctx, intParam(ctx.params, "taxClassId"));
      const used =
        [...ctx.data.taxRules.values()].some(
          (r) => r.customer_tax_class_ids.includes(c.class_id) || r.product_tax_class_ids.includes(c.class_id),
        ) || [...ctx.data.customerGroups.values()].some((g) => g.tax_class_id === c.class_id);
      if (used)
        throw badRequest(
          "The tax class can't be deleted because it's in use. Remove it from tax rules and customer groups and try again.",
        );
      ctx.data.taxClasses.delete(c.class_id);
      return true;
    },
  },
  {
    method: "GET",
    path: "/V1/taxClasses/search",
    service: "taxTaxClassRepositoryV1",
    operation: "getList",
    aclResource: TAX,
    summary: "Tax classes matching the criteria",
    searchCriteria: true,
    returns: "{items: TaxClass[], search_criteria, total_count}",
    handler: (ctx) => ctx.search(CLASS_SEARCH),
  },
];
