/**
 * Catalog attributes (magento/magento2 app/code/Magento/Catalog/etc/webapi.xml, resource
 * Magento_Catalog::attributes_attributes): product attributes and their options, category attributes.
 */
import type { AttributeOption, CatalogAttribute, StoreData } from "../../data/index.ts";
import { PRODUCT_ENTITY_TYPE_ID } from "../../data/seed-eav.ts";
import { badRequest, notFound, requiredField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { columns, type SearchableEntity } from "../searchable.ts";
import { readRecordField } from "../search-criteria.ts";
import { optional, rejectUnknownKeys, requireObject, toBool, toInt, toStr } from "./input.ts";

const ATTRIBUTES = "Magento_Catalog::attributes_attributes";

/** ProductAttributeTypesListInterface::getItems (the frontend inputs the admin offers). */
const INPUT_TYPES: readonly [string, string][] = [
  ["text", "Text Field"],
  ["textarea", "Text Area"],
  ["texteditor", "Text Editor"],
  ["pagebuilder", "Page Builder"],
  ["date", "Date"],
  ["datetime", "Date and Time"],
  ["boolean", "Yes/No"],
  ["multiselect", "Multiple Select"],
  ["select", "Dropdown"],
  ["price", "Price"],
  ["media_image", "Media Image"],
  ["swatch_visual", "Visual Swatch"],
  ["swatch_text", "Text Swatch"],
  ["weee", "Fixed Product Tax"],
];
const BACKEND_BY_INPUT: Record<string, string> = {
  text: "varchar",
  textarea: "text",
  texteditor: "text",
  pagebuilder: "text",
  date: "datetime",
  datetime: "datetime",
  boolean: "int",
  multiselect: "varchar",
  select: "int",
  price: "decimal",
  media_image: "varchar",
  swatch_visual: "int",
  swatch_text: "int",
  weee: "static",
};

const ATTRIBUTE_KEYS = new Set([
  "attribute_id",
  "attribute_code",
  "frontend_input",
  "entity_type_id",
  "is_required",
  "options",
  "is_user_defined",
  "default_frontend_label",
  "frontend_labels",
  "note",
  "backend_type",
  "backend_model",
  "source_model",
  "default_value",
  "is_unique",
  "frontend_class",
  "validation_rules",
  "is_wysiwyg_enabled",
  "is_html_allowed_on_front",
  "used_for_sort_by",
  "is_filterable",
  "is_filterable_in_search",
  "is_used_in_grid",
  "is_visible_in_grid",
  "is_filterable_in_grid",
  "position",
  "apply_to",
  "is_searchable",
  "is_visible_in_advanced_search",
  "is_comparable",
  "is_used_for_promo_rules",
  "is_visible_on_front",
  "used_in_product_listing",
  "is_visible",
  "scope",
  "extension_attributes",
  "custom_attributes",
]);

/** As the repository renders an attribute (the dev store's own bookkeeping field stays out). */
export function renderAttribute(a: CatalogAttribute): Record<string, unknown> {
  const { is_static: _static, ...rest } = a;
  return rest;
}

function productAttribute(data: StoreData, code: string): CatalogAttribute {
  const a = data.productAttributes.get(code);
  // Eav AttributeRepository::get.
  if (!a)
    throw notFound('The attribute with a "%1" attributeCode doesn\'t exist. Verify the attribute and try again.', [
      code,
    ]);
  return a;
}

function categoryAttribute(data: StoreData, code: string): CatalogAttribute {
  const a = data.categoryAttributes.get(code);
  if (!a)
    throw notFound('The attribute with a "%1" attributeCode doesn\'t exist. Verify the attribute and try again.', [
      code,
    ]);
  return a;
}

const ATTRIBUTE_COLUMNS = [
  "attribute_id",
  "attribute_code",
  "entity_type_id",
  "frontend_input",
  "backend_type",
  "frontend_label",
  "is_required",
  "is_user_defined",
  "default_value",
  "is_unique",
  "is_global",
  "is_visible",
  "is_searchable",
  "is_filterable",
  "is_comparable",
  "is_visible_on_front",
  "is_html_allowed_on_front",
  "used_for_sort_by",
  "used_in_product_listing",
  "is_used_in_grid",
  "is_visible_in_grid",
  "is_filterable_in_grid",
  "position",
  "is_wysiwyg_enabled",
  "source_model",
  "backend_model",
];
const ATTRIBUTE_FIELDS = columns(ATTRIBUTE_COLUMNS);

/** eav_attribute joined with catalog_eav_attribute: a flat table. */
function attributeSearch(
  name: string,
  pick: (d: StoreData) => Map<string, CatalogAttribute>,
): SearchableEntity<CatalogAttribute> {
  return {
    name,
    storage: "flat",
    table: "eav_attribute",
    rows: (d) => pick(d).values(),
    fields: () => ATTRIBUTE_FIELDS,
    read: (a, f) =>
      f === "frontend_label"
        ? a.default_frontend_label
        : f === "is_global"
          ? a.scope === "global"
            ? 1
            : a.scope === "website"
              ? 2
              : 0
          : readRecordField(a, f),
  };
}

const PRODUCT_ATTRIBUTE_SEARCH = attributeSearch("productAttributes", (d) => d.productAttributes);
const CATEGORY_ATTRIBUTE_SEARCH = attributeSearch("categoryAttributes", (d) => d.categoryAttributes);

function applyAttributeInput(a: CatalogAttribute, input: Record<string, unknown>): void {
  rejectUnknownKeys(input, ATTRIBUTE_KEYS, "Magento\\Catalog\\Api\\Data\\ProductAttributeInterface");
  const label = optional(input, "default_frontend_label", toStr);
  if (label !== undefined) a.default_frontend_label = label;
  if (Array.isArray(input.frontend_labels)) {
    a.frontend_labels = (input.frontend_labels as Record<string, unknown>[]).map((l) => ({
      store_id: toInt(l.store_id ?? 0),
      label: toStr(l.label ?? ""),
    }));
    if (!a.default_frontend_label)
      a.default_frontend_label = a.frontend_labels.find((l) => l.store_id === 0)?.label ?? a.default_frontend_label;
  }
  for (const key of [
    "is_required",
    "is_filterable",
    "is_html_allowed_on_front",
    "used_for_sort_by",
    "is_used_in_grid",
    "is_visible_in_grid",
    "is_filterable_in_grid",
    "is_wysiwyg_enabled",
    "is_visible",
  ] as const) {
    const v = optional(input, key, toBool);
    if (v !== undefined) a[key] = v;
  }
  for (const key of [
    "is_searchable",
    "is_comparable",
    "is_visible_on_front",
    "used_in_product_listing",
    "is_unique",
    "default_value",
  ] as const) {
    const v = optional(input, key, toStr);
    if (v !== undefined) a[key] = v;
  }
  const scope = optional(input, "scope", toStr);
  if (scope !== undefined) {
    if (scope !== "global" && scope !== "website" && scope !== "store")
      throw badRequest('Invalid value of "%value" provided for the %fieldName field.', {
        fieldName: "scope",
        value: scope,
      });
    a.scope = scope;
  }
  const position = optional(input, "position", toInt);
  if (position !== undefined) a.position = position;
  if (Array.isArray(input.apply_to)) a.apply_to = input.apply_to.map(toStr);
  if (Array.isArray(input.options)) {
    for (const raw of input.options as Record<string, unknown>[]) addOption(a, raw, 0);
  }
}

function createAttribute(ctx: RouteContext, input: Record<string, unknown>): CatalogAttribute {
  const label = optional(input, "default_frontend_label", toStr) ?? "";
  const code =
    optional(input, "attribute_code", toStr) ??
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 60);
  if (!label && !Array.isArray(input.frontend_labels)) throw requiredField("frontend_label");
  // Eav Attribute Validator: a code is letters, digits and underscores, starting with a letter, at most 60 characters.
  if (!/^[a-z][a-z_0-9]{0,59}$/.test(code)) {
    throw badRequest(
      'Attribute code "%1" is invalid. Please use only letters (a-z or A-Z), numbers (0-9) or underscore (_) in this field, and the first character should be a letter.',
      [code],
    );
  }
  if (ctx.data.productAttributes.has(code))
    throw badRequest("An attribute with the same code (%1) already exists.", [code]);
  const input_ = optional(input, "frontend_input", toStr) ?? "text";
  if (!BACKEND_BY_INPUT[input_])
    throw badRequest('Invalid value of "%value" provided for the %fieldName field.', {
      fieldName: "frontend_input",
      value: input_,
    });
  const a: CatalogAttribute = {
    attribute_id: ctx.data.nextId("attribute"),
    attribute_code: code,
    entity_type_id: String(PRODUCT_ENTITY_TYPE_ID),
    frontend_input: input_,
    backend_type: BACKEND_BY_INPUT[input_]!,
    default_frontend_label: label,
    frontend_labels: [],
    is_required: false,
    is_user_defined: true,
    is_unique: "0",
    scope: "store",
    default_value: "",
    is_visible: true,
    is_searchable: "0",
    is_filterable: false,
    is_comparable: "0",
    is_visible_on_front: "0",
    is_html_allowed_on_front: false,
    used_for_sort_by: false,
    used_in_product_listing: "0",
    is_used_in_grid: false,
    is_visible_in_grid: false,
    is_filterable_in_grid: false,
    is_wysiwyg_enabled: false,
    position: 0,
    apply_to: [],
    options: input_ === "select" || input_ === "multiselect" ? [{ label: " ", value: "" }] : [],
    validation_rules: [],
    ...(input_ === "select" || input_ === "multiselect"
      ? { source_model: "Magento\\Eav\\Model\\Entity\\Attribute\\Source\\Table" }
      : {}),
    is_static: false,
  };
  const { attribute_code: _c, frontend_input: _i, ...rest } = input;
  applyAttributeInput(a, rest);
  ctx.data.productAttributes.set(code, a);
  return a;
}

