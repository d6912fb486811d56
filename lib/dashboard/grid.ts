/**
 * URL ⇄ searchCriteria for the dashboard's data grids. A page's state lives entirely in its query string
 * (shareable, back-button friendly): filters, one sort column, page and page size. Each grid declares its
 * filters, sortable columns and the fields it shows; the functions here parse a URL into a typed state, turn the
 * state into SearchCriteria + a `fields` value, and turn it back into a canonical URL.
 */
import type { SearchCriteria, SearchFilterGroup, SortDirection } from "@magento-integration/client";
import { listFields, type FieldSpec } from "@magento-integration/client";
import type { CatalogueEntry, PathParamNames } from "@magento-integration/client";
import type { z } from "zod";

/** What Next passes as `searchParams`, or a URLSearchParams. */
export type RawParams = URLSearchParams | Record<string, string | string[] | undefined>;

export type SortDir = "asc" | "desc";

/** A catalogue operation called with no path parameters and no required query (`client.call(id, {searchCriteria, fields})`). */
export type PlainOperationId = {
  [E in CatalogueEntry as E["id"]]: [PathParamNames<E["path"]>] extends [never]
    ? E extends { readonly requiredQuery?: readonly (infer Q)[] }
      ? [Q] extends [never]
        ? E["id"]
        : never
      : E["id"]
    : never;
}[CatalogueEntry["id"]];

export interface GridSpec<F extends Record<string, unknown>> {
  /** The catalogue's list operation the grid reads, e.g. "getProducts" (GET /V1/products). */
  operation: PlainOperationId;
  /** Columns requested per item (sent as `items[...]`). */
  itemFields: readonly FieldSpec[];
  /** Filter params in their canonical URL order, each with a zod schema for its raw string value(s). */
  filters: { readonly [K in keyof F]: FilterParam<F[K]> };
  /** Sortable store fields (the URL's `sort` must be one of them). */
  sortFields: readonly string[];
  defaultSort: { field: string; dir: SortDir };
  pageSizes: readonly number[];
  defaultPageSize: number;
  /** Filter groups (AND) for the current filters. */
  toGroups(filters: Partial<F>): SearchFilterGroup[];
  /** Query parameters the page reads itself (not filters), so they are not reported as unknown. */
  extraParams?: readonly string[];
}

export interface FilterParam<T> {
  /** Repeated params (`status=a&status=b`) arrive as an array; comma lists are split too. */
  multiple?: boolean;
  schema: z.ZodType<T>;
}

export interface GridState<F extends Record<string, unknown>> {
  filters: Partial<F>;
  sort: { field: string; dir: SortDir };
  page: number;
  pageSize: number;
  /** Params that were present but invalid, by name, with a message to show next to the input. */
  errors: Record<string, string>;
  /** A refused filter's value as it was typed (a list comma-joined), shown again in its input to be corrected. */
  rejected: Record<string, string>;
}

function getAll(raw: RawParams, name: string): string[] {
  if (raw instanceof URLSearchParams) return raw.getAll(name);
  const v = raw[name];
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}

function getOne(raw: RawParams, name: string): string | undefined {
  const all = getAll(raw, name);
  const v = all[0]?.trim();
  return v === undefined || v === "" ? undefined : v;
}

function positiveInt(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,9}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 ? n : undefined;
}

/**
 * Parses a grid's query string. Invalid values are not sent (reported in `errors`, kept as typed in `rejected`),
 * never thrown.
 */
export function parseGridParams<F extends Record<string, unknown>>(spec: GridSpec<F>, raw: RawParams): GridState<F> {
  const filters: Partial<F> = {};
  const errors: Record<string, string> = {};
  const rejected: Record<string, string> = {};
  for (const name of Object.keys(spec.filters) as Array<keyof F & string>) {
    const param = spec.filters[name];
    let input: unknown;
    if (param.multiple) {
      const values = getAll(raw, name)
        .flatMap((v) => v.split(","))
        .map((v) => v.trim())
        .filter(Boolean);
      if (values.length === 0) continue;
      input = [...new Set(values)];
    } else {
      input = getOne(raw, name);
      if (input === undefined) continue;
    }
    const parsed = param.schema.safeParse(input);
    if (parsed.success) {
      if (parsed.data !== undefined) filters[name] = parsed.data;
    } else {
      errors[name] = parsed.error.issues[0]?.message ?? "invalid value";
      rejected[name] = Array.isArray(input) ? input.join(",") : String(input);
    }
  }

  const sortField = getOne(raw, "sort");
  const sortDir = getOne(raw, "dir");
  let sort = { ...spec.defaultSort };
  if (sortField !== undefined) {
    if (spec.sortFields.includes(sortField)) sort = { field: sortField, dir: sortDir === "desc" ? "desc" : "asc" };
    else errors.sort = `cannot sort by "${sortField}"`;
  } else if (sortDir === "asc" || sortDir === "desc") {
    sort = { field: spec.defaultSort.field, dir: sortDir };
  }

  const pageText = getOne(raw, "page");
  const page = positiveInt(pageText) ?? 1;
  if (pageText !== undefined && positiveInt(pageText) === undefined)
    errors.page = "page must be a positive whole number";

  const sizeText = getOne(raw, "size");
  const size = positiveInt(sizeText);
  let pageSize = spec.defaultPageSize;
  if (size !== undefined && spec.pageSizes.includes(size)) pageSize = size;
  else if (sizeText !== undefined) errors.size = `page size must be one of ${spec.pageSizes.join(", ")}`;

  // a parameter the page does not know would change nothing, silently: report it instead
  for (const name of paramNames(raw)) {
    if (
      Object.hasOwn(spec.filters, name) ||
      GRID_PARAMS.has(name) ||
      name.startsWith("_") ||
      (spec.extraParams ?? []).includes(name)
    )
      continue;
    errors[name] = `not a filter of this page (it filters by ${Object.keys(spec.filters).join(", ")})`;
  }

  return { filters, sort, page, pageSize, errors, rejected };
}

