import type { ReactNode } from "react";
import Link from "next/link";
import { ariaSortFor, gridHref, type GridSpec, type GridState, nextSortFor } from "@/lib/dashboard";
import { Table } from "./ui/Table";
import { Pagination } from "./ui/Pagination";

export interface GridColumn {
  key: string;
  label: string;
  /** Store field the column sorts by (absent: not sortable). */
  sortField?: string;
  numeric?: boolean;
}

/** A URL-driven grid: sortable headers, rows, pagination and page-size links, all plain links. */
export function GridTable<F extends Record<string, unknown>>(props: {
  id: string;
  caption: string;
  basePath: string;
  spec: GridSpec<F>;
  state: GridState<F>;
  columns: readonly GridColumn[];
  total: number;
  children: ReactNode;
}) {
  const { basePath, spec, state } = props;
  return (
    <>
      <Table
        id={props.id}
        caption={props.caption}
        condensed
        captionNote={`${props.total} matching · sorted by ${props.columns.find((c) => c.sortField === state.sort.field)?.label ?? state.sort.field} ${state.sort.dir === "asc" ? "ascending" : "descending"}`}
        columns={props.columns.map((c) => ({
          key: c.key,
          label: c.label,
          numeric: c.numeric,
          ...(c.sortField
            ? {
                sortHref: gridHref(basePath, spec, state, { sort: nextSortFor(state, c.sortField) }),
                sort: ariaSortFor(state, c.sortField),
              }
            : {}),
        }))}
      >
        {props.children}
      </Table>
      <div className="grid-footer">
        <Pagination
          page={state.page}
          pageSize={state.pageSize}
          total={props.total}
          hrefFor={(p) => gridHref(basePath, spec, state, { page: p })}
          label={`${props.caption} pages`}
        />
        <nav aria-label="Rows per page" className="pagination">
          <span className="pagination__summary">Rows per page:</span>
          <ul>
            {spec.pageSizes.map((n) => (
              <li key={n}>
                <Link
                  href={gridHref(basePath, spec, state, { pageSize: n })}
                  aria-current={n === state.pageSize ? "page" : undefined}
                  prefetch={false}
                >
                  {n}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}
