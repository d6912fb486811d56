import type { StoreData, StoreView } from "../data/index.ts";
import type { QueryObject } from "./query.ts";
import type { SearchableEntity } from "./searchable.ts";
import type { InputLimits, SearchCriteria, SearchResult } from "./search-criteria.ts";
import type { Caller } from "./types.ts";
import type { BulkState } from "./async/bulk-state.ts";

/** Which store the dev store plays: Magento Open Source, or Adobe Commerce (adds the Commerce-only modules). */
export type Edition = "open-source" | "commerce";

/** What a route handler receives. */
export interface RouteContext {
  data: StoreData;
  caller: Caller;
  /** Path parameters, each segment urldecoded (`ABC%2F10` → `ABC/10`, `+` → space). */
  params: Record<string, string>;
  query: QueryObject;
  /** Parsed JSON body (an object; `{}` when empty). */
  body: Record<string, unknown>;
  /** The body as sent (routes with `rawBody` parse it themselves). */
  rawBody: string;
  /** `default`, another store code, or `all`. */
  storeCode: string;
  /** The store view in scope (`all` → the admin store, id 0). */
  store: StoreView;
  /** Store base URL derived from the request host, with a trailing slash. */
  baseUrl: string;
  inputLimits: InputLimits | false;
  edition: Edition;
  now: () => number;
  /**
   * A list route's answer: `searchCriteria` from the query applied to `entity` (field names checked the way its
   * storage checks them, searchable.ts), with the filtered, sorted rows cached until the next write.
   */
  search<T>(entity: SearchableEntity<T>): SearchResult<T>;
  /** The request's `searchCriteria`, parsed with this store's rules (input limits, unknown properties). */
  criteria(opts?: { searchRequest?: boolean }): SearchCriteria;
  /** Issues an admin or customer token (the Integration module's token services, run by the auth layer). */
  issueUserToken(kind: "admin" | "customer", rawBody: string): string;
  /** The bulks the async routes accepted and their consumer (the status routes read them). */
  bulk: BulkState;
}

/** One documented parameter (query or body property); path parameters come from the path itself. */
export interface ParamDoc {
  name: string;
  type: "string" | "integer" | "number" | "boolean" | "object" | "array";
  required?: boolean;
  description: string;
}

export interface RouteDef {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Magento-style path with `:name` parameters, exactly as the module's etc/webapi.xml writes it. */
  path: string;
  /** Schema service name, e.g. `catalogProductRepositoryV1`. */
  service: string;
  /** Service method, e.g. `getList` (operationId = service + Operation + Method). */
  operation: string;
  /** Appended to the operationId when two routes share service + method (e.g. `Mine` on `/V1/carts/mine/items`). */
  operationIdSuffix?: string;
  /**
   * The `<resource ref>` of the route in its module's etc/webapi.xml: an ACL resource id checked for integration
   * callers (and named in the 401 body), `anonymous` (everyone, guests included) or `self` (a customer token).
   */
  aclResource: string;
  /** Served only by the Commerce edition; the open-source edition has no such route (404 no route). */
  edition?: "commerce";
  /** An MSI (Magento_Inventory*) route: a store started without MSI (`--msi off`) has no such route (404 no route). */
  msi?: true;
  summary: string;
  /** GET list operations taking searchCriteria in the query string. */
  searchCriteria?: boolean;
  query?: ParamDoc[];
  body?: ParamDoc[];
  /** The handler parses `ctx.rawBody` itself (the token endpoints). */
  rawBody?: boolean;
  /** Description of the response, for the schema. */
  returns: string;
  handler: (ctx: RouteContext) => unknown;
}

export const isAnonymous = (route: Pick<RouteDef, "aclResource">) => route.aclResource === "anonymous";
export const isCustomerSelf = (route: Pick<RouteDef, "aclResource">) => route.aclResource === "self";

/** The routes one edition serves (the Commerce edition also serves every open-source route), with or without MSI. */
export function routesFor(routes: readonly RouteDef[], edition: Edition, msi = true): RouteDef[] {
  return routes.filter((r) => (r.edition === undefined || edition === "commerce") && (msi || r.msi === undefined));
}

export function routeOperationId(
  route: Pick<RouteDef, "service" | "operation" | "method" | "operationIdSuffix">,
): string {
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return `${route.service}${cap(route.operation)}${cap(route.method.toLowerCase())}${route.operationIdSuffix ?? ""}`;
}
