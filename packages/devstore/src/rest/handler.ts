import { randomBytes } from "node:crypto";
import type { StoreData } from "../data/index.ts";
import { isAllowed } from "../acl.ts";
import { DEFAULT_PROFILE, isProfileName, PROFILES, type Profile } from "../config/profiles.ts";
import { decodingError, noRoute, notAuthorized } from "./errors.ts";
import { filterResponse } from "./fields.ts";
import { parseQuery, queryString } from "./query.ts";
import { parseRestUrl } from "./rest-url.ts";
import { isAnonymous, isCustomerSelf, routesFor, type Edition, type RouteContext, type RouteDef } from "./route.ts";
import { Router } from "./router.ts";
import { ROUTES } from "./routes/index.ts";
import { buildSchema, SCHEMA_ACL_RESOURCE } from "./schema.ts";
import { SearchCache } from "./search-cache.ts";
import {
  applySortOrdersByIndex,
  DEFAULT_INPUT_LIMITS,
  matchAndSort,
  pageOf,
  parseSearchCriteria,
  searchKey,
  type InputLimits,
} from "./search-criteria.ts";
import { checkFields, StorageError } from "./searchable.ts";
import { RestError, type Authenticate, type Caller, type RawRestRequest, type RestResponse } from "./types.ts";
import { bulkPathOf, handleAsync, isAsyncPath } from "./async/async-routes.ts";
import { BulkState, type OperationOutcome } from "./async/bulk-state.ts";
import { renderPlaceholders } from "./async/render.ts";

export interface RestHandlerOptions {
  data: StoreData;
  authenticate: Authenticate;
  /** Dev-store profile name (2.4.3 … seed, default 2.4.7): sort-order order (seed) and unknown-property checks. */
  profile?: string;
  /** Open source (default) or Commerce: the Commerce-only modules' routes exist only in the latter. */
  edition?: Edition;
  /** MSI's modules (default on); off, the `msi` routes are absent (404 no route), as in a store without MSI. */
  msi?: boolean;
  /** Magento's Web API input limits: `true` = defaults (page size 20, max 300). Off by default. */
  inputLimits?: boolean | InputLimits;
  /** Store base URL for a request (trailing slash). Default: `http://{Host}/`. */
  baseUrl?: (req: RawRestRequest) => string;
  now?: () => number;
  /** Route table override (tests); defaults to the dev store's table. */
  routes?: readonly RouteDef[];
  /** Routes added to the table (the Commerce webhooks module's /V1/webhooks/*). */
  extraRoutes?: readonly RouteDef[];
  /** The Integration module's admin/customer token services (the auth layer answers them). */
  issueUserToken?: RouteContext["issueUserToken"];
  /** The bulk operations and their consumer (async/bulk-state.ts); default: a consumer of the handler's own. */
  bulk?: BulkState;
  /**
   * Commerce edition: webhooks called before a write (a throw aborts it, nothing written) and events raised after
   * it (events/write-events.ts).
   */
  writeHooks?: {
    before(route: RouteDef, ctx: RouteContext): Promise<void>;
    after(route: RouteDef, ctx: RouteContext, result: unknown): void;
  };
}

export type RestHandler = (req: RawRestRequest) => Promise<RestResponse>;

