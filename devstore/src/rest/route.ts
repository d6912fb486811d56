import type { StoreData, StoreView } from "../data/index";
import type { QueryObject } from "./query";
import type { FieldReader, InputLimits, SearchResult } from "./search-criteria";
import type { Caller } from "./types";

/** What a route handler receives. */
export interface RouteContext {
  data: StoreData;
  caller: Caller;
  /** Path parameters, each segment rawurldecoded (`ABC%2F10` → `ABC/10`). */
  params: Record<string, string>;
  query: QueryObject;
  /** Parsed JSON body (an object; `{}` when empty). */
  body: Record<string, unknown>;
  /** `default`, another store code, or `all`. */
  storeCode: string;
  /** The store view in scope (`all` → the admin store, id 0). */
  store: StoreView;
  /** Store base URL derived from the request host, with a trailing slash. */
  baseUrl: string;
  inputLimits: InputLimits | false;
  now: () => number;
  /**
   * A list route's answer: `searchCriteria` from the query, applied to `source()` (read through `read`), with the
   * filtered, sorted rows of `collection` cached until the next write (search-cache.ts).
   */
  search<T>(collection: string, source: () => Iterable<T>, read: FieldReader<T>): SearchResult<T>;
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
  /** Magento-style path with `:name` parameters, e.g. `/V1/products/:sku`. */
  path: string;
  /** Schema service name, e.g. `catalogProductRepositoryV1`. */
  service: string;
  /** Service method, e.g. `getList` (operationId = service + Operation + Method). */
  operation: string;
  /** Appended to the operationId when two routes share service + method (e.g. `Me` on `/V1/customers/me`). */
  operationIdSuffix?: string;
  /** ACL resource checked for integration callers (also named in the 401 body). */
  aclResource: string;
  /** Open to everyone, guests included (Magento's `anonymous` resource). */
  anonymous?: boolean;
  /** A `me` route: only a customer caller (Magento's `self` resource). */
  customerSelf?: boolean;
  /** Accepts the `all` store code (CMS and product modules only, per the seed). */
  allStoreCode?: boolean;
  summary: string;
  /** GET list operations taking searchCriteria in the query string. */
  searchCriteria?: boolean;
  query?: ParamDoc[];
  body?: ParamDoc[];
  /** Description of the response, for the schema. */
  returns: string;
  handler: (ctx: RouteContext) => unknown;
}

export function routeOperationId(route: Pick<RouteDef, "service" | "operation" | "method" | "operationIdSuffix">): string {
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return `${route.service}${cap(route.operation)}${cap(route.method.toLowerCase())}${route.operationIdSuffix ?? ""}`;
}
