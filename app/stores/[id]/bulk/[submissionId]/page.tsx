import { notFound } from "next/navigation";
import { Badge, Card, Table, type BadgeTone } from "@/app/components/ui";
import { StoreHeader } from "@/app/components/StoreHeader";
import type { BulkRowStatus } from "@magento-integration/sync/bulk";
import { loadStore } from "@/app/_kit";
import { RefreshWhileRunning } from "../../export/RefreshWhileRunning";

export const metadata = { title: "Bulk edit rows" };
export const dynamic = "force-dynamic";

/** Rows shown on the page; the failures CSV holds every row that did not complete. */
const SHOWN = 500;
const TONE: Record<BulkRowStatus, BadgeTone> = {
  pending: "info",
  open: "info",
  complete: "success",
  failed: "danger",
  rejected: "danger",
  invalid: "warning",
};

export default async function BulkRowsPage({ params }: { params: Promise<{ id: string; submissionId: string }> }) {
  const { id, submissionId } = await params;
  const { store, door } = await loadStore(id, `/bulk/${submissionId}`);
  const view = await door.bulk.get(submissionId, id);
  if (!view) notFound();
  const rows = [];
  for await (const r of door.bulk.rows(submissionId)) {
    rows.push(r);
    if (rows.length >= SHOWN) break;
  }
  return (
    <div className="stack">
      <StoreHeader
        store={store}
        section="products"
        title="Bulk edit rows"
        description={`${view.complete.toLocaleString("en")} of ${view.total.toLocaleString("en")} rows complete (${view.percent}% done).`}
      />
      <RefreshWhileRunning running={view.state !== "done" && view.state !== "failed"} />
      <Card title={view.total > SHOWN ? `The first ${SHOWN} rows` : "Rows"}>
        <Table
          caption="Each row of the file and what the store did with it"
          columns={[
            { key: "row", label: "Row" },
            { key: "sku", label: "SKU" },
            { key: "status", label: "Status" },
            { key: "message", label: "Message" },
          ]}
        >
          {rows.map((r) => (
            <tr key={r.row} data-testid="result-row" data-status={r.status}>
              <td className="mono">{r.row}</td>
              <td className="mono">{r.ref || "—"}</td>
              <td>
                <Badge tone={TONE[r.status]}>{r.status}</Badge>
                {r.via === "single" ? <div className="muted">sent as a single call</div> : null}
              </td>
              <td>{r.message ?? ""}</td>
            </tr>
          ))}
        </Table>
      </Card>
    </div>
  );
}
