/**
 * Every grid of the dashboard, in navigation order. The store navigation, the grid page
 * (app/stores/[id]/[grid]/page.tsx) and the export (lib/exports/options.ts) read this list: a new grid is its
 * declaration file (lib/dashboard/*-grid.ts) plus one line here. tests/unit/dashboard/grids.test.ts checks that
 * every declaration is listed, reads a catalogue list operation and is reachable from the navigation.
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
