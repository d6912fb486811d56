import { notFound } from "next/navigation";
import { Alert, Badge, Button, Card, EmptyState, Table } from "@/app/components/ui";
import { StoreHeader } from "@/app/components/StoreHeader";
import { syncErrorView, syncStateOf } from "@magento-integration/sync";
import { loadStore } from "@/app/_kit";
import { syncAction } from "./actions";
import { DayChart } from "./DayChart";

export const metadata = { title: "Sync" };
export const dynamic = "force-dynamic";

const when = (d: Date | null | undefined): string => (d ? d.toISOString().replace("T", " ").slice(0, 19) : "—");

function lag(seconds: number | null): string {
  if (seconds === null) return "—";
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

function ActionButton({
  id,
  action,
  entity,
  label,
  name,
}: {
  id: string;
  action: string;
  entity?: string;
  label: string;
  name: string;
}) {
  return (
    <form action={syncAction} className="inline-form">
      <input type="hidden" name="installationId" value={id} />
      <input type="hidden" name="action" value={action} />
      {entity ? <input type="hidden" name="entity" value={entity} /> : null}
      <Button type="submit" variant="secondary" size="small" aria-label={name}>
        {label}
      </Button>
    </form>
  );
}

/**
 * The store's delta sync (packages/sync/src/sync, docs/sync.md): per entity its state, last pass and sweep, lag behind the store's
 * clock, records in the mirror and errors in the advice table's words; changes delivered and parked over the last
 * day; parked changes with Retry; Pause / Resume / Sync now / Resync from scratch.
 */
export default async function SyncPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { store, door } = await loadStore(id, "/sync");
  const [status, day, parked] = await Promise.all([door.sync.status(id), door.sync.lastDay(id), door.sync.parked(id)]);
  if (!status || !day || !parked) notFound();
  const errors = status.flatMap((s) => {
    const v = syncErrorView(s.cursor?.errorCode ?? null, s.cursor?.error ?? null);
    return v ? [{ entity: s.label, at: s.cursor?.errorAt ?? null, ...v }] : [];
  });
  return (
    <div className="stack">
      <StoreHeader
        store={store}
        section="sync"
        title="Sync"
        description="What changed in this store reaches the app's sync handlers: a delta pass on updated_at, and a sweep that catches what updated_at misses."
        actions={
          <>
            <ActionButton id={id} action="now" label="Sync all now" name="Sync every entity now" />
            <ActionButton id={id} action="pause" label="Pause all" name="Pause every entity" />
            <ActionButton id={id} action="resume" label="Resume all" name="Resume every entity" />
          </>
        }
      />
      {errors.map((e) => (
        <Alert key={e.entity} tone="error" title={`${e.entity}: ${e.title}`}>
          <p>{e.fix}</p>
          <p className="muted">
            {e.message} ({when(e.at)} UTC)
          </p>
        </Alert>
      ))}
      <Card title="Entities">
        <Table
          caption="Synced entities of this store"
          captionNote="Lag: how far the mirror is behind the store's clock. Stock has no updated_at to poll: it is swept."
          columns={[
            { key: "entity", label: "Entity" },
            { key: "state", label: "State" },
            { key: "pass", label: "Last pass (UTC)" },
            { key: "sweep", label: "Last sweep (UTC)" },
            { key: "lag", label: "Lag", numeric: true },
            { key: "mirror", label: "Records", numeric: true },
            { key: "actions", label: <span className="visually-hidden">Actions</span> },
          ]}
        >
          {status.map((s) => {
            const st = syncStateOf(s.cursor);
            return (
              <tr key={s.entity} data-testid="sync-row" data-entity={s.entity}>
                <td>{s.label}</td>
                <td>
                  <Badge tone={st.tone}>{st.label}</Badge>
                </td>
                <td className="mono">{when(s.cursor?.lastPassAt)}</td>
                <td className="mono">{when(s.cursor?.lastSweepAt)}</td>
                <td className="num">{lag(s.lagSeconds)}</td>
                <td className="num">{s.mirrored}</td>
                <td>
                  <div className="form-actions">
                    <ActionButton
                      id={id}
                      action="now"
                      entity={s.entity}
                      label="Sync now"
                      name={`Sync ${s.label.toLowerCase()} now`}
                    />
                    <ActionButton
                      id={id}
                      action={s.cursor?.paused ? "resume" : "pause"}
                      entity={s.entity}
                      label={s.cursor?.paused ? "Resume" : "Pause"}
                      name={`${s.cursor?.paused ? "Resume" : "Pause"} ${s.label.toLowerCase()}`}
                    />
                    <ActionButton
                      id={id}
                      action="resync"
                      entity={s.entity}
                      label="Resync from scratch"
                      name={`Resync ${s.label.toLowerCase()} from scratch`}
                    />
                  </div>
                </td>
              </tr>
            );
          })}
        </Table>
      </Card>
      <Card title="Delivered and parked">
        <DayChart hours={day.map((h) => ({ hour: h.hour.toISOString(), delivered: h.delivered, parked: h.parked }))} />
      </Card>
      <Card title="Parked changes">
        {parked.length === 0 ? (
          <EmptyState title="Nothing parked">
            A change the handlers keep refusing (5 tries) waits here; the rest of the sync goes on.
          </EmptyState>
        ) : (
          <Table
            caption="Changes the handlers refused 5 times"
            columns={[
              { key: "entity", label: "Entity" },
              { key: "record", label: "Record" },
              { key: "op", label: "Change" },
              { key: "error", label: "Last error" },
              { key: "action", label: <span className="visually-hidden">Action</span> },
            ]}
          >
            {parked.map((c) => (
              <tr key={c.id}>
                <td>{c.entity}</td>
                <td className="mono">{c.identity}</td>
                <td>{c.operation}</td>
                <td>{c.error ?? ""}</td>
                <td>
                  <form action={syncAction}>
                    <input type="hidden" name="installationId" value={id} />
                    <input type="hidden" name="action" value="retry" />
                    <input type="hidden" name="changeId" value={c.id} />
                    <Button
                      type="submit"
                      variant="secondary"
                      size="small"
                      aria-label={`Retry ${c.entity} ${c.identity}`}
                    >
                      Retry
                    </Button>
                  </form>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
    </div>
  );
}
