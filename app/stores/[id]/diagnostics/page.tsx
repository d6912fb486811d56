import { notFound } from "next/navigation";
import Link from "next/link";
import { Card, LinkButton, StateBadge, Table } from "@/app/components/ui";
import { StoreHeader } from "@/app/components/StoreHeader";
import { door, requireUser } from "@/app/_kit";
import {
  CALLBACK_TIMEOUT_MS,
  CONSUMER_EXPIRY_MS,
  FAILURE_REASONS,
  RESOURCE_PROBES,
} from "@magento-integration/handshake";
import { ADMIN_SIDE_PROBLEMS, STORE_ADVICE } from "@magento-integration/client";
import { allStateViews, checkedAgo, RESOURCE_TITLES } from "@/lib/dashboard";
import { ProbeButton } from "./ProbeButton";
import { AdminOriginForm } from "./AdminOriginForm";
import { LabelForm } from "./LabelForm";
import { AccessCheckButton } from "./AccessCheckButton";
import { setAdminOriginAction, setStoreLabelAction } from "./actions";

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
  const d = await (await door(user)).stores.diagnostics(id);
  if (!d) notFound();
  const checks = new Map((await (await door(user)).stores.resourceChecks(d.id)).map((c) => [c.resource, c]));
  const lastLooked =
    [d.lastCheckedAt, d.lastSuccessAt]
      .filter((x): x is Date => x !== null)
      .sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
  return (
    <div className="stack">
      <StoreHeader
        store={{
          installationId: d.id,
          baseUrl: d.store.baseUrl,
          name: d.store.name,
          label: d.label,
          state: d.state,
          failureReason: d.failureReason,
        }}
        section="diagnostics"
        title="Diagnostics"
        description={<span className="mono">{d.store.baseUrl}</span>}
      />
      <div className="card-grid">
        <Card title="Installation">
          <dl className="facts">
            <dt>State</dt>
            <dd>
              <StateBadge state={d.state} failureReason={d.failureReason} />{" "}
              <span className="muted mono" data-testid="diag-state">
                {d.state}
              </span>{" "}
              <span className="muted">({checkedAgo(lastLooked, new Date())})</span>
            </dd>
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
          <AdminOriginForm action={setAdminOriginAction.bind(null, d.id)} current={d.adminOrigin} />
        </Card>
        <Card title="Integration">
          <LabelForm action={setStoreLabelAction.bind(null, d.id)} current={d.label} />
          <h3 className="card__subtitle">Granted resources</h3>
          <p className="muted">
            Magento does not tell the app which resources the merchant granted. The app finds out by making one signed
            read per resource: 200 means granted, 401 “isn&apos;t authorized” means not granted.
          </p>
          <table className="mini-table">
            <caption className="visually-hidden">Granted resources as the store last answered</caption>
            <thead>
              <tr>
                <th scope="col">Resource</th>
                <th scope="col">Checked with</th>
                <th scope="col">Answer</th>
              </tr>
            </thead>
            <tbody>
              {RESOURCE_PROBES.map((p) => {
                const c = checks.get(p.resource);
                return (
                  <tr key={p.resource} data-resource={p.resource}>
                    <td>
                      {RESOURCE_TITLES[p.resource] ?? p.resource}
                      <div className="muted mono">{p.resource}</div>
                    </td>
                    <td className="mono">{p.operation}</td>
                    <td data-testid={`granted-${p.resource}`}>
                      {c ? (c.granted ? "granted" : "not granted") : "not checked yet"}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <AccessCheckButton installationId={d.id} />
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
          {[
            ...FAILURE_REASONS.map((r) => ({ title: STORE_ADVICE[r].title, fix: STORE_ADVICE[r].fix })),
            ...ADMIN_SIDE_PROBLEMS.map((p) => ({ title: p.message, fix: p.fix })),
          ].map((f) => (
            <li key={f.title}>
              <strong>{f.title}</strong>
              <br />
              <span className="muted">{f.fix}</span>
            </li>
          ))}
        </ul>
      </details>
      <details className="card">
        <summary>What each state means</summary>
        <ul className="stack">
          {allStateViews().map((v) => (
            <li key={v.key}>
              <strong>{v.label}</strong>: {v.title}.{" "}
              <span className="muted">{v.action.kind === "none" ? "" : v.action.text}</span>
            </li>
          ))}
        </ul>
      </details>
      <Card title="Remove this store from the app">
        <p>
          Deletes the app&apos;s copy of this store: its encrypted credentials, its history and every account&apos;s
          link to it. Nothing in the store itself changes.{" "}
          <Link href={`/stores/${encodeURIComponent(d.id)}/remove`}>What exactly is deleted</Link>
        </p>
        <LinkButton href={`/stores/${encodeURIComponent(d.id)}/remove`} variant="danger">
          Remove store…
        </LinkButton>
      </Card>
    </div>
  );
}
