import { Badge, Card, EmptyState, Table, type BadgeTone } from "@/app/components/ui";
import { StoreHeader } from "@/app/components/StoreHeader";
import type { ExportView } from "@/lib/verbs";
import { ENTITIES, ENTITY_NAMES, entityChoices } from "@/lib/exports";
import { describeStoreState } from "@/lib/dashboard";
import { loadStore } from "@/app/_kit";
import { ExportForm } from "./ExportForm";
import { RefreshWhileRunning } from "./RefreshWhileRunning";

export const metadata = { title: "Export" };
export const dynamic = "force-dynamic";

const TONE: Record<ExportView["state"], BadgeTone> = {
  queued: "info",
  running: "info",
  done: "success",
  failed: "danger",
};

function capitalised(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function when(iso: string | null): string {
  return iso ? iso.replace("T", " ").slice(0, 19) + " UTC" : "—";
}

/**
 * Exports of the store's lists (the grids that declare `export`: products, orders, customers) as NDJSON, run as jobs (lib/jobs/kinds/export.ts):
 * started here, progress shown while it runs, downloaded when done. `npm run export` does the same from a shell.
 */
export default async function ExportPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { store, door } = await loadStore(id, "/export");
  const exports = (await door.exports.list(id)) ?? [];
  const running = exports.some((e) => e.state === "queued" || e.state === "running");
  const callable = describeStoreState(store).key === "active";
  return (
    <div className="stack">
      <StoreHeader
        store={store}
        section="export"
        title="Export"
        description={`${capitalised(entityChoices())} as NDJSON (one JSON object per line).`}
      />
      <RefreshWhileRunning running={running} />
      {callable ? (
        <div className="card-grid">
          <Card title="New export">
            <ExportForm
              installationId={id}
              entities={ENTITY_NAMES.map((name) => ({ value: name, label: ENTITIES[name]!.label }))}
            />
          </Card>
          <Card title="From a shell">
            <p>The same export, streamed to a file with a progress bar:</p>
            <pre className="mono">
              <code>{`npm run --silent export -- --store ${id} products > products.ndjson`}</code>
            </pre>
          </Card>
        </div>
      ) : (
        // the banner above says what happened and the one thing to do: no form here that could only fail
        <p className="muted" data-testid="export-unavailable">
          No new export while the store refuses the app (see above). Finished exports below can still be downloaded.
        </p>
      )}
      <Card title="Recent exports">
        {exports.length === 0 ? (
          <EmptyState title="No exports yet">
            {callable
              ? "Start one above; it runs in the background and can be downloaded here when done."
              : "Nothing was exported from this store."}
          </EmptyState>
        ) : (
          <Table
            caption="Exports of this store, newest first (kept for 7 days)"
            columns={[
              { key: "what", label: "What" },
              { key: "state", label: "State" },
              { key: "progress", label: "Progress" },
              { key: "started", label: "Started" },
              { key: "finished", label: "Finished" },
              { key: "file", label: "File" },
            ]}
          >
            {exports.map((e) => (
              <tr key={e.id} data-testid="export-row" data-state={e.state}>
                <td>
                  {e.entity}
                  <div className="muted mono">{e.fields}</div>
                </td>
                <td>
                  <Badge tone={TONE[e.state]}>{e.state}</Badge>
                  {e.error ? <div className="muted">{e.error}</div> : null}
                </td>
                <td>
                  {e.percent !== null ? (
                    <progress max={100} value={e.percent} aria-label={`Export ${e.entity}: ${e.percent}%`}>
                      {e.percent}%
                    </progress>
                  ) : null}{" "}
                  {e.rows.toLocaleString("en")} {e.total !== null ? `of ${e.total.toLocaleString("en")}` : ""} rows
                </td>
                <td className="mono">{when(e.createdAt)}</td>
                <td className="mono">{when(e.finishedAt)}</td>
                <td>
                  {e.state === "done" ? (
                    <a href={`/stores/${encodeURIComponent(id)}/export/${encodeURIComponent(e.id)}/download`} download>
                      Download {e.entity}.ndjson
                    </a>
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
    </div>
  );
}
