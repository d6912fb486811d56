import type { ReactNode } from "react";
import Link from "next/link";
import { grids } from "@/lib/dashboard";
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
  spec: grids.Grid.Spec<F>;
  state: grids.Grid.State<F>;
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
                sortHref: grids.gridHref(basePath, spec, state, { sort: grids.nextSortFor(state, c.sortField) }),
                sort: grids.ariaSortFor(state, c.sortField),
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
          hrefFor={(p) => grids.gridHref(basePath, spec, state, { page: p })}
          label={`${props.caption} pages`}
        />
        <nav aria-label="Rows per page" className="pagination">
          <span className="pagination__summary">Rows per page:</span>
          <ul>
            {spec.pageSizes.map((n) => (
              <li key={n}>
                <Link
                  href={grids.gridHref(basePath, spec, state, { pageSize: n })}
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
