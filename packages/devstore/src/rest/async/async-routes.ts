/**
 * Magento's asynchronous web endpoints (magento/magento2 app/code/Magento/WebapiAsync):
 * - `POST|PUT|DELETE /rest/<store>/async/V1/…`: one operation, the synchronous route's body;
 * - `… /rest/<store>/async/bulk/V1/…`: an array of bodies; every `:param` of the route becomes `by<Param>`
 *   (`/V1/products/:sku` → `/V1/products/bySku`) and each element carries the parameter in its body;
 * The status routes (`GET /V1/bulk/…`) are ordinary routes of the route table: routes/bulk-status.ts.
 * Both submission routes answer `{bulk_uuid, request_items[{id, data_hash, status}], errors}` with 202 and
 * leave the work to the consumer (bulk-state.ts). GET has no async form. See docs/rest-semantics.md#async-and-bulk.
 */
import { badRequest, noRoute } from "../errors.ts";
import type { QueryObject } from "../query.ts";
import type { RouteDef } from "../route.ts";
import type { Router } from "../router.ts";
import type { InputLimits } from "../search-criteria.ts";
import type { Caller } from "../types.ts";
import { BulkState, OPERATION_STATUS, type Bulk, type OperationWork } from "./bulk-state.ts";
import type { StoreView } from "../../data/index.ts";

/** Magento's default `default_input_array_size_limit` for async routes when input limits are on. */
export const ASYNC_ARRAY_LIMIT = 5_000;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** `/V1/products/:sku/media/:entryId` → `/V1/products/bySku/media/byEntryId`. */
export function bulkPathOf(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => `by${cap(name)}`);
}

/** `/V1/products/:sku` → `["sku"]`. */
export function routeParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
}

/**
 * The queue topic of a route: `async.<service contract path>.<method>`; Magento spells the interface class
 * (`async.magento.catalog.api.productrepositoryinterface.save.put`), the dev store derives it from the schema
 * service name (docs/seeds-vs-magento.md#bulk-topics).
 */
export function topicOf(route: RouteDef): string {
  const service = route.service.replace(/V\d+$/, "");
  const m = /^([a-z]+)([A-Z].*)$/.exec(service);
  const module = m ? m[1]! : service;
  const iface = m ? m[2]! : service;
  return `async.magento.${module}.api.${iface.toLowerCase()}interface.${route.operation.toLowerCase()}.${route.method.toLowerCase()}`;
}

export interface AsyncDeps {
  bulk: BulkState;
  router: Router;
  bulkRouter: Router;
  /** The synchronous route behind a bulk route. */
  syncRouteOf: (bulkRoute: RouteDef) => RouteDef;
  limits: InputLimits | false;
  authorize: (route: RouteDef, caller: Caller) => void;
}

export interface AsyncRequest {
  method: string;
  /** After the store code: `/async/V1/…` or `/async/bulk/V1/…`. */
  pathInfo: string;
  query: QueryObject;
  body: string;
  caller: () => Promise<Caller>;
  storeCode: string;
  store: StoreView;
  baseUrl: string;
}

const ASYNC = /^\/async(\/bulk)?(\/V\d+\/.+)$/;

/** True when the path is one of the routes this module answers. */
export function isAsyncPath(pathInfo: string): boolean {
  return ASYNC.test(pathInfo);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("Decoding error.");
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

export async function handleAsync(d: AsyncDeps, req: AsyncRequest): Promise<{ status: number; body: unknown }> {
  const method = req.method.toUpperCase();
  const asyncMatch = ASYNC.exec(req.pathInfo);
  if (asyncMatch) {
    if (method === "GET") throw noRoute(); // the async web API has no GET form
    const isBulk = asyncMatch[1] !== undefined;
    const path = asyncMatch[2]!;
    return isBulk ? submitBulk(d, req, method, path) : submitOne(d, req, method, path);
  }
  throw noRoute();
}

async function submitOne(d: AsyncDeps, req: AsyncRequest, method: string, path: string) {
  const matched = d.router.match(method, path);
  if (!matched) throw noRoute();
  const caller = await req.caller();
  d.authorize(matched.route, caller);
  const raw = req.body.trim() === "" ? {} : parseJson(req.body);
  if (!isObject(raw)) throw badRequest("Decoding error.");
  const work: OperationWork = { method, routePath: matched.route.path, params: matched.params, body: raw };
  return accepted(
    d.bulk.accept({
      caller,
      storeCode: req.storeCode,
      store: req.store,
      baseUrl: req.baseUrl,
      topicName: topicOf(matched.route),
      elements: [{ work, raw }],
    }),
  );
}

async function submitBulk(d: AsyncDeps, req: AsyncRequest, method: string, path: string) {
  const matchedBulk = d.bulkRouter.match(method, path);
  if (!matchedBulk) throw noRoute();
  const matched = { route: d.syncRouteOf(matchedBulk.route) };
  const caller = await req.caller();
  d.authorize(matched.route, caller);
  const raw = parseJson(req.body);
  if (!Array.isArray(raw)) throw badRequest("Decoding error.");
  if (raw.length === 0) throw badRequest('"%fieldName" is required. Enter and try again.', { fieldName: "entities" });
  // Webapi input limits (docs/rest-semantics.md#async-and-bulk): an async array holds at most
  // default_input_array_size_limit items.
  const arrayLimit = d.limits ? (d.limits.asyncArraySize ?? ASYNC_ARRAY_LIMIT) : Infinity;
  if (raw.length > arrayLimit)
    throw badRequest('Maximum items of type "%type" is %max', { type: "array", max: arrayLimit });
  const names = routeParamNames(matched.route.path);
  const elements = raw.map((element: unknown) => {
    if (!isObject(element)) return { work: null, raw: element, rejection: "The request element is not an object." };
    const params: Record<string, string> = {};
    for (const name of names) {
      const v = element[name];
      if (v === undefined || v === null || v === "")
        return { work: null, raw: element, rejection: `"${name}" is required. Enter and try again.` };
      params[name] = String(v);
    }
    return { work: { method, routePath: matched.route.path, params, body: element }, raw: element };
  });
  return accepted(
    d.bulk.accept({
      caller,
      storeCode: req.storeCode,
      store: req.store,
      baseUrl: req.baseUrl,
      topicName: topicOf(matched.route),
      elements,
    }),
  );
}

function accepted(bulk: Bulk) {
  const rejected = bulk.operations.some((o) => o.status === OPERATION_STATUS.rejected);
  return {
    status: 202,
    body: {
      bulk_uuid: bulk.uuid,
      request_items: bulk.operations.map((o) => ({
        id: o.id,
        data_hash: BulkState.dataHash(o),
        status: o.status === OPERATION_STATUS.rejected ? "rejected" : "accepted",
        ...(o.status === OPERATION_STATUS.rejected ? { error_message: o.resultMessage } : {}),
      })),
      errors: rejected,
    },
  };
}
