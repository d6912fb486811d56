import { requiredField } from "../errors.ts";
import type { RouteDef } from "../route.ts";
import { requireObject, toFloat, toInt } from "./input.ts";
import { applyStock, requireProduct } from "./products.ts";
import type { Product, SourceItemRecord } from "../../data/types.ts";
import type { StoreData } from "../../data/index.ts";
import { columns, type SearchableEntity } from "../searchable.ts";

/** Magento_CatalogInventory etc/webapi.xml: every stock route needs this resource. */
const INVENTORY = "Magento_CatalogInventory::cataloginventory";

/** Magento_InventoryApi etc/webapi.xml (magento/inventory): reading source items needs Stores › Inventory › Sources. */
const SOURCES = "Magento_InventoryApi::source";

/** The source every product has (MSI's default source, created on install). */
export const DEFAULT_SOURCE_CODE = "default";

/** A source item as `GET /V1/inventory/source-items` renders it (SourceItemInterface: no id, no updated_at). */
export interface SourceItem {
  sku: string;
  source_code: string;
  quantity: number;
  status: number;
}

/** A product's item on the default source: its legacy stock item's quantity and in-stock flag. */
const defaultSourceItem = (p: Product): SourceItemRecord => ({
  source_item_id: p.extension_attributes.stock_item.item_id,
  sku: p.sku,
  source_code: DEFAULT_SOURCE_CODE,
  quantity: p.extension_attributes.stock_item.qty,
  status: p.extension_attributes.stock_item.is_in_stock ? 1 : 0,
});

function* allSourceItems(data: StoreData): Iterable<SourceItemRecord> {
  for (const p of data.productsById.values()) yield defaultSourceItem(p);
  yield* data.sourceItems.values();
}

/**
 * MSI's source items (table inventory_source_item, flat): one per product on the default source, carrying the
 * legacy stock item's quantity and in-stock flag, as Magento keeps the default source and the legacy stock item
 * in step, plus the items of other sources (`POST /admin/api/source-items`). `source_item_id` is a column Magento
 * filters and sorts on but never renders (magento/inventory InventoryApi/Api/Data/SourceItemInterface.php
 * identifies a source item by sku and source_code).
 */
export const SOURCE_ITEM_SEARCH: SearchableEntity<SourceItemRecord> = {
  name: "sourceItems",
  storage: "flat",
  table: "inventory_source_item",
  rows: allSourceItems,
  fields: () => SOURCE_ITEM_COLUMNS,
  read: (i, f) =>
    f === "source_item_id" || f === "source_code" || f === "sku" || f === "quantity" || f === "status"
      ? i[f]
      : undefined,
};
const SOURCE_ITEM_COLUMNS = columns(["source_item_id", "source_code", "sku", "quantity", "status"]);

export const sourceItemOf = (i: SourceItemRecord): SourceItem => ({
  sku: i.sku,
  source_code: i.source_code,
  quantity: i.quantity,
  status: i.status,
});

export const inventoryRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/inventory/source-items",
    service: "inventoryApiSourceItemRepositoryV1",
    operation: "getList",
    aclResource: SOURCES,
    msi: true,
    summary: "Find source items by search criteria (MSI)",
    searchCriteria: true,
    returns: "{items: SourceItem[], search_criteria, total_count}",
    handler: (ctx) => {
      const page = ctx.search(SOURCE_ITEM_SEARCH);
      return { ...page, items: page.items.map(sourceItemOf) };
    },
  },
  {
    method: "GET",
    path: "/V1/stockItems/:productSku",
    service: "catalogInventoryStockRegistryV1",
    operation: "getStockItemBySku",
    aclResource: INVENTORY,
    summary: "Stock item of a product",
    returns: "StockItem",
    handler: (ctx) => requireProduct(ctx.data, ctx.params.productSku ?? "").extension_attributes.stock_item,
  },
  {
    method: "GET",
    path: "/V1/stockStatuses/:productSku",
    service: "catalogInventoryStockRegistryV1",
    operation: "getStockStatusBySku",
    aclResource: INVENTORY,
    summary: "Stock status of a product",
    returns: "{product_id, stock_id, qty, stock_status, stock_item}",
    handler: (ctx) => {
      const item = requireProduct(ctx.data, ctx.params.productSku ?? "").extension_attributes.stock_item;
      return {
        product_id: item.product_id,
        stock_id: item.stock_id,
        qty: item.qty,
        stock_status: item.is_in_stock ? 1 : 0,
        stock_item: item,
      };
    },
  },
  {
    method: "GET",
    path: "/V1/stockItems/lowStock/",
    service: "catalogInventoryStockRegistryV1",
    operation: "getLowStockItems",
    aclResource: INVENTORY,
    summary: "Stock items whose qty is below `qty`",
    query: [
      { name: "scopeId", type: "integer", required: true, description: "Scope (website) id" },
      { name: "qty", type: "number", required: true, description: "Threshold" },
      { name: "pageSize", type: "integer", description: "Page size (default 0 = all)" },
      { name: "currentPage", type: "integer", description: "Page (default 1)" },
    ],
    returns: "{items: StockItem[], search_criteria, total_count}",
    handler: (ctx) => {
      if (ctx.query.scopeId === undefined) throw requiredField("scopeId");
      if (ctx.query.qty === undefined) throw requiredField("qty");
      const qty = toFloat(ctx.query.qty);
      const pageSize = ctx.query.pageSize === undefined ? 0 : toInt(ctx.query.pageSize);
      const currentPage = ctx.query.currentPage === undefined ? 1 : toInt(ctx.query.currentPage);
      const low = [...ctx.data.productsById.values()]
        .map((p) => p.extension_attributes.stock_item)
        .filter((i) => i.qty < qty);
      const last = pageSize > 0 ? Math.max(1, Math.ceil(low.length / pageSize)) : 1;
      const page = Math.min(Math.max(1, currentPage), last);
      const items = pageSize > 0 ? low.slice((page - 1) * pageSize, page * pageSize) : low;
      return {
        items,
        search_criteria: { filter_groups: [], page_size: pageSize, current_page: currentPage },
        total_count: low.length,
      };
    },
  },
  {
    method: "PUT",
    path: "/V1/products/:productSku/stockItems/:itemId",
    service: "catalogInventoryStockRegistryV1",
    operation: "updateStockItemBySku",
    aclResource: INVENTORY,
    summary: "Update a product's stock item; answers the item id",
    body: [
      { name: "stockItem", type: "object", required: true, description: "qty, is_in_stock, manage_stock, min_qty, …" },
    ],
    returns: "integer (item_id)",
    handler: (ctx) => {
      const p = requireProduct(ctx.data, ctx.params.productSku ?? "");
      // A stock item saved on its own leaves the product's updated_at alone (magento/magento2 #37670; docs/sync.md).
      applyStock(p.extension_attributes.stock_item, requireObject(ctx.body, "stockItem"));
      return p.extension_attributes.stock_item.item_id;
    },
  },
];
