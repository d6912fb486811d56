import { notFound } from "next/navigation";
import { Alert, Badge, Card, EmptyState, Table, type BadgeTone } from "@/app/components/ui";
import { StoreHeader } from "@/app/components/StoreHeader";
import { CopyField } from "@/app/components/CopyField";
import { AutoRefresh } from "@/app/components/AutoRefresh";
import type { DeliveryView } from "@/lib/verbs";
import { loadStore } from "@/app/_kit";
import { attempt } from "@/lib/dashboard";
import { setCommerceKeyAction, setIoClientIdAction, subscribeAction } from "./actions";
import { CommerceKeyForm, IoClientIdForm, ReplayButton, SubscribeForm, UnsubscribeButton } from "./EventForms";

export const metadata = { title: "Events" };
export const dynamic = "force-dynamic";

const TONE: Record<DeliveryView["outcome"], BadgeTone> = {
  queued: "info",
  duplicate: "neutral",
  handled: "success",
  answered: "success",
  failed: "danger",
  refused: "warning",
};

/** Deliveries arrive while the merchant watches (after a change in the store admin): the page refreshes itself. */
const REFRESH_SECONDS = 10;

const when = (d: Date) => d.toISOString().replace("T", " ").slice(0, 19);

function Deliveries({ id, rows, channel }: { id: string; rows: DeliveryView[]; channel: string }) {
  if (rows.length === 0)
    return (
      <EmptyState title="No deliveries yet">{`${channel} deliveries to this store's URL show up here.`}</EmptyState>
    );
  return (
    <Table
      caption={`Recent ${channel} deliveries, newest first`}
      condensed
      columns={[
        { key: "at", label: "Last (UTC)" },
        { key: "event", label: "Event" },
        { key: "outcome", label: "Outcome" },
        { key: "count", label: "Count", numeric: true },
        { key: "detail", label: "Detail" },
        { key: "action", label: <span className="visually-hidden">Action</span> },
      ]}
    >
      {rows.map((d) => (
        <tr key={d.id} data-testid="delivery-row" data-outcome={d.outcome}>
          <td className="mono" data-label="Last (UTC)">
            {when(d.lastAt)}
          </td>
          <td className="mono" data-label="Event">
            {d.eventName ?? "—"}
          </td>
          <td data-label="Outcome">
            <Badge tone={TONE[d.outcome]}>{d.outcome}</Badge>
          </td>
          <td className="num" data-label="Count">
            {d.count}
          </td>
          <td data-label="Detail">{d.detail ?? ""}</td>
          <td data-label="">
            {d.replayable ? (
              <ReplayButton
                installationId={id}
                deliveryId={d.id}
                label={`Replay ${d.eventName ?? "delivery"} of ${when(d.lastAt)}`}
              />
            ) : null}
          </td>
        </tr>
      ))}
    </Table>
  );
}

/**
 * Store events pushed by Adobe Commerce (docs/store-events.md): the intake URLs and what to paste where in the
 * store's admin, the key in use, the store's webhook subscriptions, and recent deliveries of both channels.
 */
