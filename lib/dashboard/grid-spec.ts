/**
 * A dashboard grid as one declaration: what it reads (a catalogue list operation, lib/dashboard/grid.ts for the
 * URL ⇄ searchCriteria part), the filter inputs it shows, its columns, what it looks up alongside (names for ids),
 * and whether the export offers it. lib/dashboard/grids.ts lists every grid; the store navigation, the generic
 * grid page (app/stores/[id]/[grid]) and the export read that list. README "Extending the kit" shows how to add one.
 */
import type { RequestArgs } from "@magento-integration/client";
import type { GridSpec, PlainOperationId } from "./grid";

/** The badge colours (app/components/ui/Badge.tsx draws them; a cell may use any). */
export type CellTone = "neutral" | "info" | "success" | "warning" | "danger";

/** What a cell shows: plain text, or text that links to the record, is monospaced, or is a badge. */
export type Cell = string | { text: string; href?: string; mono?: boolean; badge?: CellTone };

export interface CellContext {
  /** The record's own page under this grid: `/stores/<id>/<grid key>/<record id>`. */
  recordHref(id: string | number): string;
  /** The store's base currency, when the grid asks for it (`storeCurrency`). */
  currency: string | undefined;
  /** A lookup's value → label map (undefined when the lookup failed: show the raw value). */
  lookup(name: string): ReadonlyMap<string, string> | undefined;
}

export interface GridColumnSpec<R> {
  key: string;
  label: string;
  /** Store field the column sorts by (one of the grid's sortFields; absent: not sortable). */
  sortField?: string;
  numeric?: boolean;
  cell(row: R, ctx: CellContext): Cell;
}

export interface FilterOption {
  value: string;
  label: string;
}

/** One input of the filter form; `name` is a filter of the grid. "Any" is added to selects. */
export type FilterInput<F> =
  | { kind: "text"; name: keyof F & string; label: string; type?: "search" | "date"; inputMode?: "decimal" | "numeric" }
  | { kind: "select"; name: keyof F & string; label: string; options: readonly FilterOption[] }
  /** A select whose options come from a lookup; a number field labelled `fallbackLabel` when it failed. */
  | { kind: "lookup"; name: keyof F & string; label: string; lookup: string; fallbackLabel: string }
  /** Several values of one multiple filter, as checkboxes in a fieldset. */
  | { kind: "checkboxes"; name: keyof F & string; legend: string; options: readonly FilterOption[] };

/** A call made alongside the list (one per view) whose answer becomes value → label options. */
export interface GridLookup {
  operation: PlainOperationId;
  args: Pick<RequestArgs, "searchCriteria" | "fields">;
  options(data: unknown): FilterOption[];
}

export interface GridPageSpec<F extends Record<string, unknown>, R> extends GridSpec<F> {
  /** URL segment under /stores/<id>/ and the navigation key, e.g. "products". */
  key: string;
  /** Page title, navigation label and table caption. */
  title: string;
  /** Plural noun for messages ("No … match", "Filter …"). */
  noun: string;
  description?: string;
  /** The table's HTML id (default: `key`). */
  tableId?: string;
  inputs: readonly FilterInput<F>[];
  columns: readonly GridColumnSpec<R>[];
  rowKey(row: R): string | number;
  /** Extra words under "No … match". */
  emptyHint?: string;
  lookups?: Readonly<Record<string, GridLookup>>;
  /** The columns show amounts in the store's base currency (one cached call per store). */
  storeCurrency?: boolean;
  /** The export offers this list: its default item fields (`items[…]`). */
  export?: { fields: string };
}

/** Any grid, for lists of grids (rows and filters typed per grid where it is declared). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a heterogeneous list of grids
export type AnyGridSpec = GridPageSpec<any, any>;

/** Declares a grid (checks the declaration's types; returns it unchanged). */
export function defineGrid<F extends Record<string, unknown>, R>(spec: GridPageSpec<F, R>): GridPageSpec<F, R> {
  return spec;
}
