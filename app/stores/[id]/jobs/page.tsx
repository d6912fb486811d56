import { notFound } from "next/navigation";
import { Alert, Badge, Button, Card, EmptyState, LinkButton, Table, type BadgeTone } from "@/app/components/ui";
import { StoreHeader } from "@/app/components/StoreHeader";
import type { JobView } from "@/lib/verbs";
import { loadStore } from "@/app/_kit";
import { retryJobAction } from "./actions";

export const metadata = { title: "Jobs" };
export const dynamic = "force-dynamic";

const TONE: Record<JobView["state"], BadgeTone> = {
  queued: "info",
  scheduled: "neutral",
  running: "info",
  retrying: "warning",
  done: "success",
  failed: "danger",
  cancelled: "neutral",
};

function when(iso: string | null): string {
  return iso ? iso.replace("T", " ").slice(0, 19) : "—";
}

/**
 * The store's background jobs (lib/jobs): callbacks recorded, token exchanges, health probes, exports. Queued,
 * running and failed with the reason; a failed job can be run again. The same as JSON: /api/stores/<id>/jobs.
 */
export default async function JobsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { store, door } = await loadStore(id, "/jobs");
  const view = await door.jobs.forStore(id);
  if (!view) notFound();
  const count = (s: JobView["state"]) => view.jobs.filter((j) => j.state === s).length;
  const summary = `${count("queued") + count("scheduled") + count("retrying")} waiting, ${count("running")} running, ${count("failed")} failed`;
  return (
    <div className="stack">
      <StoreHeader
        store={store}
        section="jobs"
        title="Jobs"
        description={summary}
        actions={
          <>
            <LinkButton href={`/stores/${encodeURIComponent(id)}/jobs`} variant="secondary">
              Refresh
            </LinkButton>
            <LinkButton href={`/api/stores/${encodeURIComponent(id)}/jobs`} variant="secondary">
              JSON
            </LinkButton>
          </>
        }
      />
      {view.lane.pausedUntil ? (
        <Alert tone="warning" title="This store asked the app to slow down">
          <p>
            No new job for this store starts before {when(view.lane.pausedUntil)} UTC: {view.lane.reason}. Jobs already
            queued run after that, signed again.
          </p>
        </Alert>
      ) : null}
      <Card title="Recent jobs">
        {view.jobs.length === 0 ? (
          <EmptyState title="No jobs yet">
            Activations, health probes and exports of this store show up here.
          </EmptyState>
        ) : (
          <Table
            caption="Background work for this store, newest first"
            captionNote="Each store runs at most a few jobs at once; the others wait their turn."
            columns={[
              { key: "job", label: "Job" },
              { key: "state", label: "State" },
              { key: "attempts", label: "Attempts", numeric: true },
              { key: "created", label: "Queued (UTC)" },
              { key: "started", label: "Started (UTC)" },
              { key: "finished", label: "Finished (UTC)" },
              { key: "reason", label: "Reason" },
              { key: "action", label: <span className="visually-hidden">Action</span> },
            ]}
          >
            {view.jobs.map((j) => (
              <tr key={j.id} data-testid="job-row" data-kind={j.kind} data-state={j.state}>
                <td>{j.label}</td>
                <td>
                  <Badge tone={TONE[j.state]}>{j.state}</Badge>
                  {j.runAfter && (j.state === "scheduled" || j.state === "retrying") ? (
                    <div className="muted">next: {when(j.runAfter)}</div>
                  ) : null}
                </td>
                <td className="num">
                  {j.attempts} / {j.maxAttempts}
                </td>
                <td className="mono">{when(j.createdAt)}</td>
                <td className="mono">{when(j.startedAt)}</td>
                <td className="mono">{when(j.finishedAt)}</td>
                <td>{j.error ?? ""}</td>
                <td>
                  {j.canRetry ? (
                    <form action={retryJobAction}>
                      <input type="hidden" name="installationId" value={id} />
                      <input type="hidden" name="jobId" value={j.id} />
                      <Button
                        type="submit"
                        variant="secondary"
                        aria-label={`Retry ${j.label.toLowerCase()} queued ${when(j.createdAt)}`}
                      >
                        Retry
                      </Button>
                    </form>
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
