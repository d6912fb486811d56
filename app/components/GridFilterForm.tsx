import type { ReactNode } from "react";
import type { grids } from "@/lib/dashboard";
import { Button, LinkButton } from "./ui";
import { GridErrors } from "./GridErrors";

/**
 * The filter form of a data grid: a plain GET form (the URL is the state), the page's own fields as children,
 * sort and page size kept unless they are the defaults (the page resets to 1), Apply and Clear, and below it the
 * filters from the address that were ignored.
 */
export function GridFilterForm<F extends Record<string, unknown>>(props: {
  spec: grids.Grid.Spec<F>;
  state: grids.Grid.State<F>;
  basePath: string;
  /** Accessible name of the search region, e.g. "Filter orders". */
  label: string;
  children: ReactNode;
}) {
  const { spec, state, basePath } = props;
  const defaultSort = state.sort.field === spec.defaultSort.field && state.sort.dir === spec.defaultSort.dir;
  return (
    <>
      <form method="get" action={basePath} className="card" role="search" aria-label={props.label}>
        {props.children}
        {defaultSort ? null : (
          <>
            <input type="hidden" name="sort" value={state.sort.field} />
            <input type="hidden" name="dir" value={state.sort.dir} />
          </>
        )}
        {state.pageSize === spec.defaultPageSize ? null : <input type="hidden" name="size" value={state.pageSize} />}
        <div className="form-actions">
          <Button>Apply filters</Button>
          <LinkButton href={basePath} variant="ghost">
            Clear
          </LinkButton>
        </div>
      </form>
      <GridErrors errors={state.errors} />
    </>
  );
}
