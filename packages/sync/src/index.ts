/**
 * @magento-integration/sync: delta sync of a store's records (products, customers, orders, stock, source items):
 * delta passes on `updated_at`, sweeps for what it misses, the mirror, and delivery to the app's handlers. Store
 * events are `./events`, bulk writes `./bulk` (`./bulk-client` for client components).
 */
export * from "./sync/apply.ts";
export * from "./sync/declaration.ts";
export * from "./sync/deliver.ts";
export * from "./sync/delta-pass.ts";
export * from "./sync/entities/customers.ts";
export * from "./sync/entities/orders.ts";
export * from "./sync/entities/products.ts";
export * from "./sync/entities/source-items.ts";
export * from "./sync/entities/stock.ts";
export * from "./sync/error-view.ts";
export * from "./sync/handler.ts";
export * from "./sync/lag.ts";
export * from "./sync/reading.ts";
export * from "./sync/records.ts";
export * from "./sync/refresh-record.ts";
export * from "./sync/registry.ts";
export * from "./sync/run.ts";
export * from "./sync/runner-lock.ts";
export * from "./sync/slice.ts";
export * from "./sync/status-view.ts";
export * from "./sync/store-clock.ts";
export * from "./sync/store-page.ts";
export * from "./sync/sweep-keyset.ts";
export * from "./sync/sweep.ts";
export * from "./sync/index.ts";
