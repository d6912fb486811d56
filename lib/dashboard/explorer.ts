/**
 * The dashboard's explorer face (lib/dashboard/index.ts `explorer`): searching the operation catalogue against the
 * store's own schema, and reading, showing and replaying one request.
 */
export {
  availabilityOf,
  availableFirst,
  routeKey,
  schemaRouteKeys,
  searchOperations,
  type Availability,
} from "./explorer-search";
export { curlCommand, parseExplorerForm, pathParamNamesOf, visibleHeaders } from "./explorer-request";
