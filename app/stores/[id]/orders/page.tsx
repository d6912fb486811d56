import type { Metadata } from "next";
import { gridFields, gridSearchCriteria, parseGridParams } from "@/lib/dashboard/grid";
import Link from "next/link";
import { ORDER_STATUS_LABELS, ORDER_STATUSES, orderStatusLabel, ordersGrid, type OrderRow } from "@/lib/dashboard/orders-grid";
import { parseListResult } from "@/lib/dashboard/list-result";
import { formatMoney, formatStoreDate, text } from "@/lib/dashboard/format";
import { StoreHeader } from "@/app/components/StoreHeader";
import { GridTable } from "@/app/components/GridTable";
import { GridFilterForm } from "@/app/components/GridFilterForm";
import { GridResults } from "@/app/components/GridResults";
import { RequestDetails } from "@/app/components/RequestDetails";
import { Badge, Field } from "@/app/components/ui";
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

  return (
    <>
      <StoreHeader store={store} section="orders" title="Orders" description="Filter by status, date, customer and total; the URL keeps the filters." />
      <GridFilterForm spec={ordersGrid} state={state} basePath={basePath} label="Filter orders">
        <fieldset>
          <legend>Status</legend>
          <div className="meta-row">
            {ORDER_STATUSES.map((s) => (
              <label key={s} style={{ marginRight: "0.75rem" }}>
                <input type="checkbox" name="status" value={s} defaultChecked={selected.has(s)} /> {ORDER_STATUS_LABELS[s]}
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
      </GridFilterForm>
      <GridResults list={list} spec={ordersGrid} state={state} basePath={basePath} storeId={id} noun="orders">
        {(items, total) => (
          <GridTable
            id="orders"
            caption="Orders"
            basePath={basePath}
            spec={ordersGrid}
            state={state}
            total={total}
            columns={[
              { key: "increment_id", label: "Order #", sortField: "increment_id" },
              { key: "created_at", label: "Created", sortField: "created_at" },
              { key: "customer", label: "Customer", sortField: "customer_lastname" },
              { key: "status", label: "Status", sortField: "status" },
              { key: "grand_total", label: "Grand total", sortField: "grand_total", numeric: true },
            ]}
          >
            {items.map((o) => (
              <tr key={o.entity_id}>
                <td className="mono">
                  <Link href={`${basePath.replace(/\/orders$/, "")}/orders/${o.entity_id}`} prefetch={false}>
                    {text(o.increment_id)}
                  </Link>
                </td>
                <td>{formatStoreDate(o.created_at)}</td>
                <td>{[o.customer_firstname, o.customer_lastname].filter(Boolean).join(" ") || "Guest"}</td>
                <td>
                  <Badge tone={STATUS_TONE[o.status ?? ""] ?? "neutral"}>{orderStatusLabel(o.status)}</Badge>
                </td>
                <td className="num">{formatMoney(o.grand_total, o.order_currency_code)}</td>
              </tr>
            ))}
          </GridTable>
        )}
      </GridResults>
      <RequestDetails path={ordersGrid.path} criteria={criteria} fields={fieldsValue} durationMs={list.ok ? list.value.durationMs : undefined} />
    </>
  );
}
