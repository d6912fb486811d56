import type { ReactNode } from "react";
import { grids, type ApiErrorView } from "@/lib/dashboard";
import { ApiErrorPanel } from "./ApiErrorPanel";
import { EmptyState, LinkButton } from "./ui";

type ListAttempt<T> = { ok: true; value: { items: T[]; total: number } } | { ok: false; error: ApiErrorView };

/**
 * What a data grid shows under its filters: the store's error (with what to do), a page past the end (Magento
 * would repeat its last page, so we say so and link there), no match, or the table the page renders.
 */
export function GridResults<T, F extends Record<string, unknown>>(props: {
  list: ListAttempt<T>;
  spec: grids.Grid.Spec<F>;
  state: grids.Grid.State<F>;
  basePath: string;
  storeId: string;
  /** Plural noun for messages: "products", "CMS pages". */
  noun: string;
  /** Extra words under "No … match". */
  emptyHint?: ReactNode;
  children: (items: T[], total: number) => ReactNode;
}) {
  const { list, spec, state, basePath, noun } = props;
  if (!list.ok) return <ApiErrorPanel error={list.error} storeId={props.storeId} doing={`loading ${noun}`} />;
  const { items, total } = list.value;
  const last = grids.pageCount(total, state.pageSize);
  if (total > 0 && state.page > last) {
    return (
      <EmptyState
        title={`Page ${state.page} is past the end`}
        action={
          <LinkButton href={`${basePath}${grids.gridQueryString(spec, { ...state, page: last })}`}>
            Go to the last page
          </LinkButton>
        }
      >
        <p>
          {total} {noun} match; the store would repeat its last page for any page past the end.
        </p>
      </EmptyState>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState title={`No ${noun} match`} action={<LinkButton href={basePath}>Clear filters</LinkButton>}>
        {props.emptyHint ? <p>{props.emptyHint}</p> : null}
      </EmptyState>
    );
  }
  return <>{props.children(items, total)}</>;
}
