/** The types a grid's page and components name, read through the grids face as `Grid.<name>`. */
export type { GridSpec as Spec, GridState as State } from "./grid";
export type { AnyGridSpec as AnySpec, Cell, CellTone, FilterInput, FilterOption } from "./grid-spec";
export type { GridData as Data } from "./grid-loader";
