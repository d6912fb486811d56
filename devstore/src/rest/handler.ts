import { randomBytes } from "node:crypto";
import { STORE_VIEWS, type StoreData, type StoreView } from "../data/index";
import { isAllowed } from "../acl";
import { decodingError, noRoute, notAuthorized } from "./errors";
import { applyFields, parseFields } from "./fields";
import { parseQuery, queryString } from "./query";
import { isProfileName, PROFILES } from "../config/profiles";
import type { RouteContext, RouteDef } from "./route";
import { Router, splitPath } from "./router";
import { ROUTES } from "./routes/index";
import { buildSchema, SCHEMA_ACL_RESOURCE } from "./schema";
import { SearchCache } from "./search-cache";
import { applySortOrdersByIndex, DEFAULT_INPUT_LIMITS, matchAndSort, pageOf, parseSearchCriteria, searchKey, type InputLimits } from "./search-criteria";
import { RestError, type Authenticate, type Caller, type RawRestRequest, type RestResponse } from "./types";

export interface RestHandlerOptions {
  data: StoreData;
  authenticate: Authenticate;
  /** Dev-store profile name (2.4.3 … seed); only the order of several sort orders differs (seed: by index). */
  profile?: string;
  /** Magento's Web API input limits: `true` = defaults (page size 20, max 300). Off by default. */
  inputLimits?: boolean | InputLimits;
  /** Store base URL for a request (trailing slash). Default: `http://{Host}/`. */
  baseUrl?: (req: RawRestRequest) => string;
  now?: () => number;
  /** Route table override (tests); defaults to the dev store's table. */
  routes?: readonly RouteDef[];
}

export type RestHandler = (req: RawRestRequest) => Promise<RestResponse>;

const ADMIN_STORE = STORE_VIEWS.find((s) => s.code === "admin") ?? STORE_VIEWS[0]!;
/** Store codes usable in `/rest/{store_code}/…`: active views except admin (Magento: getStores(false, true)). */
const STORES_BY_CODE = new Map<string, StoreView>(STORE_VIEWS.filter((s) => s.id !== 0).map((s) => [s.code, s]));
const DEFAULT_STORE = STORES_BY_CODE.get("default") ?? ADMIN_STORE;