const GRID_PARAMS = new Set(["sort", "dir", "page", "size"]);

function paramNames(raw: RawParams): string[] {
  if (raw instanceof URLSearchParams) return [...new Set(raw.keys())];
  return Object.keys(raw).filter((k) => raw[k] !== undefined);
}

/** The SearchCriteria for a state: filter groups, one explicit sort (the store defaults to DESC), paging. */
export function gridSearchCriteria<F extends Record<string, unknown>>(
  spec: GridSpec<F>,
  state: GridState<F>,
): SearchCriteria {
  const direction: SortDirection = state.sort.dir === "desc" ? "DESC" : "ASC";
  return {
    filterGroups: spec.toGroups(state.filters),
    sortOrders: [{ field: state.sort.field, direction }],
    pageSize: state.pageSize,
    currentPage: state.page,
  };
}

/** `items[<the grid's columns>],total_count`: only what the page shows, plus the count for paging. */
export function gridFields<F extends Record<string, unknown>>(spec: GridSpec<F>): string {
  return `${listFields(...spec.itemFields)},total_count`;
}

function serialiseValue(v: unknown): string[] {
  if (v === undefined || v === null || v === "") return [];
  if (Array.isArray(v)) return v.length === 0 ? [] : [v.map(String).join(",")];
  return [String(v)];
}

/**
 * Canonical query string of a state: filters in declared order, then sort/dir, page, size; defaults omitted so
 * equal states give equal URLs. Returns "" or "?…".
 */
export function gridQueryString<F extends Record<string, unknown>>(
  spec: GridSpec<F>,
  state: Omit<GridState<F>, "errors" | "rejected">,
): string {
  const out = new URLSearchParams();
  for (const name of Object.keys(spec.filters) as Array<keyof F & string>) {
    for (const v of serialiseValue(state.filters[name])) out.append(name, v);
  }
  const isDefaultSort = state.sort.field === spec.defaultSort.field && state.sort.dir === spec.defaultSort.dir;
  if (!isDefaultSort) {
    out.set("sort", state.sort.field);
    out.set("dir", state.sort.dir);
  }
  if (state.page > 1) out.set("page", String(state.page));
  if (state.pageSize !== spec.defaultPageSize) out.set("size", String(state.pageSize));
  const s = out.toString();
  return s ? `?${s}` : "";
}

/** URL of the same grid with some state changed. Changing filters, sort or size goes back to page 1. */
export function gridHref<F extends Record<string, unknown>>(
  basePath: string,
  spec: GridSpec<F>,
  state: Omit<GridState<F>, "errors" | "rejected">,
  patch: { page?: number; sort?: { field: string; dir: SortDir }; pageSize?: number; filters?: Partial<F> },
): string {
  const resetPage = patch.sort !== undefined || patch.pageSize !== undefined || patch.filters !== undefined;
  const next = {
    filters: patch.filters ?? state.filters,
    sort: patch.sort ?? state.sort,
    pageSize: patch.pageSize ?? state.pageSize,
    page: patch.page ?? (resetPage ? 1 : state.page),
  };
  return `${basePath}${gridQueryString(spec, next)}`;
}

/** Sort link target of a column header: first click ascending, next click flips. */
export function nextSortFor(
  state: { sort: { field: string; dir: SortDir } },
  field: string,
): { field: string; dir: SortDir } {
  if (state.sort.field === field) return { field, dir: state.sort.dir === "asc" ? "desc" : "asc" };
  return { field, dir: "asc" };
}

/** aria-sort value of a column. */
export function ariaSortFor(
  state: { sort: { field: string; dir: SortDir } },
  field: string,
): "ascending" | "descending" | "none" {
  if (state.sort.field !== field) return "none";
  return state.sort.dir === "asc" ? "ascending" : "descending";
}

/** Last page for a total (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
