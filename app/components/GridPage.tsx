import Link from "next/link";
import type { grids } from "@/lib/dashboard";
import type { StoreHeaderStore } from "./StoreHeader";
import { GridFilterForm } from "./GridFilterForm";
import { GridFilterInputs } from "./GridFilterInputs";
import { GridResults } from "./GridResults";
import { GridTable } from "./GridTable";
import { RequestDetails } from "./RequestDetails";
import { Badge } from "./ui";

/** `label`: the column's name, shown before the value when the row is condensed (phones). */
function CellView({ cell, numeric, label }: { cell: grids.Grid.Cell; numeric: boolean | undefined; label: string }) {
  if (typeof cell === "string")
    return (
      <td className={numeric ? "num" : undefined} data-label={label}>
        {cell}
      </td>
    );
  // a monospaced link keeps to one line (.table a.mono); monospaced text may wrap anywhere
  const className =
    [numeric ? "num" : "", cell.mono && !cell.href ? "mono" : ""].filter(Boolean).join(" ") || undefined;
  const content = cell.href ? (
    <Link href={cell.href} prefetch={false} className={cell.mono ? "mono" : undefined}>
      {cell.text}
    </Link>
  ) : (
    cell.text
  );
  return (
    <td className={className} data-label={label}>
      {cell.badge ? <Badge tone={cell.badge}>{content}</Badge> : content}
    </td>
  );
}

/** Every grid page below its header: filter form, results table (or what went wrong) and the request sent, from its declaration. */
export function GridPage({
  spec,
  data,
  store,
}: {
  spec: grids.Grid.AnySpec;
  data: grids.Grid.Data<Record<string, unknown>, unknown>;
  store: StoreHeaderStore;
}) {
  const basePath = `/stores/${encodeURIComponent(store.installationId)}/${spec.key}`;
  const { state, list } = data;
  return (
    <>
      <GridFilterForm spec={spec} state={state} basePath={basePath} label={`Filter ${spec.noun}`}>
        <GridFilterInputs inputs={spec.inputs} state={state} lookups={data.lookups} />
      </GridFilterForm>
      <GridResults
        list={list}
        spec={spec}
        state={state}
        basePath={basePath}
        storeId={store.installationId}
        noun={spec.noun}
        emptyHint={spec.emptyHint}
      >
        {(items, total) => (
          <GridTable
            id={spec.tableId ?? spec.key}
            caption={spec.title}
            basePath={basePath}
            spec={spec}
            state={state}
            total={total}
            columns={spec.columns}
          >
            {items.map((row) => (
              <tr key={spec.rowKey(row)}>
                {spec.columns.map((c) => (
                  <CellView key={c.key} cell={c.cell(row, data.cellContext)} numeric={c.numeric} label={c.label} />
                ))}
              </tr>
            ))}
          </GridTable>
        )}
      </GridResults>
      <RequestDetails
        path={data.request.path}
        criteria={data.request.criteria}
        fields={data.request.fields}
        durationMs={list.ok ? list.value.durationMs : undefined}
      />
    </>
  );
}