function usesOptions(a: CatalogAttribute): boolean {
  return a.frontend_input === "select" || a.frontend_input === "multiselect" || a.frontend_input.startsWith("swatch");
}

/** Adds an option (Eav OptionManagement::add); answers its id. */
function addOption(a: CatalogAttribute, input: Record<string, unknown>, nextValue: number): string {
  if (!usesOptions(a)) throw badRequest('The "%1" attribute doesn\'t work with options.', [a.attribute_code]);
  const label =
    optional(input, "label", toStr) ??
    (Array.isArray(input.store_labels) ? toStr((input.store_labels as Record<string, unknown>[])[0]?.label ?? "") : "");
  if (label.trim() === "") throw requiredField("label");
  if (a.options.some((o) => o.label === label))
    throw badRequest('Admin store attribute option label "%1" is already exists.', [label]);
  const value = String(nextValue || Math.max(0, ...a.options.map((o) => Number(o.value) || 0)) + 1);
  const option: AttributeOption = {
    label,
    value,
    sort_order: optional(input, "sort_order", toInt) ?? a.options.length,
    is_default: optional(input, "is_default", toBool) ?? false,
  };
  a.options.push(option);
  return value;
}

const attributeBody = [
  {
    name: "attribute",
    type: "object" as const,
    required: true,
    description:
      "attribute_code, frontend_input, default_frontend_label, frontend_labels[], is_required, scope, options[], …",
  },
];

