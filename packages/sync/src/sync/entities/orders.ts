import { defineSyncEntity } from "../declaration.ts";

/** Sales orders (GET /V1/orders), by entity id. Magento's REST API deletes no order; the sweep still notices one removed in the admin. */
export const orders = defineSyncEntity({
  name: "orders",
  label: "Orders",
  path: "/V1/orders",
  fields: [
    "entity_id",
    "increment_id",
    "state",
    "status",
    "customer_email",
    "grand_total",
    "order_currency_code",
    "updated_at",
  ],
  identity: { field: "entity_id", filter: "entity_id", numeric: true },
  keyset: { filter: "entity_id", field: "entity_id" },
  version: { filter: "updated_at", field: "updated_at" },
  intervalSeconds: 30,
  sweepIntervalSeconds: 6 * 60 * 60,
  pageSize: 300,
});
