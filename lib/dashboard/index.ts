/**
 * lib/dashboard: what the store pages show, in three faces: `grids` (the lists and their pages), `records` (the
 * detail pages and the store overview) and `explorer` (the API explorer); beside them the formatting every face
 * shares and the view of store trouble (a failed call, a store's state) the pages render. The app imports it
 * from here.
 */
export * as grids from "./grids";
export * as records from "./records";
export * as explorer from "./explorer";

// Shared by every face: a store call as a value, and how store values read.
export { type Attempt, attempt } from "./attempt";
export { formatDateTime, formatMoney, formatStoreDate, text } from "./format";
export { orderStatusLabel } from "./orders-grid";
export { PRODUCT_STATUS_LABELS } from "./products-grid";

// Store trouble: a failed call and a store's state as the pages show them.
export { type ApiErrorView, describeApiError } from "./api-error-view";
export { allStateViews, checkedAgo, describeStoreState, stateOfRevocation } from "./store-state";
export { resourceOfRoute } from "./acl-data";
export { aclAdvice, RESOURCE_TITLES } from "./acl-resources";
