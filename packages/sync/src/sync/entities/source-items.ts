import { defineSyncEntity } from "../declaration.ts";
import { stock } from "./stock.ts";

/**
 * MSI source items: stock per source. A store with MSI: its source items (GET /V1/inventory/source-items), one per
 * SKU and source, identified by source_code + sku (magento/inventory SourceItemInterface: no id, no updated_at),
 * paged by SKU so a page never splits one SKU's sources. A store without MSI answers that route 404 (no route):
 * then the legacy stock items by SKU (the same records as `stock`, stock.ts). A stock save leaves every updated_at
 * alone (magento/magento2 #37670; docs/sync.md): swept only, on a short interval.
 */
export const sourceItems = defineSyncEntity({
  name: "source-items",
  label: "Source items",
  path: "/V1/inventory/source-items",
  fields: ["source_code", "sku", "quantity", "status"],
  identity: [
    { field: "source_code", filter: "source_code", numeric: false },
    { field: "sku", filter: "sku", numeric: false },
  ],
  keyset: { filter: "sku", field: "sku", text: true, unique: false },
  version: null,
  // a store without MSI: exactly the legacy stock items `stock` reads
  fallback: { path: stock.path, fields: stock.fields, identity: stock.identity, keyset: stock.keyset, version: null },
  intervalSeconds: 300,
  sweepIntervalSeconds: 300,
  pageSize: 300,
});
