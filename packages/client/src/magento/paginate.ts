/**
 * Async iteration over any list operation. Always a stable sort (caller's sortOrders + a unique key ASC) and an
 * explicit page size ≤ 300; stops on total_count and never asks past the last page, because the store answers
 * a page past the end with the last page again.
 */
import { z } from "zod";
import { findListOperation } from "./catalogue.ts";
import { MagentoApiError } from "./errors.ts";
import { hasTopLevelField, validateFields } from "./fields.ts";
import { resolveSearchCriteria } from "./search-criteria.ts";
import type { SearchCriteria } from "./search-criteria-types.ts";
import type { MagentoResponse, PaginateOptions, RequestSpec } from "./types.ts";

export const MAX_PAGE_SIZE = 300;
export const DEFAULT_PAGE_SIZE = 100;

/**
 * The unique sort key for paging `path`: the catalogue's `list.uniqueKey` for a known list operation, else
 * entity_id (a custom module's list). A known list without one (/V1/search ranks documents) needs the caller's.
 */
export function defaultUniqueKey(path: string): string {
  const op = findListOperation("GET", path);
  if (op === undefined) return "entity_id";
  if (op.list?.uniqueKey === undefined) {
    throw new RangeError(`GET ${op.path} has no stable unique sort key to page by: pass paginate(…, { uniqueKey })`);
  }
  return op.list.uniqueKey;
}

const listPage = z.object({ items: z.array(z.unknown()), total_count: z.number().int().nonnegative() });

export type RequestFn = <T>(req: RequestSpec) => Promise<MagentoResponse<T>>;

export function pagedCriteria(base: SearchCriteria | undefined, uniqueKey: string, pageSize: number): SearchCriteria {
  const c: SearchCriteria = base ? structuredClone(base) : { filterGroups: [], sortOrders: [] };
  if (!c.sortOrders.some((s) => s.field === uniqueKey)) c.sortOrders.push({ field: uniqueKey, direction: "ASC" });
  c.pageSize = pageSize;
  c.currentPage = c.currentPage ?? 1;
  return c;
}

/** Keeps total_count in a trimmed response (`items[sku]` alone would drop it). */
export function pagedFields(fieldsValue: string | undefined): string | undefined {
  if (fieldsValue === undefined) return undefined;
  validateFields(fieldsValue);
  return hasTopLevelField(fieldsValue, "total_count") ? fieldsValue : `${fieldsValue},total_count`;
}

/** Pages requested ahead of the consumer at most (each is a signed call the store serves in parallel). */
export const MAX_PREFETCH = 8;

interface FetchedPage {
  page: number;
  items: unknown[];
  total: number;
}

/**
 * The pages themselves (arrays of items), for consumers that work a page at a time (exports). With `prefetch`,
 * once the first page has told the total and the page size the store really serves, up to that many following
 * pages are requested while the consumer works on the current one; pages still come out in order, and no page
 * past the last is asked for.
 */
export async function* paginatePages<T>(
  request: RequestFn,
  path: string,
  opts: PaginateOptions = {},
): AsyncGenerator<T[]> {
  const base = resolveSearchCriteria(opts.searchCriteria);
  const pageSize = opts.pageSize ?? base?.pageSize ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new RangeError(`pageSize must be an integer from 1 to ${MAX_PAGE_SIZE} (got ${pageSize})`);
  }
  const prefetch = opts.prefetch ?? 0;
  if (!Number.isInteger(prefetch) || prefetch < 0 || prefetch > MAX_PREFETCH) {
    throw new RangeError(`prefetch must be an integer from 0 to ${MAX_PREFETCH} (got ${prefetch})`);
  }
  const criteria = pagedCriteria(base, opts.uniqueKey ?? defaultUniqueKey(path), pageSize);
  const fieldsValue = pagedFields(opts.fields);

  async function fetchPage(page: number): Promise<FetchedPage> {
    const res = await request<unknown>({
      method: "GET",
      path,
      // checked once above: each page hands over a built object instead of being validated again
      searchCriteria: { build: () => ({ ...criteria, currentPage: page }) },
      ...(fieldsValue !== undefined ? { fields: fieldsValue } : {}),
      ...(opts.query ? { query: opts.query } : {}),
      ...(opts.storeCode !== undefined ? { storeCode: opts.storeCode } : {}),
    });
    const parsed = listPage.safeParse(res.data);
    if (!parsed.success) {
      throw new MagentoApiError({
        status: res.status,
        template: `${path} did not answer a list ({items, total_count}): ${parsed.error.issues[0]?.message ?? "bad shape"}`,
        code: "bad_response",
        url: res.url,
        method: "GET",
      });
    }
    return { page, items: parsed.data.items, total: parsed.data.total_count };
  }

  const firstPage = criteria.currentPage ?? 1;
  let size = pageSize;
  let nextPage = firstPage + 1;
  const pending: Array<Promise<FetchedPage>> = [fetchPage(firstPage)];
  try {
    for (;;) {
      const { page, items, total } = await pending.shift()!;
      // asked past the end (caller's currentPage): the store answered its last page again, which is not this page
      if ((page - 1) * size >= total) return;
      // a store with Web API input limits may serve fewer rows than asked: page numbers then follow its size
      if (page === firstPage && items.length > 0 && items.length < size && (page - 1) * size + items.length < total)
        size = items.length;
      const lastPage = Math.ceil(total / size);
      // empty page guard: a store that ignores currentPage or shrinks under us must not loop forever
      const done = items.length === 0 || page >= lastPage;
      if (!done) while (pending.length < prefetch && nextPage <= lastPage) pending.push(fetchPage(nextPage++));
      yield items as T[];
      if (done) return;
      if (pending.length === 0) pending.push(fetchPage(nextPage++));
    }
  } finally {
    for (const abandoned of pending) abandoned.catch(() => undefined); // the consumer stopped early: no unhandled rejection
  }
}

export async function* paginate<T>(request: RequestFn, path: string, opts: PaginateOptions = {}): AsyncGenerator<T> {
  for await (const items of paginatePages<T>(request, path, opts)) yield* items;
}
