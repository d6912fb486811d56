import { defineSyncEntity } from "../declaration.ts";

/** Customer accounts (GET /V1/customers/search), by entity id. */
export const customers = defineSyncEntity({
  name: "customers",
  label: "Customers",
  path: "/V1/customers/search",
  fields: ["id", "email", "firstname", "lastname", "group_id", "website_id", "updated_at"],
  identity: { field: "id", filter: "entity_id", numeric: true },
  keyset: { filter: "entity_id", field: "id" },
  version: { filter: "updated_at", field: "updated_at" },
  intervalSeconds: 60,
  sweepIntervalSeconds: 6 * 60 * 60,
  pageSize: 300,
});
