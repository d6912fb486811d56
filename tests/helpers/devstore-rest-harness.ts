/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are read loosely in tests */
/**
 * Test harness for the dev store's REST layer: calls createRestHandler directly (no HTTP) with a fake
 * authenticate whose caller the test switches, and builds searchCriteria query strings by hand.
 */
import { createStoreData, type StoreData } from "../../packages/devstore/src/data/index";
import { createRestHandler, type RestHandlerOptions } from "../../packages/devstore/src/rest/handler";
import type { Caller, RestResponse } from "../../packages/devstore/src/rest/types";

export const ADMIN: Caller = { kind: "admin", username: "admin" };
export const GUEST: Caller = { kind: "guest" };
export const integration = (resources: "all" | string[]): Caller => ({
  kind: "integration",
  integrationId: 1,
  consumerId: 1,
  resources,
});
export const customer = (customerId: number): Caller => ({ kind: "customer", customerId });

export interface Harness {
  data: StoreData;
  as(caller: Caller): void;
  call(
    method: string,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<RestResponse & { json: any }>;
  get(url: string): Promise<RestResponse & { json: any }>;
}

let shared: StoreData | undefined;
/** One seeded store per test file is enough for read-only tests (seeding takes ~100 ms). */
export function sharedData(): StoreData {
  return (shared ??= createStoreData());
}

export function harness(opts: Partial<RestHandlerOptions> = {}, data: StoreData = createStoreData()): Harness {
  let caller: Caller = ADMIN;
  const handler = createRestHandler({
    data,
    authenticate: () => caller,
    now: () => Date.UTC(2026, 10, 22, 5, 0, 0),
    ...opts,
  });
  const call: Harness["call"] = async (method, url, body, headers) => {
    const res = await handler({
      method,
      rawUrl: url,
      headers: { host: "store.test:8080", ...headers },
      body: body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body),
    });
    // Round-trip through JSON like the HTTP layer does, so tests see what a client sees.
    return { ...res, json: res.body === undefined ? undefined : JSON.parse(JSON.stringify(res.body)) };
  };
  return { data, as: (c) => (caller = c), call, get: (url) => call("GET", url) };
}

export type FilterSpec = [field: string, value: string | undefined, condition?: string];

/** RFC 3986 encoding of a query value (`%` → `%25`, space → `%20`). */
export const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `searchCriteria[...]` query string: groups of OR'ed filters, sort orders, paging. */
export function criteria(spec: {
  groups?: FilterSpec[][];
  sort?: [string, string?][];
  pageSize?: number;
  currentPage?: number;
}): string {
  const parts: string[] = [];
  (spec.groups ?? []).forEach((group, i) =>
    group.forEach(([field, value, condition], j) => {
      const p = `searchCriteria[filter_groups][${i}][filters][${j}]`;
      parts.push(`${p}[field]=${enc(field)}`);
      if (value !== undefined) parts.push(`${p}[value]=${enc(value)}`);
      if (condition) parts.push(`${p}[condition_type]=${condition}`);
    }),
  );
  (spec.sort ?? []).forEach(([field, direction], i) => {
    parts.push(`searchCriteria[sortOrders][${i}][field]=${enc(field)}`);
    if (direction) parts.push(`searchCriteria[sortOrders][${i}][direction]=${direction}`);
  });
  if (spec.pageSize !== undefined) parts.push(`searchCriteria[pageSize]=${spec.pageSize}`);
  if (spec.currentPage !== undefined) parts.push(`searchCriteria[currentPage]=${spec.currentPage}`);
  return parts.length ? parts.join("&") : "searchCriteria=";
}

/** An EAV custom attribute's value on a seeded record. */
export function attr(
  record: { custom_attributes: { attribute_code: string; value: unknown }[] },
  code: string,
): unknown {
  return record.custom_attributes.find((a) => a.attribute_code === code)?.value;
}
