import { defineSyncEntity } from "../declaration.ts";

/** Catalogue products (GET /V1/products), by SKU. Price and attribute changes made by the admin's mass update are only seen by the sweep. */
export const products = defineSyncEntity({
  name: "products",
  label: "Products",
  path: "/V1/products",
  fields: ["id", "sku", "name", "price", "status", "visibility", "type_id", "updated_at"],
  identity: { field: "sku", filter: "sku", numeric: false },
  keyset: { filter: "entity_id", field: "id" },
  version: { filter: "updated_at", field: "updated_at" },
  intervalSeconds: 60,
  sweepIntervalSeconds: 6 * 60 * 60,
  pageSize: 300,
});