export default async function EventsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { store, client, door } = await loadStore(id, "/events");
  const view = await door.events.pageFor(id);
  if (!view) notFound();
  const subs = await attempt(async () => door.events.subscriptions.list(client()));
  const subscriptions = subs.ok ? subs.value : null;
  // the store answered that it runs Magento Open Source: no webhooks, no I/O Events, nothing to subscribe
  const openSource = subscriptions && !subscriptions.ok && subscriptions.openSource ? subscriptions.advice : null;
  return (
    <div className="stack">
      <StoreHeader
        store={store}
        section="events"
        title="Events"
        description="Changes pushed by the store, verified and handled in seconds. Polling stays the safety net."
        actions={<AutoRefresh everySeconds={REFRESH_SECONDS} renderedAt={new Date().toISOString()} />}
      />
      {openSource ? (
        <Alert tone="info" title={openSource.title}>
          <p data-testid="open-source-no-events">{openSource.fix}</p>
        </Alert>
      ) : (
        <Alert tone="info" title="Adobe Commerce only">
          <p>
            Webhooks and I/O Events are Adobe Commerce modules. Magento Open Source has neither: the app keeps such a
            store in step by polling.
          </p>
        </Alert>
      )}
      {view.storage.refused ? (
        <Alert tone="warning" title="Some deliveries were not kept: no room left">
          <p data-testid="events-over-budget">{view.storage.refused.message}</p>
        </Alert>
      ) : null}
      <p className="muted" data-testid="events-stored">
        Deliveries kept: {view.storage.usage}. They are deleted a week after they were last seen.
      </p>
      {view.keyMismatch ? (
        <Alert tone="warning" title={view.keyMismatch.title}>
          <p>{view.keyMismatch.fix}</p>
        </Alert>
      ) : null}
      <Card title="Commerce webhooks">
        <ol className="steps">
          <li>
            In the store admin open <strong>Stores › Settings › Configuration › Adobe Services › Webhooks</strong>,
            enable the digital signature and click <strong>Regenerate key pair</strong>. Paste the public key below.
          </li>
          <li>
            Add webhooks in <strong>System › Webhooks</strong> (or subscribe below) with this URL:
            <CopyField label="Commerce webhook URL" value={view.commerceWebhookUrl} testId="commerce-webhook-url" />
          </li>
        </ol>
        <p>
          Key in use:{" "}
          {view.commerceKeyFingerprint ? (
            <code className="mono" data-testid="key-fingerprint">
              {view.commerceKeyFingerprint}
            </code>
          ) : (
            <strong>none yet: every webhook is refused</strong>
          )}
        </p>
        <CommerceKeyForm action={setCommerceKeyAction.bind(null, id)} />
        <h3>Decision hooks</h3>
        {view.decisionHooks.length === 0 ? (
          <p className="muted">
            None declared: every webhook is a notification, answered success at once and handled in the background.
          </p>
        ) : (
          <ul>
            {view.decisionHooks.map((h) => (
              <li key={h.eventName}>
                <code className="mono">{h.eventName}</code>: answered inline within {h.budgetMs} ms, fails {h.failure}
              </li>
            ))}
          </ul>
        )}
        <h3>Subscriptions in the store</h3>
        {subscriptions === null ? (
          <p className="muted">
            The store's subscriptions cannot be read: {subs.ok ? "" : `${subs.error.title}. ${subs.error.advice}`}
          </p>
        ) : openSource ? (
          <p className="muted">None: the store has no webhooks module.</p>
        ) : !subscriptions.ok ? (
          <Alert tone="warning" title={subscriptions.advice.title}>
            <p>{subscriptions.advice.fix}</p>
          </Alert>
        ) : subscriptions.value.length === 0 ? (
          <p className="muted">No webhooks subscribed in the store.</p>
        ) : (
          <Table
            caption="Webhooks the store calls"
            condensed
            columns={[
              { key: "method", label: "Webhook method" },
              { key: "type", label: "Type" },
              { key: "url", label: "URL" },
              { key: "action", label: <span className="visually-hidden">Action</span> },
            ]}
          >
            {subscriptions.value.map((h) => (
              <tr key={`${h.webhook_method}|${h.webhook_type}|${h.hook_name}`}>
                <td className="mono" data-label="Webhook method">
                  {h.webhook_method}
                </td>
                <td data-label="Type">{h.webhook_type}</td>
                <td className="mono" data-label="URL">
                  {h.url === view.commerceWebhookUrl ? "this app" : h.url}
                </td>
                <td data-label="">
                  {h.url === view.commerceWebhookUrl ? (
                    <UnsubscribeButton
                      installationId={id}
                      webhookMethod={h.webhook_method}
                      webhookType={h.webhook_type}
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </Table>
        )}
        {subscriptions?.ok ? <SubscribeForm action={subscribeAction.bind(null, id)} /> : null}
        <h3>Recent deliveries</h3>
        <Deliveries id={id} rows={view.recent.commerce} channel="Commerce webhook" />
      </Card>
      <Card title="Adobe I/O Events">
        <ol className="steps">
          <li>
            In the Adobe Developer Console project the store sends events to, add a <strong>Webhook</strong>{" "}
            registration with this URL (Adobe checks it with a challenge, answered automatically):
            <CopyField label="I/O Events URL" value={view.ioEventsUrl} testId="io-events-url" />
          </li>
          <li>Paste the project's client id below: events meant for another registration are refused.</li>
        </ol>
        <IoClientIdForm action={setIoClientIdAction.bind(null, id)} current={view.ioClientId} />
        <h3>Recent deliveries</h3>
        <Deliveries id={id} rows={view.recent.io} channel="I/O Events" />
      </Card>
    </div>
  );
}
