/**
 * Bundle products (magento/magento2 app/code/Magento/Bundle/etc/webapi.xml, resource Magento_Catalog::products):
 * a bundle's options and the products (links) each option offers. Behaviour of Bundle/Model/LinkManagement.php,
 * OptionRepository.php and OptionManagement.php.
 */
import type { BundleLink, BundleOption, Product, StoreData } from "../../data/index.ts";
import { badRequest, notFound, requiredField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { intParam, nowText, optional, requireObject, toBool, toFloat, toInt, toStr } from "./input.ts";
import { requireProduct } from "./products.ts";

const PRODUCTS = "Magento_Catalog::products";
const OPTION_TYPES: readonly [code: string, label: string][] = [
  ["select", "Drop-down"],
  ["radio", "Radio Buttons"],
  ["checkbox", "Checkbox"],
  ["multi", "Multiple Select"],
];

function bundle(data: StoreData, sku: string): Product {
  const p = requireProduct(data, sku);
  if (p.type_id !== "bundle") throw badRequest('The product with the "%1" SKU isn\'t a bundle product.', [p.sku]);
  return p;
}

const optionsOf = (p: Product) => (p.extension_attributes.bundle_product_options ??= []);

function findOption(p: Product, id: number): BundleOption {
  const o = optionsOf(p).find((x) => x.option_id === id);
  if (!o) throw notFound("The option that was requested doesn't exist. Verify the entity and try again.");
  return o;
}

function applyLink(link: BundleLink, input: Record<string, unknown>): void {
  const qty = optional(input, "qty", toFloat);
  if (qty !== undefined) link.qty = qty;
  const position = optional(input, "position", toInt);
  if (position !== undefined) link.position = position;
  const isDefault = optional(input, "is_default", toBool);
  if (isDefault !== undefined) link.is_default = isDefault;
  const price = optional(input, "price", toFloat);
  if (price !== undefined) link.price = price;
  const priceType = optional(input, "price_type", toInt);
  if (priceType !== undefined) link.price_type = priceType;
  const change = optional(input, "can_change_quantity", toInt);
  if (change !== undefined) link.can_change_quantity = change;
}

/** LinkManagement::addChild: the child must exist, be simple or virtual, and be new to the option. */
function addLink(ctx: RouteContext, p: Product, option: BundleOption, input: Record<string, unknown>): number {
  const childSku = optional(input, "sku", toStr);
  if (!childSku) throw requiredField("sku");
  const child = requireProduct(ctx.data, childSku);
  if (child.type_id === "bundle" || child.type_id === "configurable" || child.type_id === "grouped")
    throw badRequest("The bundle product can't contain another composite product.");
  if (option.product_links.some((l) => l.sku.toLowerCase() === child.sku.toLowerCase()))
    throw badRequest('Child with specified sku: "%1" already assigned to product: "%2"', [child.sku, p.sku]);
  const link: BundleLink = {
    id: ++ctx.data.relationIds.bundleLink,
    sku: child.sku,
    option_id: option.option_id,
    qty: 1,
    position: option.product_links.length + 1,
    is_default: false,
    price: 0,
    price_type: 0,
    can_change_quantity: 0,
  };
  applyLink(link, input);
  option.product_links.push(link);
  p.updated_at = nowText(ctx.now);
  return link.id;
}

/** OptionManagement::save (create, or update when option_id names an existing option); answers the option id. */
function saveOption(ctx: RouteContext, input: Record<string, unknown>, optionId?: number): number {
  const sku = optional(input, "sku", toStr);
  if (!sku) throw requiredField("sku");
  const p = bundle(ctx.data, sku);
  const existing = optionId === undefined ? undefined : findOption(p, optionId);
  const type = optional(input, "type", toStr) ?? existing?.type ?? "select";
  if (!OPTION_TYPES.some(([code]) => code === type))
    throw badRequest('Invalid value of "%value" provided for the %fieldName field.', {
      fieldName: "type",
      value: type,
    });
  const option: BundleOption = existing ?? {
    option_id: ++ctx.data.relationIds.bundleOption,
    title: "",
    required: true,
    type,
    position: optionsOf(p).length + 1,
    sku: p.sku,
    product_links: [],
  };
  option.title = optional(input, "title", toStr) ?? option.title;
  if (!option.title) throw requiredField("title");
  option.type = type;
  option.required = optional(input, "required", toBool) ?? option.required;
  option.position = optional(input, "position", toInt) ?? option.position;
  if (!existing) optionsOf(p).push(option);
  if (Array.isArray(input.product_links)) {
    if (existing) option.product_links = [];
    for (const l of input.product_links as Record<string, unknown>[]) addLink(ctx, p, option, l);
  }
  p.updated_at = nowText(ctx.now);
  return option.option_id;
}

const linkBody = [
  {
    name: "linkedProduct",
    type: "object" as const,
    required: true,
    description: "{sku, qty, position, is_default, price, price_type, can_change_quantity}",
  },
];
const optionBody = [
  {
    name: "option",
    type: "object" as const,
    required: true,
    description: "{sku (the bundle), title, type, required, position, product_links[]}",
  },
];

export const bundleProductRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/V1/bundle-products/:sku/links/:optionId",
    service: "bundleProductLinkManagementV1",
    operation: "addChildByProductSku",
    aclResource: PRODUCTS,
    summary: "Add a product to a bundle option; answers the link id",
    body: linkBody,
    returns: "integer",
    handler: (ctx) => {
      const p = bundle(ctx.data, ctx.params.sku ?? "");
      const optionId = intParam(ctx.params, "optionId");
      const option = optionsOf(p).find((o) => o.option_id === optionId);
      if (!option)
        throw badRequest('Product with specified sku: "%1" does not contain option: "%2"', [p.sku, optionId]);
      return addLink(ctx, p, option, requireObject(ctx.body, "linkedProduct"));
    },
  },
  {
    method: "PUT",
    path: "/V1/bundle-products/:sku/links/:id",
    service: "bundleProductLinkManagementV1",
    operation: "saveChild",
    aclResource: PRODUCTS,
    summary: "Change a bundle link (qty, default, price, position)",
    body: linkBody,
    returns: "true",
    handler: (ctx) => {
      const p = bundle(ctx.data, ctx.params.sku ?? "");
      const id = intParam(ctx.params, "id");
      const link = optionsOf(p)
        .flatMap((o) => o.product_links)
        .find((l) => l.id === id);
      if (!link)
        throw notFound('The product link with the "%1" ID field wasn\'t found. Verify the ID and try again.', [id]);
      const { sku: _s, option_id: _o, id: _i, ...rest } = requireObject(ctx.body, "linkedProduct");
      applyLink(link, rest);
      p.updated_at = nowText(ctx.now);
      return true;
    },
  },
  {
    method: "GET",
    path: "/V1/bundle-products/:productSku/children",
    service: "bundleProductLinkManagementV1",
    operation: "getChildren",
    aclResource: PRODUCTS,
    summary: "The products a bundle offers (all options, or `optionId`)",
    query: [{ name: "optionId", type: "integer", description: "Only this option" }],
    returns: "BundleLink[]",
    handler: (ctx) => {
      const p = bundle(ctx.data, ctx.params.productSku ?? "");
      const only = ctx.query.optionId === undefined ? undefined : toInt(ctx.query.optionId);
      return optionsOf(p)
        .filter((o) => only === undefined || o.option_id === only)
        .flatMap((o) => o.product_links);
    },
  },
  {
    method: "DELETE",
    path: "/V1/bundle-products/:sku/options/:optionId/children/:childSku",
    service: "bundleProductLinkManagementV1",
    operation: "removeChild",
    aclResource: PRODUCTS,
    summary: "Remove a product from a bundle option",
    returns: "true",
    handler: (ctx) => {
      const p = bundle(ctx.data, ctx.params.sku ?? "");
      const option = optionsOf(p).find((o) => o.option_id === intParam(ctx.params, "optionId"));
      const child = (ctx.params.childSku ?? "").toLowerCase();
      if (!option || !option.product_links.some((l) => l.sku.toLowerCase() === child))
        throw notFound("The bundle product doesn't exist. Review your request and try again.");
      option.product_links = option.product_links.filter((l) => l.sku.toLowerCase() !== child);
      return true;
    },
  },
  {
    method: "GET",
    path: "/V1/bundle-products/:sku/options/all",
    service: "bundleProductOptionRepositoryV1",
    operation: "getList",
    aclResource: PRODUCTS,
    summary: "A bundle's options with their links",
    returns: "BundleOption[]",
    handler: (ctx) => optionsOf(bundle(ctx.data, ctx.params.sku ?? "")),
  },
  {
    method: "GET",
    path: "/V1/bundle-products/options/types",
    service: "bundleProductOptionTypeListV1",
    operation: "getItems",
    aclResource: PRODUCTS,
    summary: "Bundle option input types",
    returns: "{label, code}[]",
    handler: () => OPTION_TYPES.map(([code, label]) => ({ label, code })),
  },
  {
    method: "GET",
    path: "/V1/bundle-products/:sku/options/:optionId",
    service: "bundleProductOptionRepositoryV1",
    operation: "get",
    aclResource: PRODUCTS,
    summary: "One bundle option",
    returns: "BundleOption",
    handler: (ctx) => findOption(bundle(ctx.data, ctx.params.sku ?? ""), intParam(ctx.params, "optionId")),
  },
  {
    method: "POST",
    path: "/V1/bundle-products/options/add",
    service: "bundleProductOptionManagementV1",
    operation: "save",
    aclResource: PRODUCTS,
    summary: "Add an option to the bundle named by `sku`; answers the option id",
    body: optionBody,
    returns: "integer",
    handler: (ctx) => saveOption(ctx, requireObject(ctx.body, "option")),
  },
  {
    method: "PUT",
    path: "/V1/bundle-products/options/:optionId",
    service: "bundleProductOptionManagementV1",
    operation: "save",
    aclResource: PRODUCTS,
    summary: "Change a bundle option; answers its id",
    body: optionBody,
    returns: "integer",
    handler: (ctx) => saveOption(ctx, requireObject(ctx.body, "option"), intParam(ctx.params, "optionId")),
  },
  {
    method: "DELETE",
    path: "/V1/bundle-products/:sku/options/:optionId",
    service: "bundleProductOptionRepositoryV1",
    operation: "deleteById",
    aclResource: PRODUCTS,
    summary: "Remove a bundle option",
    returns: "true",
    handler: (ctx) => {
      const p = bundle(ctx.data, ctx.params.sku ?? "");
      const o = findOption(p, intParam(ctx.params, "optionId"));
      p.extension_attributes.bundle_product_options = optionsOf(p).filter((x) => x !== o);
      return true;
    },
  },
];
