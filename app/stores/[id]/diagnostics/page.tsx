import { notFound } from "next/navigation";
import { Alert, Button, Card, Table } from "@/app/components/ui";
import { StoreHeader } from "@/app/components/StoreHeader";
import { getDiagnostics, requireUser } from "@/lib/kit";
import { ADMIN_SIDE_PROBLEMS, FAILURE_FIXES, type FailureReason } from "@/lib/integration/failure-reasons";
import { CALLBACK_TIMEOUT_MS, CONSUMER_EXPIRY_MS } from "@/lib/integration/exchange";
import { ProbeButton } from "./ProbeButton";
import { AdminOriginForm } from "./AdminOriginForm";
import { removeInstallationAction } from "../_components/link-request-actions";

export const metadata = { title: "Diagnostics" };
export const dynamic = "force-dynamic";

function iso(d: Date | null | undefined): string {
  return d ? d.toISOString().replace("T", " ").slice(0, 23) + " UTC" : "—";
}

function after(from: Date, to: Date | null | undefined, limitMs?: number): string {
  if (!to) return "";
  const ms = to.getTime() - from.getTime();
  const s = `+${(ms / 1000).toFixed(2)} s`;
  return limitMs !== undefined && ms > limitMs ? `${s} (over the ${limitMs / 1000} s window)` : s;
}

function answered(ms: number | null): string {
  if (ms === null) return "—";
  return ms > CALLBACK_TIMEOUT_MS ? `${ms} ms (over the store's ${CALLBACK_TIMEOUT_MS / 1000} s wait)` : `${ms} ms`;
}

const FAMILY: Record<string, string> = {
  standard: "standard (families A/B: Magento 2.4.0–2.4.5, or plain requests on any version)",
  C: "C (2.4.6–2.4.7: reserved escapes decoded in the path)",
  D: "D (likely 2.4.8: values encoded twice)",
  E: "E (later versions: byte-order sort, Host as sent)",
};

export default async function DiagnosticsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUser(`/stores/${encodeURIComponent(id)}/diagnostics`);
  const d = await getDiagnostics(id, user.id);
  if (!d) notFound();
  const reason = d.failureReason as FailureReason | null;
  const fix = reason ? (FAILURE_FIXES[reason] ?? FAILURE_FIXES.other) : null;
  return (
    <div className="stack">
      <StoreHeader
        store={{ installationId: d.id, baseUrl: d.store.baseUrl, name: d.store.name, state: d.state, failureReason: d.failureReason }}
        section="diagnostics"
        title="Diagnostics"
        description={<span className="mono">{d.store.baseUrl}</span>}
      />
      {fix ? (
        <Alert tone={d.state === "active" ? "warning" : "error"} title={fix.title}>
          <p>{fix.fix}</p>
        </Alert>
      ) : null}
      <div className="card-grid">
        <Card title="Installation">
          <dl className="facts">
            <dt>State</dt>
            <dd data-testid="diag-state">{d.state}</dd>
            <dt>Linked by</dt>
            <dd>{d.mode === "manual" ? "pasted tokens (manual mode)" : "Activate (callback + identity link)"}</dd>
            <dt>Consumer key</dt>
            <dd className="mono">{d.consumerKey}</dd>
            <dt>Access token</dt>
            <dd>{d.hasAccessToken ? "stored (encrypted)" : "none yet"}</dd>
            <dt>Activated</dt>
            <dd>{iso(d.activatedAt)}</dd>
            <dt>Last successful call</dt>
            <dd>{iso(d.lastSuccessAt)}</dd>
            <dt>Last checked</dt>
            <dd>{iso(d.lastCheckedAt)}</dd>
          </dl>
        </Card>
        <Card title="Signing">
          <dl className="facts">
            <dt>Signature method</dt>
            <dd className="mono">{d.store.signatureMethod}</dd>
            <dt>Signature family</dt>
            <dd>{FAMILY[d.store.signatureMode] ?? d.store.signatureMode}</dd>
            <dt>Admin origin</dt>
            <dd className="mono">{d.adminOrigin ?? "same as the store"}</dd>
          </dl>
          <ProbeButton installationId={d.id} />
          <AdminOriginForm installationId={d.id} current={d.adminOrigin} />
        </Card>
      </div>
      <Card title="Activations">
        {d.activations.length === 0 ? (
          <p className="muted">No activation callback (tokens were pasted).</p>
        ) : (
          <Table
            caption="Each Activate / Reauthorize, against the store's windows"
            captionNote={`The store waits ${CALLBACK_TIMEOUT_MS / 1000} s for the callback answer; the request token must be fetched within ${CONSUMER_EXPIRY_MS / 1000} s.`}
            columns={[
              { key: "seq", label: "#" },
              { key: "state", label: "Result" },
              { key: "cb", label: "Callback received" },
              { key: "ans", label: "Answered in" },
              { key: "start", label: "Exchange started" },
              { key: "req", label: "Request token" },
              { key: "acc", label: "Access token" },
              { key: "user", label: "Linked account" },
            ]}
          >
            {d.activations.map((a) => (
              <tr key={a.id}>
                <td>{a.seq}</td>
                <td>
                  {a.state}
                  {a.failureReason ? <div className="muted">{a.failureReason.replace(/_/g, " ")}</div> : null}
                </td>
                <td>{iso(a.callbackAt)}</td>
                <td>{answered(a.answeredMs)}</td>
                <td>{after(a.callbackAt, a.exchangeStartedAt)}</td>
                <td>{after(a.callbackAt, a.requestTokenAt, CONSUMER_EXPIRY_MS)}</td>
                <td>{after(a.callbackAt, a.accessTokenAt)}</td>
                <td>{a.claimedByUserId ? (a.claimedByUserId === user.id ? "you" : "another account") : "—"}</td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
      <Card title="Events">
        <Table
          caption="Handshake steps, calls and failures (newest first)"
          columns={[
            { key: "at", label: "When" },
            { key: "kind", label: "Event" },
            { key: "msg", label: "What happened" },
            { key: "store", label: "Store's message" },
          ]}
        >
          {d.events.map((e) => (
            <tr key={e.id}>
              <td className="mono">{iso(e.at)}</td>
              <td>{e.kind.replace(/_/g, " ")}</td>
              <td>
                {e.message}
                {e.count > 1 ? <span className="muted"> ({e.count} times)</span> : null}
              </td>
              <td className="mono">{e.storeMessage ?? ""}</td>
            </tr>
          ))}
        </Table>
      </Card>
      <details className="card">
        <summary>Known problems and their fixes</summary>
        <ul className="stack">
          {[...Object.values(FAILURE_FIXES).map((f) => ({ title: f.title, fix: f.fix })), ...ADMIN_SIDE_PROBLEMS.map((p) => ({ title: p.message, fix: p.fix }))].map((f) => (
            <li key={f.title}>
              <strong>{f.title}</strong>
              <br />
              <span className="muted">{f.fix}</span>
            </li>
          ))}
        </ul>
      </details>
      <Card title="Remove this store from the app">
        <p>
          Deletes this installation&apos;s credentials, history and every account&apos;s link to it, and releases its consumer
          key: the next activation from any store binds the key afresh. Use it when the store moved to another address.
        </p>
        <form action={removeInstallationAction}>
          <input type="hidden" name="installationId" value={d.id} />
          <Button type="submit" variant="danger">
            Remove this store
          </Button>
        </form>
      </Card>
    </div>
  );
}
