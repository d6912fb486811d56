import { defineSyncEntity } from "../declaration.ts";

/**
 * Legacy stock items, by SKU, read through the product list's stock extension (one request a page, any store).
 * A stock save leaves the product's updated_at alone (magento/magento2 #37670; docs/sync.md), so there is no
 * version to poll: stock is swept only, on a short interval. Every store has it (with MSI, Magento keeps the legacy
 * stock item of the default source); a store's MSI source items per source are `source-items` (source-items.ts).
 */
export const stock = defineSyncEntity({
  name: "stock",
  label: "Stock",
  path: "/V1/products",
  fields: ["id", "sku", "extension_attributes.stock_item.qty", "extension_attributes.stock_item.is_in_stock"],
  identity: { field: "sku", filter: "sku", numeric: false },
  keyset: { filter: "entity_id", field: "id" },
  version: null,
  intervalSeconds: 300,
  sweepIntervalSeconds: 300,
  pageSize: 300,
});
