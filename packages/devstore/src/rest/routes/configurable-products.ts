/**
 * Configurable products (magento/magento2 app/code/Magento/ConfigurableProduct/etc/webapi.xml, resource
 * Magento_Catalog::products): the super attributes (size, colour) a parent is configured by, and its children.
 * Behaviour of ConfigurableProduct/Model/LinkManagement.php and OptionRepository.php.
 */
import type { ConfigurableOption, Product, StoreData } from "../../data/index.ts";
import { badRequest, notFound, requiredField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { intParam, nowText, optional, requireArray, requireBody, requireObject, toInt, toStr } from "./input.ts";
import { requireProduct } from "./products.ts";

const PRODUCTS = "Magento_Catalog::products";

function configurable(data: StoreData, sku: string): Product {
  const p = requireProduct(data, sku);
  if (p.type_id !== "configurable")
    throw badRequest('This is implemented for the "%1" configurable product only.', [sku]);
  return p;
}

const optionsOf = (p: Product) => (p.extension_attributes.configurable_product_options ??= []);
const linksOf = (p: Product) => (p.extension_attributes.configurable_product_links ??= []);
const attrValue = (p: Product, code: string) => p.custom_attributes.find((a) => a.attribute_code === code)?.value;

function attributeCode(data: StoreData, attributeId: string): string | undefined {
  for (const a of data.productAttributes.values()) if (String(a.attribute_id) === attributeId) return a.attribute_code;
  return undefined;
}

function findOption(p: Product, id: number): ConfigurableOption {
  const o = optionsOf(p).find((x) => x.id === id);
  if (!o) throw notFound("Requested option doesn't exist: %1", [id]);
  return o;
}

/** The values a child has for the parent's super attributes, e.g. "169|49". */
function combination(data: StoreData, parent: Product, child: Product): string {
  return optionsOf(parent)
    .map((o) => {
      const code = attributeCode(data, o.attribute_id);
      const value = code === undefined ? undefined : attrValue(child, code);
      if (value === undefined || value === null || value === "")
        throw badRequest('The child product doesn\'t have the "%1" attribute value. Verify the value and try again.', [
          code ?? o.attribute_id,
        ]);
      return String(value);
    })
    .join("|");
}

function saveOption(
  ctx: RouteContext,
  p: Product,
  input: Record<string, unknown>,
  existing?: ConfigurableOption,
): number {
  const attributeId = optional(input, "attribute_id", toStr) ?? existing?.attribute_id;
  if (!attributeId) throw requiredField("attribute_id");
  const code = attributeCode(ctx.data, attributeId);
  const attribute = code === undefined ? undefined : ctx.data.productAttributes.get(code);
  if (!attribute || attribute.frontend_input !== "select" || attribute.scope !== "global")
    throw badRequest("Something went wrong while saving option.");
  if (optionsOf(p).some((o) => o.attribute_id === attributeId && o !== existing))
    throw badRequest("Something went wrong while saving option.");
  const values = Array.isArray(input.values)
    ? (input.values as Record<string, unknown>[]).map((v) => ({ value_index: toInt(v.value_index) }))
    : existing?.values;
  if (!values?.length) throw badRequest("Option values aren't specified.");
  const o: ConfigurableOption = {
    id: existing?.id ?? ++ctx.data.relationIds.configurableOption,
    attribute_id: attributeId,
    label: optional(input, "label", toStr) ?? existing?.label ?? attribute.default_frontend_label,
    position: optional(input, "position", toInt) ?? existing?.position ?? optionsOf(p).length,
    values,
    product_id: p.id,
  };
  p.extension_attributes.configurable_product_options = [...optionsOf(p).filter((x) => x !== existing), o].sort(
    (a, b) => a.position - b.position,
  );
  p.updated_at = nowText(ctx.now);
  return o.id;
}

/** ConfigurableProductManagement::generateVariation: every combination of the options' values, as unsaved products. */
function variations(
  ctx: RouteContext,
  product: Record<string, unknown>,
  options: Record<string, unknown>[],
): Record<string, unknown>[] {
  const sku = optional(product, "sku", toStr);
  if (!sku) throw requiredField("sku");
  const name = optional(product, "name", toStr) ?? sku;
  let combos: { code: string; value: number; label: string }[][] = [[]];
  for (const o of options) {
    const code = attributeCode(ctx.data, toStr(o.attribute_id ?? ""));
    const attribute = code === undefined ? undefined : ctx.data.productAttributes.get(code);
    if (!attribute)
      throw notFound('The attribute with a "%1" attributeCode doesn\'t exist. Verify the attribute and try again.', [
        toStr(o.attribute_id ?? ""),
      ]);
    const values = Array.isArray(o.values)
      ? (o.values as Record<string, unknown>[]).map((v) => toInt(v.value_index))
      : [];
    combos = combos.flatMap((c) =>
      values.map((value) => [
        ...c,
        {
          code: attribute.attribute_code,
          value,
          label: attribute.options.find((x) => x.value === String(value))?.label ?? String(value),
        },
      ]),
    );
  }
  return combos.map((c) => ({
    sku: [sku, ...c.map((x) => x.label)].join("-"),
    name: [name, ...c.map((x) => x.label)].join("-"),
    price: product.price ?? 0,
    attribute_set_id: product.attribute_set_id ?? 4,
    type_id: "simple",
    weight: product.weight ?? 1,
    status: 1,
    visibility: 1,
    custom_attributes: c.map((x) => ({ attribute_code: x.code, value: String(x.value) })),
  }));
}

export const configurableProductRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/configurable-products/:sku/children",
    service: "configurableProductLinkManagementV1",
    operation: "getChildren",
    aclResource: PRODUCTS,
    summary: "The child products of a configurable product",
    returns: "Product[]",
    handler: (ctx) => {
      const p = requireProduct(ctx.data, ctx.params.sku ?? "");
      if (p.type_id !== "configurable") return [];
      return linksOf(p).flatMap((id) => {
        const child = ctx.data.productsById.get(id);
        return child ? [child] : [];
      });
    },
  },
  {
    method: "DELETE",
    path: "/V1/configurable-products/:sku/children/:childSku",
    service: "configurableProductLinkManagementV1",
    operation: "removeChild",
    aclResource: PRODUCTS,
    summary: "Detach a child from a configurable product",
    returns: "true",
    handler: (ctx) => {
      const p = requireProduct(ctx.data, ctx.params.sku ?? "");
      if (p.type_id !== "configurable")
        throw badRequest('The product with the "%1" SKU isn\'t a configurable product.', [p.sku]);
      const child = ctx.data.product(ctx.params.childSku ?? "");
      if (!child || !linksOf(p).includes(child.id))
        throw notFound("The option that was requested doesn't exist. Verify the entity and try again.");
      p.extension_attributes.configurable_product_links = linksOf(p).filter((id) => id !== child.id);
      return true;
    },
  },
  {
    method: "PUT",
    path: "/V1/configurable-products/variation",
    service: "configurableProductConfigurableProductManagementV1",
    operation: "generateVariation",
    aclResource: PRODUCTS,
    summary: "The child products a configurable product would have for these options (nothing is saved)",
    body: [
      { name: "product", type: "object", required: true, description: "{sku, name, price, attribute_set_id, weight}" },
      { name: "options", type: "array", required: true, description: "[{attribute_id, values: [{value_index}]}]" },
    ],
    returns: "Product[]",
    handler: (ctx) => {
      requireBody(ctx.body, ["product", "options"]);
      return variations(
        ctx,
        requireObject(ctx.body, "product"),
        requireArray(ctx.body, "options") as Record<string, unknown>[],
      );
    },
  },
  {
    method: "POST",
    path: "/V1/configurable-products/:sku/child",
    service: "configurableProductLinkManagementV1",
    operation: "addChild",
    aclResource: PRODUCTS,
    summary:
      "Attach a simple product as a child (it needs a value for every option, in a combination no other child has)",
    body: [{ name: "childSku", type: "string", required: true, description: "SKU of the simple product" }],
    returns: "true",
    handler: (ctx) => {
      const p = configurable(ctx.data, ctx.params.sku ?? "");
      requireBody(ctx.body, ["childSku"]);
      const child = requireProduct(ctx.data, toStr(ctx.body.childSku));
      if (linksOf(p).includes(child.id)) throw badRequest("The product is already attached.");
      if (optionsOf(p).length === 0) throw badRequest("The parent product doesn't have configurable product options.");
      const combo = combination(ctx.data, p, child);
      for (const id of linksOf(p)) {
        const sibling = ctx.data.productsById.get(id);
        if (sibling && combination(ctx.data, p, sibling) === combo)
          throw badRequest('Products "%1" and "%2" have the same set of attribute values.', [child.sku, sibling.sku]);
      }
      linksOf(p).push(child.id);
      p.updated_at = nowText(ctx.now);
      return true;
    },
  },
  {
    method: "GET",
    path: "/V1/configurable-products/:sku/options/:id",
    service: "configurableProductOptionRepositoryV1",
    operation: "get",
    aclResource: PRODUCTS,
    summary: "One configurable option",
    returns: "ConfigurableOption",
    handler: (ctx) => findOption(configurable(ctx.data, ctx.params.sku ?? ""), intParam(ctx.params, "id")),
  },
  {
    method: "GET",
    path: "/V1/configurable-products/:sku/options/all",
    service: "configurableProductOptionRepositoryV1",
    operation: "getList",
    aclResource: PRODUCTS,
    summary: "The configurable options of a product",
    returns: "ConfigurableOption[]",
    handler: (ctx) => optionsOf(configurable(ctx.data, ctx.params.sku ?? "")),
  },
  {
    method: "POST",
    path: "/V1/configurable-products/:sku/options",
    service: "configurableProductOptionRepositoryV1",
    operation: "save",
    aclResource: PRODUCTS,
    summary: "Add a configurable option (a global select attribute); answers its id",
    body: [
      {
        name: "option",
        type: "object",
        required: true,
        description: "{attribute_id, label, position, values: [{value_index}]}",
      },
    ],
    returns: "integer",
    handler: (ctx) => saveOption(ctx, configurable(ctx.data, ctx.params.sku ?? ""), requireObject(ctx.body, "option")),
  },
  {
    method: "PUT",
    path: "/V1/configurable-products/:sku/options/:id",
    service: "configurableProductOptionRepositoryV1",
    operation: "save",
    aclResource: PRODUCTS,
    summary: "Change a configurable option; answers its id",
    body: [
      { name: "option", type: "object", required: true, description: "{label, position, values: [{value_index}]}" },
    ],
    returns: "integer",
    handler: (ctx) => {
      const p = configurable(ctx.data, ctx.params.sku ?? "");
      return saveOption(ctx, p, requireObject(ctx.body, "option"), findOption(p, intParam(ctx.params, "id")));
    },
  },
  {
    method: "DELETE",
    path: "/V1/configurable-products/:sku/options/:id",
    service: "configurableProductOptionRepositoryV1",
    operation: "deleteById",
    aclResource: PRODUCTS,
    summary: "Remove a configurable option",
    returns: "true",
    handler: (ctx) => {
      const p = configurable(ctx.data, ctx.params.sku ?? "");
      const o = findOption(p, intParam(ctx.params, "id"));
      p.extension_attributes.configurable_product_options = optionsOf(p).filter((x) => x !== o);
      return true;
    },
  },
];
