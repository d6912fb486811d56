import type { Metadata } from "next";
import { gridFields, gridQueryString, gridSearchCriteria, pageCount, parseGridParams } from "@/lib/dashboard/grid";
import { ORDER_STATUSES, ordersGrid, type OrderRow } from "@/lib/dashboard/orders-grid";
import { parseListResult } from "@/lib/dashboard/list-result";
import { formatMoney, formatStoreDate, text } from "@/lib/dashboard/format";
import { StoreHeader } from "@/app/components/StoreHeader";
import { ApiErrorPanel } from "@/app/components/ApiErrorPanel";
import { GridTable } from "@/app/components/GridTable";
import { GridErrors, KeepSortAndSize } from "@/app/components/GridErrors";
import { RequestDetails } from "@/app/components/RequestDetails";
import { Badge, Button, EmptyState, Field, LinkButton } from "@/app/components/ui";
import { attempt, loadStore, storeClient } from "../_lib/store-context";

export const metadata: Metadata = { title: "Orders" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const STATUS_TONE: Record<string, "success" | "warning" | "danger" | "info" | "neutral"> = {
  complete: "success",
  processing: "info",
  pending: "warning",
  canceled: "danger",
  closed: "neutral",
  holded: "warning",
};

export default async function OrdersPage({ params, searchParams }: Props) {
  const { id } = await params;
  const { user, store } = await loadStore(id, "/orders");
  const state = parseGridParams(ordersGrid, await searchParams);
  const basePath = `/stores/${encodeURIComponent(id)}/orders`;
  const criteria = gridSearchCriteria(ordersGrid, state);
  const fieldsValue = gridFields(ordersGrid);
  const list = await attempt(async () => {
    const client = await storeClient(store.installationId, user.id);
    const res = await client.request({ method: "GET", path: ordersGrid.path, searchCriteria: criteria, fields: fieldsValue });
    return { ...parseListResult<OrderRow>(res.data), durationMs: res.durationMs };
  });
  const f = state.filters;
  const selected = new Set(f.status ?? []);
  const pastEnd = list.ok && list.value.total > 0 && state.page > pageCount(list.value.total, state.pageSize);

  return (
    <>
      <StoreHeader store={store} section="orders" title="Orders" description="Filter by status, date, customer and total; the URL keeps the filters." />
      <form method="get" action={basePath} className="card" role="search" aria-label="Filter orders">
        <fieldset>
          <legend>Status</legend>
          <div className="meta-row">
            {ORDER_STATUSES.map((s) => (
              <label key={s} style={{ marginRight: "0.75rem" }}>
                <input type="checkbox" name="status" value={s} defaultChecked={selected.has(s)} /> {s}
              </label>
            ))}
          </div>
          {state.errors.status ? <p className="field__error">{state.errors.status}</p> : null}
        </fieldset>
        <div className="form-row">
          <Field label="Created from" name="created_from" type="date" defaultValue={f.created_from ?? ""} error={state.errors.created_from} />
          <Field label="Created to" name="created_to" type="date" defaultValue={f.created_to ?? ""} error={state.errors.created_to} />
          <Field label="Customer name" name="customer" type="search" defaultValue={f.customer ?? ""} error={state.errors.customer} />
          <Field label="Grand total from" name="total_min" inputMode="decimal" defaultValue={f.total_min ?? ""} error={state.errors.total_min} />
          <Field label="Grand total to" name="total_max" inputMode="decimal" defaultValue={f.total_max ?? ""} error={state.errors.total_max} />
        </div>
        <KeepSortAndSize
          sort={state.sort.field}
          dir={state.sort.dir}
          size={state.pageSize}
          isDefaultSort={state.sort.field === ordersGrid.defaultSort.field && state.sort.dir === ordersGrid.defaultSort.dir}
          isDefaultSize={state.pageSize === ordersGrid.defaultPageSize}
        />
        <div className="form-actions">
          <Button>Apply filters</Button>
          <LinkButton href={basePath} variant="ghost">
            Clear
          </LinkButton>
        </div>
      </form>
      <GridErrors errors={state.errors} />
      {!list.ok ? (
        <ApiErrorPanel error={list.error} storeId={id} doing="loading orders" />
      ) : pastEnd ? (
        <EmptyState title={`Page ${state.page} is past the end`} action={<LinkButton href={`${basePath}${gridQueryString(ordersGrid, { ...state, page: pageCount(list.value.total, state.pageSize) })}`}>Go to the last page</LinkButton>} />
      ) : list.value.items.length === 0 ? (
        <EmptyState title="No orders match" action={<LinkButton href={basePath}>Clear filters</LinkButton>}>
          <p>Try a wider date range or fewer statuses.</p>
        </EmptyState>
      ) : (
        <GridTable
          id="orders"
          caption="Orders"
          basePath={basePath}
          spec={ordersGrid}
          state={state}
          total={list.value.total}
          columns={[
            { key: "increment_id", label: "Order #", sortField: "increment_id" },
            { key: "created_at", label: "Created", sortField: "created_at" },
            { key: "customer", label: "Customer", sortField: "customer_lastname" },
            { key: "status", label: "Status", sortField: "status" },
            { key: "grand_total", label: "Grand total", sortField: "grand_total", numeric: true },
          ]}
        >
          {list.value.items.map((o) => (
            <tr key={o.entity_id}>
              <td className="mono">{text(o.increment_id)}</td>
              <td>{formatStoreDate(o.created_at)}</td>
              <td>{[o.customer_firstname, o.customer_lastname].filter(Boolean).join(" ") || "Guest"}</td>
              <td>
                <Badge tone={STATUS_TONE[o.status ?? ""] ?? "neutral"}>{text(o.status)}</Badge>
              </td>
              <td className="num">{formatMoney(o.grand_total, o.order_currency_code)}</td>
            </tr>
          ))}
        </GridTable>
      )}
      <RequestDetails path={ordersGrid.path} criteria={criteria} fields={fieldsValue} durationMs={list.ok ? list.value.durationMs : undefined} />
    </>
  );
}
