import {
  PRODUCT_TYPES,
  STORE_VIEWS,
  type CategoryLink,
  type CustomAttribute,
  type Product,
  type StockItem,
  type StoreData,
} from "../../data/index.ts";
import { PRODUCT_STATIC_FIELDS } from "../../data/seed-eav.ts";
import { badRequest, invalidFieldValue, productNotFound, requiredField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import type { SearchableEntity } from "../searchable.ts";
import { readRecordField } from "../search-criteria.ts";
import { nowText, optionalObject, rejectUnknownKeys, requireObject, toBool, toFloat, toInt, toStr } from "./input.ts";

/** Magento_Catalog etc/webapi.xml: the product repository and type list. */
const PRODUCTS = "Magento_Catalog::products";

const PRODUCT_KEYS = new Set([
  "id",
  "sku",
  "name",
  "attribute_set_id",
  "price",
  "status",
  "visibility",
  "type_id",
  "created_at",
  "updated_at",
  "weight",
  "extension_attributes",
  "product_links",
  "options",
  "media_gallery_entries",
  "tier_prices",
  "custom_attributes",
]);
const PRODUCT_CLASS = "Magento\\Catalog\\Api\\Data\\ProductInterface";
export const STOCK_KEYS = new Set([
  "item_id",
  "product_id",
  "stock_id",
  "qty",
  "is_in_stock",
  "is_qty_decimal",
  "manage_stock",
  "min_qty",
  "min_sale_qty",
  "max_sale_qty",
  "backorders",
  "notify_stock_qty",
  "low_stock_date",
  "use_config_manage_stock",
  "use_config_min_qty",
  "use_config_min_sale_qty",
  "use_config_max_sale_qty",
  "use_config_backorders",
  "use_config_notify_stock_qty",
  "stock_status_changed_auto",
]);

/** Field reader for product searches: static columns, EAV attributes, and the repository's special filters. */
export function readProductField(p: Product, field: string): unknown {
  if (field === "entity_id") return p.id;
  // ProductRepository's collection processor filters these through joins (ProductCategoryFilter, …WebsiteFilter, …StoreFilter).
  if (field === "category_id") return p.extension_attributes.category_links.map((l) => l.category_id);
  if (field === "website_id") return p.extension_attributes.website_ids;
  if (field === "store_id")
    return STORE_VIEWS.filter((s) => s.id === 0 || p.extension_attributes.website_ids.includes(s.website_id)).map(
      (s) => s.id,
    );
  return readRecordField(p, field);
}

const SPECIAL_PRODUCT_FILTERS = ["category_id", "website_id", "store_id"];

/** catalog_product_entity (EAV): static columns, every product attribute, and the repository's special filters. */
export const PRODUCT_SEARCH: SearchableEntity<Product> = {
  name: "products",
  storage: "eav",
  table: "catalog_product_entity",
  rows: (data) => data.productsById.values(),
  fields: (data) => new Set([...PRODUCT_STATIC_FIELDS, ...SPECIAL_PRODUCT_FILTERS, ...data.productAttributes.keys()]),
  read: readProductField,
};

export function requireProduct(data: StoreData, sku: string): Product {
  const p = data.product(sku);
  if (!p) throw productNotFound();
  return p;
}

function parseCategoryLinks(v: unknown): CategoryLink[] {
  if (!Array.isArray(v))
    throw badRequest('The "%1" value\'s type is invalid. The "%2" type was expected. Verify and try again.', [
      JSON.stringify(v),
      "array",
    ]);
  return v.map((l) => {
    const link = l as Record<string, unknown>;
    if (link.category_id === undefined) throw requiredField("category_id");
    return { position: link.position === undefined ? 0 : toInt(link.position), category_id: toStr(link.category_id) };
  });
}

export function applyStock(item: StockItem, input: Record<string, unknown>): void {
  rejectUnknownKeys(input, STOCK_KEYS, "Magento\\CatalogInventory\\Api\\Data\\StockItemInterface");
  if (input.qty !== undefined) item.qty = toFloat(input.qty);
  if (input.is_in_stock !== undefined) item.is_in_stock = toBool(input.is_in_stock);
  else if (input.qty !== undefined) item.is_in_stock = item.qty > 0;
  if (input.manage_stock !== undefined) item.manage_stock = toBool(input.manage_stock);
  if (input.is_qty_decimal !== undefined) item.is_qty_decimal = toBool(input.is_qty_decimal);
  if (input.min_qty !== undefined) item.min_qty = toFloat(input.min_qty);
  if (input.min_sale_qty !== undefined) item.min_sale_qty = toFloat(input.min_sale_qty);
  if (input.max_sale_qty !== undefined) item.max_sale_qty = toFloat(input.max_sale_qty);
  if (input.backorders !== undefined) item.backorders = toInt(input.backorders);
  if (input.notify_stock_qty !== undefined) item.notify_stock_qty = toFloat(input.notify_stock_qty);
}

function mergeCustomAttributes(current: CustomAttribute[], input: unknown): CustomAttribute[] {
  if (!Array.isArray(input)) throw invalidFieldValue("custom_attributes", JSON.stringify(input));
  const out = current.map((a) => ({ ...a }));
  for (const raw of input) {
    const attr = raw as Record<string, unknown>;
    const code = attr.attribute_code;
    if (typeof code !== "string" || code === "") throw requiredField("attribute_code");
    const existing = out.find((a) => a.attribute_code === code);
    if (existing) existing.value = attr.value;
    else out.push({ attribute_code: code, value: attr.value });
  }
  return out;
}

/** Apply a `product` payload onto a product (create or merge-update, like ProductRepository::save). */
function applyProductInput(p: Product, input: Record<string, unknown>): void {
  rejectUnknownKeys(input, PRODUCT_KEYS, PRODUCT_CLASS);
  if (input.name !== undefined) p.name = toStr(input.name);
  if (input.price !== undefined) p.price = toFloat(input.price);
  if (input.status !== undefined) p.status = toInt(input.status);
  if (input.visibility !== undefined) p.visibility = toInt(input.visibility);
  if (input.attribute_set_id !== undefined) p.attribute_set_id = toInt(input.attribute_set_id);
  if (input.weight !== undefined) p.weight = toFloat(input.weight);
  if (input.type_id !== undefined) {
    const type = toStr(input.type_id);
    if (!PRODUCT_TYPES.some((t) => t.name === type)) throw invalidFieldValue("type_id", type);
    p.type_id = type;
  }
  if (Array.isArray(input.product_links)) p.product_links = input.product_links as Product["product_links"];
  if (Array.isArray(input.options)) p.options = input.options as Product["options"];
  if (Array.isArray(input.media_gallery_entries))
    p.media_gallery_entries = input.media_gallery_entries as Product["media_gallery_entries"];
  if (Array.isArray(input.tier_prices)) p.tier_prices = input.tier_prices as Product["tier_prices"];
  if (input.custom_attributes !== undefined)
    p.custom_attributes = mergeCustomAttributes(p.custom_attributes, input.custom_attributes);
  const ext = optionalObject(input, "extension_attributes");
  if (ext) {
    if (ext.category_links !== undefined)
      p.extension_attributes.category_links = parseCategoryLinks(ext.category_links);
    if (Array.isArray(ext.website_ids)) p.extension_attributes.website_ids = ext.website_ids.map(toInt);
    const stock = optionalObject(ext, "stock_item");
    if (stock) applyStock(p.extension_attributes.stock_item, stock);
  }
  syncCategoryIds(p);
}

/** Keep the `category_ids` EAV attribute in step with the category links. */
export function syncCategoryIds(p: Product): void {
  const ids = p.extension_attributes.category_links.map((l) => l.category_id);
  const attr = p.custom_attributes.find((a) => a.attribute_code === "category_ids");
  if (attr) attr.value = ids;
  else p.custom_attributes.push({ attribute_code: "category_ids", value: ids });
}

function newProduct(ctx: RouteContext, sku: string): Product {
  const id = ctx.data.nextId("product");
  const now = nowText(ctx.now);
  return {
    id,
    sku,
    name: "",
    attribute_set_id: 4,
    price: 0,
    status: 1,
    visibility: 4,
    type_id: "simple",
    created_at: now,
    updated_at: now,
    extension_attributes: {
      website_ids: [1],
      category_links: [],
      stock_item: {
        item_id: ctx.data.nextId("stockItem"),
        product_id: id,
        stock_id: 1,
        qty: 0,
        is_in_stock: false,
        is_qty_decimal: false,
        manage_stock: true,
        min_qty: 0,
        min_sale_qty: 1,
        max_sale_qty: 10000,
        backorders: 0,
        notify_stock_qty: 1,
        low_stock_date: null,
      },
    },
    product_links: [],
    options: [],
    media_gallery_entries: [],
    tier_prices: [],
    custom_attributes: [],
  };
}

function saveProduct(ctx: RouteContext, sku: string, input: Record<string, unknown>): Product {
  const existing = ctx.data.product(sku);
  if (existing) {
    applyProductInput(existing, input);
    existing.updated_at = nowText(ctx.now);
    return existing;
  }
  if (input.name === undefined || input.name === "")
    throw badRequest('The "%1" attribute value is empty. Set the attribute and try again.', ["name"]);
  const p = newProduct(ctx, sku);
  applyProductInput(p, input);
  ctx.data.putProduct(p);
  return p;
}

const productBody = [
  {
    name: "product",
    type: "object" as const,
    required: true,
    description:
      "The product: sku, name, price, status, visibility, type_id, attribute_set_id, weight, custom_attributes[], extension_attributes {category_links[], stock_item, website_ids}.",
  },
];

export const productRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/products",
    service: "catalogProductRepositoryV1",
    operation: "getList",
    aclResource: PRODUCTS,
    summary: "Get product list",
    searchCriteria: true,
    returns: "{items: Product[], search_criteria, total_count}",
    handler: (ctx) => ctx.search(PRODUCT_SEARCH),
  },
  {
    method: "POST",
    path: "/V1/products",
    service: "catalogProductRepositoryV1",
    operation: "save",
    aclResource: PRODUCTS,
    summary: "Create a product (or update the product with that SKU)",
    body: productBody,
    returns: "Product",
    handler: (ctx) => {
      const input = requireObject(ctx.body, "product");
      if (input.sku === undefined || input.sku === "") throw requiredField("sku");
      return saveProduct(ctx, toStr(input.sku), input);
    },
  },
  {
    method: "GET",
    path: "/V1/products/types",
    service: "catalogProductTypeListV1",
    operation: "getProductTypes",
    aclResource: PRODUCTS,
    summary: "Available product types",
    returns: "{name, label}[]",
    handler: () => PRODUCT_TYPES,
  },
  {
    method: "GET",
    path: "/V1/products/:sku",
    service: "catalogProductRepositoryV1",
    operation: "get",
    aclResource: PRODUCTS,
    summary: "Get info about product by product SKU",
    returns: "Product",
    handler: (ctx) => requireProduct(ctx.data, ctx.params.sku ?? ""),
  },
  {
    method: "PUT",
    path: "/V1/products/:sku",
    service: "catalogProductRepositoryV1",
    operation: "save",
    aclResource: PRODUCTS,
    summary: "Update a product (merges the given attributes; creates it when the SKU is new)",
    body: productBody,
    returns: "Product",
    handler: (ctx) => {
      const input = requireObject(ctx.body, "product");
      // The SKU in the path wins over a SKU in the body.
      const { sku: _ignored, ...rest } = input;
      return saveProduct(ctx, ctx.params.sku ?? "", rest);
    },
  },
  {
    method: "DELETE",
    path: "/V1/products/:sku",
    service: "catalogProductRepositoryV1",
    operation: "deleteById",
    aclResource: PRODUCTS,
    summary: "Delete a product by SKU",
    returns: "true",
    handler: (ctx) => {
      ctx.data.deleteProduct(requireProduct(ctx.data, ctx.params.sku ?? ""));
      return true;
    },
  },
];
