/**
 * Every grid of the dashboard, in navigation order. The store navigation, the grid page
 * (app/stores/[id]/[grid]/page.tsx) and the export (lib/exports/options.ts) read this list: a new grid is its
 * declaration file (lib/dashboard/*-grid.ts) plus one line here. tests/unit/dashboard/grids.test.ts checks that
 * every declaration is listed, reads a catalogue list operation and is reachable from the navigation.
 *
 * This module is also the dashboard's grids face (lib/dashboard/index.ts `grids`): the list, its loader, the links
 * of a grid's state, the category tree (a grid shaped as a tree) and the grid types.
 */
import type { AnyGridSpec } from "./grid-spec";
import { productsGrid } from "./products-grid";
import { ordersGrid } from "./orders-grid";
import { customersGrid } from "./customers-grid";
import { cmsPagesGrid } from "./cms-pages-grid";

export const GRIDS: readonly AnyGridSpec[] = [productsGrid, ordersGrid, customersGrid, cmsPagesGrid];

/** The grid at /stores/<id>/<key>, if there is one. */
export function gridByKey(key: string): AnyGridSpec | undefined {
  return GRIDS.find((g) => g.key === key);
}

// The grids face: what a page or component needs to show one of the grids above.
export { loadGrid } from "./grid-loader";
export { ariaSortFor, gridHref, gridQueryString, nextSortFor, pageCount } from "./grid";
export * as categoryTree from "./category-tree";
export type * as Grid from "./grid-types";
