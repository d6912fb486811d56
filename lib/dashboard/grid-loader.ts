/**
 * The one loader of every grid page: the URL's state, the list call (the grid's catalogue operation through
 * `client.call`), its lookups and the store currency in parallel, each failure kept as a plain value the page
 * shows. The caller has already checked that the store is the user's (once per view) and hands over its client.
 */
import { findOperation } from "@magento-integration/client";
import type { MagentoClient } from "@magento-integration/client";
import type { SearchCriteria } from "@magento-integration/client";
import { attempt, type Attempt } from "./attempt";
import { gridFields, gridSearchCriteria, parseGridParams, type GridState, type RawParams } from "./grid";
import type { AnyGridSpec, CellContext, FilterOption, GridPageSpec } from "./grid-spec";
import { parseListResult } from "./list-result";
import { storeCurrency } from "./store-currency";

export interface GridData<F extends Record<string, unknown>, R> {
  state: GridState<F>;
  /** What was sent: for the page's "Request sent to the store". */
  request: { path: string; criteria: SearchCriteria; fields: string };
  list: Attempt<{ items: R[]; total: number; durationMs: number | undefined }>;
  /** Each lookup's options; undefined when it failed. */
  lookups: Record<string, FilterOption[] | undefined>;
  cellContext: CellContext;
}

/** `client`: builds the store's signed client (throws when the store cannot be called; shown as the list's error). */
export async function loadGrid<F extends Record<string, unknown>, R>(
  spec: GridPageSpec<F, R>,
  store: { installationId: string; client: () => MagentoClient },
  raw: RawParams,
): Promise<GridData<F, R>> {
  const state = parseGridParams(spec, raw);
  const criteria = gridSearchCriteria(spec, state);
  const fields = gridFields(spec);
  const client = await attempt(store.client);
  const lookupNames = Object.keys(spec.lookups ?? {});
  const [list, currency, ...lookupResults] = client.ok
    ? await Promise.all([
        attempt(async () => {
          const res = await client.value.call(spec.operation, { searchCriteria: criteria, fields });
          return { ...parseListResult<R>(res.data, state.pageSize), durationMs: res.durationMs };
        }),
        spec.storeCurrency ? storeCurrency(store.installationId, client.value) : undefined,
        ...lookupNames.map((name) => {
          const lookup = spec.lookups![name]!;
          return attempt(async () => lookup.options((await client.value.call(lookup.operation, lookup.args)).data));
        }),
      ])
    : [client, undefined, ...lookupNames.map(() => client)];
  const lookups = Object.fromEntries(
    lookupNames.map((name, i) => [name, lookupResults[i]?.ok ? lookupResults[i].value : undefined]),
  );
  const maps = new Map(
    Object.entries(lookups).map(([name, options]) => [
      name,
      options ? new Map(options.map((o) => [o.value, o.label])) : undefined,
    ]),
  );
  const base = gridPath(store.installationId, spec);
  return {
    state,
    request: { path: findOperation(spec.operation)?.path ?? spec.operation, criteria, fields },
    list,
    lookups,
    cellContext: {
      recordHref: (id) => `${base}/${encodeURIComponent(String(id))}`,
      currency,
      lookup: (name) => maps.get(name),
    },
  };
}

/** The grid page's path for a store. */
export function gridPath(installationId: string, spec: AnyGridSpec): string {
  return `/stores/${encodeURIComponent(installationId)}/${spec.key}`;
}
