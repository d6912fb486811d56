import { Badge, Card, EmptyState, Table, type BadgeTone } from "@/app/components/ui";
import { StoreHeader } from "@/app/components/StoreHeader";
import type { BulkView } from "@/lib/verbs";
import { loadStore } from "@/app/_kit";
import { RefreshWhileRunning } from "../export/RefreshWhileRunning";
import { BulkForm } from "./BulkForm";

export const metadata = { title: "Bulk edit" };
export const dynamic = "force-dynamic";

const TONE: Record<BulkView["state"], BadgeTone> = {
  queued: "info",
  running: "info",
  stalled: "warning",
  done: "success",
  failed: "danger",
};

function when(iso: string | null): string {
  return iso ? iso.replace("T", " ").slice(0, 19) + " UTC" : "—";
}

/**
 * Bulk edits of products through the store's async bulk API, tracked per row (packages/sync/src/bulk): upload a file, check the
 * preview, send; progress, per-row results and the failures as CSV. `npm run bulk` does the same from a shell.
 */
export default async function BulkEditPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { store, door } = await loadStore(id, "/bulk");
  const bulks = (await door.bulk.list(id)) ?? [];
  const running = bulks.some((b) => b.state === "queued" || b.state === "running" || b.state === "stalled");
  const base = `/stores/${encodeURIComponent(id)}/bulk`;
  return (
    <div className="stack">
      <StoreHeader
        store={store}
        section="products"
        title="Bulk edit"
        description="Prices, special prices, stock, status and visibility of many products at once."
      />
      <RefreshWhileRunning running={running} />
      <div className="card-grid">
        <Card title="Upload">
          <BulkForm installationId={id} />
        </Card>
        <Card title="From a shell">
          <p>The same, one result line per row:</p>
          <pre className="mono">
            <code>{`npm run --silent bulk -- --store ${id} prices.csv`}</code>
          </pre>
        </Card>
      </div>
      <Card title="Recent bulk edits">
        {bulks.length === 0 ? (
          <EmptyState title="No bulk edits yet">
            Upload a file above; it is sent in the background and followed row by row.
          </EmptyState>
        ) : (
          <Table
            caption="Bulk edits of this store, newest first"
            columns={[
              { key: "state", label: "State" },
              { key: "progress", label: "Progress" },
              { key: "started", label: "Started" },
              { key: "results", label: "Results" },
            ]}
          >
            {bulks.map((b) => (
              <tr key={b.id} data-testid="bulk-row" data-state={b.state}>
                <td>
                  <Badge tone={TONE[b.state]}>{b.state}</Badge>
                  {b.message ? <div className="muted">{b.message}</div> : null}
                </td>
                <td>
                  <progress max={100} value={b.percent} aria-label={`Bulk edit of ${b.total} rows: ${b.percent}%`}>
                    {b.percent}%
                  </progress>{" "}
                  <span data-testid="bulk-percent">{b.percent}%</span> · {b.complete.toLocaleString("en")} complete,{" "}
                  {b.notComplete.toLocaleString("en")} not, of {b.total.toLocaleString("en")}
                </td>
                <td className="mono">{when(b.createdAt)}</td>
                <td>
                  <a href={`${base}/${encodeURIComponent(b.id)}`}>Rows</a>
                  {b.notComplete > 0 && b.state === "done" ? (
                    <>
                      {" · "}
                      <a href={`${base}/${encodeURIComponent(b.id)}/failures`} download>
                        Failures CSV
                      </a>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
    </div>
  );
}