export function headerValue(req: RawRestRequest, name: string): string | undefined {
  const v = req.headers[name] ?? req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

export function defaultBaseUrl(req: RawRestRequest): string {
  const host = headerValue(req, "host") ?? "127.0.0.1";
  const proto = headerValue(req, "x-forwarded-proto") === "https" ? "https" : "http";
  return `${proto}://${host}/`;
}

function internalError(err: unknown): RestResponse {
  const reportId = `webapi-${randomBytes(6).toString("hex")}`;
  console.error(`[devstore rest] ${reportId}`, err instanceof StorageError ? err.message : err);
  return {
    status: 500,
    body: { message: `Internal Error. Details are available in Magento log file. Report ID: ${reportId}` },
  };
}

function errorResponse(err: unknown): RestResponse {
  if (err instanceof RestError) return { status: err.status, body: err.toBody() };
  return internalError(err);
}

/** The ACL rule for one route and caller; throws Magento's 401. */
export function authorize(route: RouteDef, caller: Caller): void {
  if (isAnonymous(route)) return;
  if (isCustomerSelf(route)) {
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
  return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}

function profileOf(name: string | undefined): Profile {
  return PROFILES[name !== undefined && isProfileName(name) ? name : DEFAULT_PROFILE];
}

const noTokenService: RouteContext["issueUserToken"] = () => {
  throw new Error("the token services are not mounted (createRestHandler without issueUserToken)");
};

export function createRestHandler(opts: RestHandlerOptions): RestHandler {
  const edition = opts.edition ?? "open-source";
  const routes = routesFor([...(opts.routes ?? ROUTES), ...(opts.extraRoutes ?? [])], edition, opts.msi ?? true);
  const router = new Router(routes);
  const limits: InputLimits | false = opts.inputLimits === true ? DEFAULT_INPUT_LIMITS : opts.inputLimits || false;
  const now = opts.now ?? Date.now;
  const baseUrlOf = opts.baseUrl ?? defaultBaseUrl;
  const profile = profileOf(opts.profile);
  const searches = new SearchCache();
  const data = opts.data;

  const bulk = opts.bulk ?? new BulkState(now);
  // Bulk routes: the synchronous route under its by<Param> path, mapped back to the route itself.
  const bulkRoutes = new Map(
    routes.filter((r) => r.method !== "GET").map((r) => [{ ...r, path: bulkPathOf(r.path) } as RouteDef, r]),
  );
  const bulkRouter = new Router([...bulkRoutes.keys()]);

  function contextFor(
    c: Omit<
      RouteContext,
      "data" | "inputLimits" | "edition" | "now" | "criteria" | "search" | "issueUserToken" | "bulk"
    >,
  ): RouteContext {
    const query = c.query;
    return {
      ...c,
      data,
      inputLimits: limits,
      edition,
      now,
      criteria: (o) =>
        parseSearchCriteria(query, {
          inputLimits: limits,
          strictProperties: profile.rejectsUnknownProperties,
          searchRequest: o?.searchRequest,
        }),
      search: (entity) => {
        const criteria = parseSearchCriteria(query, {
          inputLimits: limits,
          strictProperties: profile.rejectsUnknownProperties,
        });
        const effective = checkFields(entity, data, criteria);
        const rows = searches.rows(searchKey(entity.name, effective), data.revision, () =>
          matchAndSort(entity.rows(data), effective, entity.read),
        );
        return pageOf(rows, criteria);
      },
      issueUserToken: opts.issueUserToken ?? noTokenService,
      bulk,
    };
  }

  /** Runs a route; a write passes the Commerce webhooks first (a throw aborts it) and raises its events after. */
  async function runRoute(route: RouteDef, ctx: RouteContext, method: string): Promise<unknown> {
    const write = method !== "GET";
    if (write && opts.writeHooks) await opts.writeHooks.before(route, ctx);
    let result: unknown;
    try {
      result = await route.handler(ctx);
    } finally {
      // Any write invalidates cached searches (even one that failed half-way).
      if (write) data.touch();
    }
    if (write && opts.writeHooks) opts.writeHooks.after(route, ctx, result);
    return result;
  }

  // The consumer runs an operation through the synchronous route, as the submitting user (async/bulk-state.ts).
  bulk.setRunner(async (b, work): Promise<OperationOutcome> => {
    const route = routes.find((r) => r.method === work.method && r.path === work.routePath);
    if (!route) return { ok: false, retriable: false, message: "Request does not match any route.", errorCode: null };
    const ctx = contextFor({
      caller: b.caller,
      params: work.params,
      query: {},
      body: work.body,
      rawBody: JSON.stringify(work.body),
      storeCode: b.storeCode,
      store: b.store,
      baseUrl: b.baseUrl,
    });
    try {
      return { ok: true, result: await runRoute(route, ctx, work.method) };
    } catch (err) {
      // OperationProcessor: a LocalizedException (every web API error) is "failed, change input"; anything else
      // (a lock wait, a lost connection) may pass when tried again.
      if (err instanceof RestError)
        return { ok: false, retriable: false, message: renderPlaceholders(err.message, err.parameters), errorCode: 0 };
      return { ok: false, retriable: true, message: err instanceof Error ? err.message : String(err), errorCode: 0 };
    }
  });

  return async (req) => {
    try {
      const method = req.method.toUpperCase();
      const url = parseRestUrl(req.rawUrl);
      if (!url) throw noRoute();
      const query = parseQuery(url.query);
      if (profile.sortOrdersByIndex) applySortOrdersByIndex(query);

      if (isAsyncPath(url.pathInfo)) {
        return await handleAsync(
          { bulk, router, bulkRouter, syncRouteOf: (r) => bulkRoutes.get(r) ?? r, limits, authorize },
          {
            method,
            pathInfo: url.pathInfo,
            query,
            body: req.body,
            caller: async () => opts.authenticate(req),
            storeCode: url.storeCode,
            store: url.store,
            baseUrl: baseUrlOf(req),
          },
        );
      }

      // Webapi's schema request (`/rest/{store}/schema`) is answered before routing.
      if (method === "GET" && url.pathInfo.replace(/\/+$/, "") === "/schema") {
        const caller = await opts.authenticate(req);
        if (caller.kind !== "admin") throw notAuthorized(SCHEMA_ACL_RESOURCE);
        return {
          status: 200,
          body: buildSchema(routes, {
            baseUrl: baseUrlOf(req),
            storeCode: url.storeCode,
            services: queryString(query, "services"),
            edition,
          }),
        };
      }

      const matched = router.match(method, url.pathInfo);
      if (!matched) throw noRoute();
      const { route, params } = matched;

      let caller: Caller;
      if (isAnonymous(route)) {
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

      const ctx = contextFor({
        caller,
        params,
        query,
        body: route.rawBody ? {} : parseBody(method, req.body),
        rawBody: req.body,
        storeCode: url.storeCode,
        store: url.store,
        baseUrl: baseUrlOf(req),
      });
      const result = await runRoute(route, ctx, method);
      return { status: 200, body: filterResponse(result, query.fields).body };
    } catch (err) {
      return errorResponse(err);
    }
  };
}
