/**
 * The dashboard's records face (lib/dashboard/index.ts `records`): the detail pages' declarations (one record and
 * its companions per page, loaded by `loadRecord`), the product edit, and the store's own facts for its overview.
 */
export { defineRecord, loadRecord, type RecordSpec } from "./record";
export { ORDER_RECORD, addressLines } from "./order";
export { CUSTOMER_RECORD } from "./customer";
export { PRODUCT_RECORD, productEdit } from "./product";
export * as storeInfo from "../store-info";
