/**
 * Product custom options (magento/magento2 app/code/Magento/Catalog/etc/webapi.xml, resource
 * Magento_Catalog::catalog): text fields, drop-downs and the like a shopper fills in when buying.
 */
import type { CustomOption, CustomOptionValue, Product, StoreData } from "../../data/index.ts";
import { badRequest, invalidFieldValue, notFound, requiredField } from "../errors.ts";
import type { RouteDef } from "../route.ts";
import { intParam, optional, rejectUnknownKeys, requireObject, toBool, toFloat, toInt, toStr } from "./input.ts";
import { requireProduct } from "./products.ts";

const CATALOG = "Magento_Catalog::catalog";

/** ProductCustomOptionTypeListInterface::getItems. */
const TYPES: readonly [code: string, label: string, group: string][] = [
  ["field", "Field", "Text"],
  ["area", "Area", "Text"],
  ["file", "File", "File"],
  ["drop_down", "Drop-down", "Select"],
  ["radio", "Radio Buttons", "Select"],
  ["checkbox", "Checkbox", "Select"],
  ["multiple", "Multiple Select", "Select"],
  ["date", "Date", "Date"],
  ["date_time", "Date & Time", "Date"],
  ["time", "Time", "Date"],
];
const SELECT_TYPES = new Set(["drop_down", "radio", "checkbox", "multiple"]);
const OPTION_KEYS = new Set([
  "product_sku",
  "option_id",
  "title",
  "type",
  "sort_order",
  "is_require",
  "price",
  "price_type",
  "sku",
  "file_extension",
  "max_characters",
  "image_size_x",
  "image_size_y",
  "values",
  "extension_attributes",
]);

function findOption(p: Product, id: number): CustomOption {
  const o = p.options.find((x) => x.option_id === id);
  // ProductCustomOptionRepository::get.
  if (!o) throw notFound("The option doesn't exist. Enter the option and try again.");
  return o;
}

function syncHasOptions(p: Product): void {
  const value = p.options.length > 0 ? "1" : "0";
  for (const a of p.custom_attributes) if (a.attribute_code === "has_options") a.value = value;
}

function buildOption(data: StoreData, input: Record<string, unknown>, existing?: CustomOption): CustomOption {
  rejectUnknownKeys(input, OPTION_KEYS, "Magento\\Catalog\\Api\\Data\\ProductCustomOptionInterface");
  const title = optional(input, "title", toStr) ?? existing?.title;
  if (!title) throw requiredField("title");
  const type = optional(input, "type", toStr) ?? existing?.type;
  if (!type) throw requiredField("type");
  if (!TYPES.some(([code]) => code === type)) throw invalidFieldValue("type", type);
  const o: CustomOption = {
    product_sku: existing?.product_sku ?? toStr(input.product_sku ?? ""),
    option_id: existing?.option_id ?? ++data.relationIds.customOption,
    title,
    type,
    sort_order: optional(input, "sort_order", toInt) ?? existing?.sort_order ?? 0,
    is_require: optional(input, "is_require", toBool) ?? existing?.is_require ?? true,
  };
  if (SELECT_TYPES.has(type)) {
    const values = Array.isArray(input.values) ? (input.values as Record<string, unknown>[]) : undefined;
    if (!values?.length && !existing?.values?.length)
      throw badRequest("Option values are not specified for the selectable option type.");
    o.values = values
      ? values.map((v, i): CustomOptionValue => ({
          title: toStr(v.title ?? ""),
          sort_order: v.sort_order === undefined ? i : toInt(v.sort_order),
          price: toFloat(v.price ?? 0),
          price_type: toStr(v.price_type ?? "fixed"),
          ...(v.sku !== undefined ? { sku: toStr(v.sku) } : {}),
          option_type_id:
            v.option_type_id !== undefined && toInt(v.option_type_id) > 0
              ? toInt(v.option_type_id)
              : ++data.relationIds.customOptionValue,
        }))
      : existing?.values;
  } else {
    o.price = optional(input, "price", toFloat) ?? existing?.price ?? 0;
    o.price_type = optional(input, "price_type", toStr) ?? existing?.price_type ?? "fixed";
    const sku = optional(input, "sku", toStr) ?? existing?.sku;
    if (sku !== undefined) o.sku = sku;
    const max = optional(input, "max_characters", toInt) ?? existing?.max_characters;
    if (max !== undefined) o.max_characters = max;
  }
  return o;
}

