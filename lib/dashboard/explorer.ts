/**
 * The dashboard's explorer face (lib/dashboard/index.ts `explorer`): searching the operation catalogue against the
 * store's own schema, and reading, showing and replaying one request.
 */
export {
  availabilityOf,
  operationGroups,
  routeKey,
  schemaRouteKeys,
  searchOperations,
  type Availability,
  type KnownEdition,
  type OperationGroup,
} from "./explorer-search";
export { curlCommand, parseExplorerForm, pathParamNamesOf, visibleHeaders } from "./explorer-request";