export function headerValue(req: RawRestRequest, name: string): string | undefined {
  const v = req.headers[name] ?? req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

export function defaultBaseUrl(req: RawRestRequest): string {
  const host = headerValue(req, "host") ?? "127.0.0.1";
  const proto = headerValue(req, "x-forwarded-proto") === "https" ? "https" : "http";
  return `${proto}://${host}/`;
}

export interface ParsedRestUrl {
  /** `default`, a store code, or `all`. */
  storeCode: string;
  store: StoreView;
  /** Path segments after `/rest[/{store}]`, still percent-encoded (e.g. ["V1","products","ABC%2F10"]). */
  segments: string[];
  query: string;
}

/**
 * `/rest/V1/…`, `/rest/{store_code}/V1/…`, `/index.php/rest/…`. An unknown store code is not stripped,
 * so the path matches no route (Magento's PathProcessor does the same) → 404.
 */
export function parseRestUrl(rawUrl: string): ParsedRestUrl | undefined {
  const q = rawUrl.indexOf("?");
  const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const query = q === -1 ? "" : rawUrl.slice(q + 1);
  let segments = splitPath(path);
  if (segments[0] === "index.php") segments = segments.slice(1);
  if (segments[0] !== "rest") return undefined;
  segments = segments.slice(1);
  const first = segments[0];
  if (first === undefined) return { storeCode: "default", store: DEFAULT_STORE, segments, query };
  const known = STORES_BY_CODE.get(first);
  if (known) return { storeCode: first, store: known, segments: segments.slice(1), query };
  if (first === "all") return { storeCode: "all", store: ADMIN_STORE, segments: segments.slice(1), query };
  return { storeCode: "default", store: DEFAULT_STORE, segments, query };
}

function internalError(err: unknown): RestResponse {
  const reportId = `webapi-${randomBytes(6).toString("hex")}`;
  console.error(`[devstore rest] ${reportId}`, err);
  return { status: 500, body: { message: `Internal Error. Details are available in Magento log file. Report ID: ${reportId}` } };
}

function errorResponse(err: unknown): RestResponse {
  if (err instanceof RestError) return { status: err.status, body: err.toBody() };
  return internalError(err);
}

/** The ACL rule for one route and caller; throws Magento's 401. */
export function authorize(route: RouteDef, caller: Caller): void {
  if (route.anonymous) return;
  if (route.customerSelf) {
    if (caller.kind === "customer") return;
    throw notAuthorized("self");
  }
  if (caller.kind === "admin") return;
  if (caller.kind === "integration" && isAllowed(caller.resources, route.aclResource)) return;
  throw notAuthorized(route.aclResource);
}

function parseBody(method: string, text: string): Record<string, unknown> {
  if (method === "GET" || text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw decodingError();
  }
  return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

export function createRestHandler(opts: RestHandlerOptions): RestHandler {
  const routes = opts.routes ?? ROUTES;
  const router = new Router(routes);
  const limits: InputLimits | false = opts.inputLimits === true ? DEFAULT_INPUT_LIMITS : opts.inputLimits || false;
  const now = opts.now ?? Date.now;
  const baseUrlOf = opts.baseUrl ?? defaultBaseUrl;
  const sortByIndex = opts.profile !== undefined && isProfileName(opts.profile) && PROFILES[opts.profile].sortOrdersByIndex;
  const searches = new SearchCache();

  return async (req) => {
    try {
      const method = req.method.toUpperCase();
      const url = parseRestUrl(req.rawUrl);
      if (!url) throw noRoute();
      const query = parseQuery(url.query);
      if (sortByIndex) applySortOrdersByIndex(query);

      if (method === "GET" && url.segments.length === 1 && url.segments[0] === "schema") {
        const caller = await opts.authenticate(req);
        if (caller.kind !== "admin") throw notAuthorized(SCHEMA_ACL_RESOURCE);
        return { status: 200, body: buildSchema(routes, { baseUrl: baseUrlOf(req), storeCode: url.storeCode, services: queryString(query, "services") }) };
      }

      const matched = router.match(method, url.segments);
      // `all` applies only to the CMS and product modules (seed); elsewhere the path matches no route.
      if (!matched || (url.storeCode === "all" && !matched.route.allStoreCode)) throw noRoute();
      const { route, params } = matched;

      let caller: Caller;
      if (route.anonymous) {
        // Anonymous resources never consult the user context, so a broken credential does not matter.
        try {
          caller = await opts.authenticate(req);
        } catch {
          caller = { kind: "guest" };
        }
      } else {
        caller = await opts.authenticate(req);
      }
      authorize(route, caller);

      const fieldsParam = method === "DELETE" ? undefined : queryString(query, "fields");
      const fieldsTree = fieldsParam === undefined ? undefined : parseFields(fieldsParam);
      const ctx: RouteContext = {
        data: opts.data,
        caller,
        params,
        query,
        body: parseBody(method, req.body),
        storeCode: url.storeCode,
        store: url.store,
        baseUrl: baseUrlOf(req),
        inputLimits: limits,
        now,
        search: (collection, source, read) => {
          const criteria = parseSearchCriteria(query, { inputLimits: limits });
          const rows = searches.rows(searchKey(collection, criteria), opts.data.revision, () => matchAndSort(source(), criteria, read));
          return pageOf(rows, criteria);
        },
      };
      let result: unknown;
      try {
        result = await route.handler(ctx);
      } finally {
        // Any write invalidates cached searches (even one that failed half-way).
        if (method !== "GET") opts.data.touch();
      }
      return { status: 200, body: fieldsTree ? applyFields(result, fieldsTree) : result };
    } catch (err) {
      return errorResponse(err);
    }
  };
}