export const catalogAttributeRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/products/attributes/types",
    service: "catalogProductAttributeTypesListV1",
    operation: "getItems",
    aclResource: ATTRIBUTES,
    summary: "Input types a product attribute can have",
    returns: "{value, label}[]",
    handler: () => INPUT_TYPES.map(([value, label]) => ({ value, label })),
  },
  {
    method: "GET",
    path: "/V1/products/attributes/:attributeCode",
    service: "catalogProductAttributeRepositoryV1",
    operation: "get",
    aclResource: ATTRIBUTES,
    summary: "Retrieve a product attribute",
    returns: "ProductAttribute",
    handler: (ctx) => renderAttribute(productAttribute(ctx.data, ctx.params.attributeCode ?? "")),
  },
  {
    method: "GET",
    path: "/V1/products/attributes",
    service: "catalogProductAttributeRepositoryV1",
    operation: "getList",
    aclResource: ATTRIBUTES,
    summary: "Product attributes matching the criteria",
    searchCriteria: true,
    returns: "{items: ProductAttribute[], search_criteria, total_count}",
    handler: (ctx) => {
      const r = ctx.search(PRODUCT_ATTRIBUTE_SEARCH);
      return { ...r, items: r.items.map(renderAttribute) };
    },
  },
  {
    method: "GET",
    path: "/V1/categories/attributes/:attributeCode",
    service: "catalogCategoryAttributeRepositoryV1",
    operation: "get",
    aclResource: ATTRIBUTES,
    summary: "Retrieve a category attribute",
    returns: "CategoryAttribute",
    handler: (ctx) => renderAttribute(categoryAttribute(ctx.data, ctx.params.attributeCode ?? "")),
  },
  {
    method: "GET",
    path: "/V1/categories/attributes",
    service: "catalogCategoryAttributeRepositoryV1",
    operation: "getList",
    aclResource: ATTRIBUTES,
    summary: "Category attributes matching the criteria",
    searchCriteria: true,
    returns: "{items: CategoryAttribute[], search_criteria, total_count}",
    handler: (ctx) => {
      const r = ctx.search(CATEGORY_ATTRIBUTE_SEARCH);
      return { ...r, items: r.items.map(renderAttribute) };
    },
  },
  {
    method: "GET",
    path: "/V1/categories/attributes/:attributeCode/options",
    service: "catalogCategoryAttributeOptionManagementV1",
    operation: "getItems",
    aclResource: ATTRIBUTES,
    summary: "Options of a category attribute",
    returns: "{label, value}[]",
    handler: (ctx) => categoryAttribute(ctx.data, ctx.params.attributeCode ?? "").options,
  },
  {
    method: "POST",
    path: "/V1/products/attributes",
    service: "catalogProductAttributeRepositoryV1",
    operation: "save",
    aclResource: ATTRIBUTES,
    summary: "Create a product attribute",
    body: attributeBody,
    returns: "ProductAttribute",
    handler: (ctx) => renderAttribute(createAttribute(ctx, requireObject(ctx.body, "attribute"))),
  },
  {
    method: "PUT",
    path: "/V1/products/attributes/:attributeCode",
    service: "catalogProductAttributeRepositoryV1",
    operation: "save",
    aclResource: ATTRIBUTES,
    summary: "Update a product attribute (code and input type stay)",
    body: attributeBody,
    returns: "ProductAttribute",
    handler: (ctx) => {
      const a = productAttribute(ctx.data, ctx.params.attributeCode ?? "");
      const {
        attribute_code: _c,
        attribute_id: _i,
        frontend_input: _f,
        entity_type_id: _e,
        backend_type: _b,
        is_user_defined: _u,
        ...rest
      } = requireObject(ctx.body, "attribute");
      applyAttributeInput(a, rest);
      return renderAttribute(a);
    },
  },
  {
    method: "DELETE",
    path: "/V1/products/attributes/:attributeCode",
    service: "catalogProductAttributeRepositoryV1",
    operation: "deleteById",
    aclResource: ATTRIBUTES,
    summary: "Delete a user-defined product attribute",
    returns: "true",
    handler: (ctx) => {
      const a = productAttribute(ctx.data, ctx.params.attributeCode ?? "");
      if (!a.is_user_defined) throw badRequest("The system attribute can't be deleted.");
      ctx.data.productAttributes.delete(a.attribute_code);
      for (const g of ctx.data.attributeGroups.values())
        g.attributes = g.attributes.filter((c) => c !== a.attribute_code);
      for (const p of ctx.data.productsById.values()) {
        if (p.custom_attributes.some((c) => c.attribute_code === a.attribute_code))
          p.custom_attributes = p.custom_attributes.filter((c) => c.attribute_code !== a.attribute_code);
      }
      return true;
    },
  },
  {
    method: "GET",
    path: "/V1/products/attributes/:attributeCode/options",
    service: "catalogProductAttributeOptionManagementV1",
    operation: "getItems",
    aclResource: ATTRIBUTES,
    summary: "Options of a product attribute",
    returns: "{label, value}[]",
    handler: (ctx) =>
      productAttribute(ctx.data, ctx.params.attributeCode ?? "").options.map(({ label, value }) => ({ label, value })),
  },
  {
    method: "POST",
    path: "/V1/products/attributes/:attributeCode/options",
    service: "catalogProductAttributeOptionManagementV1",
    operation: "add",
    aclResource: ATTRIBUTES,
    summary: "Add an option to a product attribute; answers its id",
    body: [
      {
        name: "option",
        type: "object",
        required: true,
        description: "{label, sort_order, is_default, store_labels[]}",
      },
    ],
    returns: "string (option id)",
    handler: (ctx) =>
      addOption(
        productAttribute(ctx.data, ctx.params.attributeCode ?? ""),
        requireObject(ctx.body, "option"),
        ctx.data.nextId("attributeOption"),
      ),
  },
  {
    method: "DELETE",
    path: "/V1/products/attributes/:attributeCode/options/:optionId",
    service: "catalogProductAttributeOptionManagementV1",
    operation: "delete",
    aclResource: ATTRIBUTES,
    summary: "Delete an option of a product attribute",
    returns: "true",
    handler: (ctx) => {
      const a = productAttribute(ctx.data, ctx.params.attributeCode ?? "");
      if (!usesOptions(a)) throw badRequest('The "%1" attribute has no option.', [a.attribute_code]);
      const id = ctx.params.optionId ?? "";
      const at = a.options.findIndex((o) => o.value === id && id !== "");
      if (at === -1)
        throw notFound('The "%1" attribute doesn\'t include an option with "%2" ID.', [a.attribute_code, id]);
      a.options.splice(at, 1);
      return true;
    },
  },
];