const optionBody = [
  {
    name: "option",
    type: "object" as const,
    required: true,
    description: "{product_sku, title, type, sort_order, is_require, price, price_type, sku, max_characters, values[]}",
  },
];

export const productOptionRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/products/options/types",
    service: "catalogProductCustomOptionTypeListV1",
    operation: "getItems",
    aclResource: CATALOG,
    summary: "Custom option types",
    returns: "{label, code, group}[]",
    handler: () => TYPES.map(([code, label, group]) => ({ label, code, group })),
  },
  {
    method: "GET",
    path: "/V1/products/:sku/options",
    service: "catalogProductCustomOptionRepositoryV1",
    operation: "getList",
    aclResource: CATALOG,
    summary: "Custom options of a product",
    returns: "CustomOption[]",
    handler: (ctx) => requireProduct(ctx.data, ctx.params.sku ?? "").options,
  },
  {
    method: "GET",
    path: "/V1/products/:sku/options/:optionId",
    service: "catalogProductCustomOptionRepositoryV1",
    operation: "get",
    aclResource: CATALOG,
    summary: "One custom option",
    returns: "CustomOption",
    handler: (ctx) => findOption(requireProduct(ctx.data, ctx.params.sku ?? ""), intParam(ctx.params, "optionId")),
  },
  {
    method: "POST",
    path: "/V1/products/options",
    service: "catalogProductCustomOptionRepositoryV1",
    operation: "save",
    aclResource: CATALOG,
    summary: "Add a custom option to the product named by product_sku",
    body: optionBody,
    returns: "CustomOption",
    handler: (ctx) => {
      const input = requireObject(ctx.body, "option");
      if (input.product_sku === undefined || input.product_sku === "")
        throw badRequest("The ProductSku is empty. Set the ProductSku and try again.");
      const p = requireProduct(ctx.data, toStr(input.product_sku));
      const existingId = optional(input, "option_id", toInt);
      const existing = existingId ? p.options.find((o) => o.option_id === existingId) : undefined;
      const o = buildOption(ctx.data, { ...input, product_sku: p.sku }, existing);
      p.options = [...p.options.filter((x) => x.option_id !== o.option_id), o];
      syncHasOptions(p);
      return o;
    },
  },
  {
    method: "PUT",
    path: "/V1/products/options/:optionId",
    service: "catalogProductCustomOptionRepositoryV1",
    operation: "save",
    aclResource: CATALOG,
    summary: "Change a custom option",
    body: optionBody,
    returns: "CustomOption",
    handler: (ctx) => {
      const input = requireObject(ctx.body, "option");
      if (input.product_sku === undefined || input.product_sku === "")
        throw badRequest("The ProductSku is empty. Set the ProductSku and try again.");
      const p = requireProduct(ctx.data, toStr(input.product_sku));
      const existing = findOption(p, intParam(ctx.params, "optionId"));
      const o = buildOption(ctx.data, input, existing);
      p.options = p.options.map((x) => (x === existing ? o : x));
      return o;
    },
  },
  {
    method: "DELETE",
    path: "/V1/products/:sku/options/:optionId",
    service: "catalogProductCustomOptionRepositoryV1",
    operation: "deleteByIdentifier",
    aclResource: CATALOG,
    summary: "Delete a custom option",
    returns: "true",
    handler: (ctx) => {
      const p = requireProduct(ctx.data, ctx.params.sku ?? "");
      const o = findOption(p, intParam(ctx.params, "optionId"));
      p.options = p.options.filter((x) => x !== o);
      syncHasOptions(p);
      return true;
    },
  },
];
