/** lib/dashboard: what the store pages show (grids, detail views, store states, the API explorer); the app imports it from here. */
export { resourceOfRoute } from "./acl-data";
export { aclAdvice, RESOURCE_TITLES } from "./acl-resources";
export { type ApiErrorView, describeApiError } from "./api-error-view";
export { type Attempt, attempt } from "./attempt";
export {
  type CategoryNode,
  categoryTreeFields,
  countNodes,
  filterTree,
  flattenTree,
  parseCategoryTree,
} from "./category-tree";
export { type CmsPageRow, cmsPagesGrid } from "./cms-pages-grid";
export {
  CUSTOMER_DETAIL_FIELDS,
  CUSTOMER_ORDER_FIELDS,
  customerDetailSchema,
  GROUP_FIELDS,
  groupNames,
  GROUPS_CRITERIA,
  ordersOfCustomer,
  CUSTOMER_ORDERS_PAGE,
} from "./customer-detail";
export { type CustomerRow, customersGrid } from "./customers-grid";
export { curlCommand, parseExplorerForm, pathParamNamesOf, visibleHeaders } from "./explorer-request";
export {
  type Availability,
  availabilityOf,
  availableFirst,
  routeKey,
  schemaRouteKeys,
  searchOperations,
} from "./explorer-search";
export { formatDateTime, formatMoney, formatStoreDate, text } from "./format";
export {
  ariaSortFor,
  gridFields,
  gridHref,
  gridQueryString,
  gridSearchCriteria,
  type GridSpec,
  type GridState,
  nextSortFor,
  pageCount,
  parseGridParams,
} from "./grid";
export { type GridData, loadGrid } from "./grid-loader";
export { type AnyGridSpec, type Cell, type CellTone, type FilterInput, type FilterOption } from "./grid-spec";
export { GRIDS, gridByKey } from "./grids";
export { parseListResult } from "./list-result";
export {
  addressLines,
  byOrder,
  BY_ORDER_PAGE,
  INVOICE_FIELDS,
  INVOICE_STATES,
  invoiceRowSchema,
  ORDER_DETAIL_FIELDS,
  orderDetailSchema,
  SHIPMENT_FIELDS,
  shipmentRowSchema,
  visibleItems,
} from "./order-detail";
export { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderRow, ordersGrid, orderStatusLabel } from "./orders-grid";
export {
  PRODUCT_DETAIL_FIELDS,
  PRODUCT_EDIT_FIELDS,
  PRODUCT_UPDATE_FIELDS,
  productDetailSchema,
  productEditSchema,
  productUpdateBody,
} from "./product-edit";
export { PRODUCT_STATUS_LABELS, type ProductRow, productsGrid } from "./products-grid";
export { RESOURCE_PROBES } from "./resource-check";
export { storeCurrency } from "./store-currency";
export { joinStoreInfo, STORE_CONFIG_FIELDS, STORE_VIEW_FIELDS, WEBSITE_FIELDS } from "./store-info";
export { storeLabelSchema } from "./store-removal";
export { allStateViews, checkedAgo, describeStoreState, stateOfRevocation } from "./store-state";
