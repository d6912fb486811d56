import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Alert, Button, Card, PageHeader } from "@/app/components/ui";
import { door, requireUser } from "@/app/_kit";
import { removeStoreAction } from "./actions";

export const metadata: Metadata = { title: "Remove store" };
export const dynamic = "force-dynamic";

const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The Remove store confirmation: says exactly what is deleted (and what is not) before anything is. */
export default async function RemoveStorePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUser(`/stores/${encodeURIComponent(id)}/remove`);
  const p = await (await door(user)).stores.removalPreview(id);
  if (!p) notFound();
  const name = p.label ?? p.host;
  const base = `/stores/${encodeURIComponent(id)}`;
  return (
    <div className="stack narrow-page">
      <PageHeader
        title={`Remove ${name}?`}
        breadcrumbs={[{ href: "/stores", label: "Stores" }, { href: base, label: name }, { label: "Remove" }]}
      />
      <Card title="This deletes, in this app">
        <ul className="stack" data-testid="removal-list">
          <li>
            {p.hasAccessToken
              ? "The store's credentials: consumer key and secret, access token and secret (stored encrypted)"
              : "The store's consumer key and secret (no access token was stored)"}
          </li>
          <li>
            {n(p.activations, "activation", "activations")} and {n(p.events, "event", "events")} of history (the
            Diagnostics page)
          </li>
          <li>
            The link of {n(p.linkedAccounts, "account", "accounts")} to this store
            {p.pendingRequests > 0
              ? `, and ${n(p.pendingRequests, "pending link request", "pending link requests")}`
              : ""}
          </li>
          {p.bulkSubmissions > 0 ? (
            <li data-testid="removal-bulk">
              {n(p.bulkSubmissions, "bulk edit", "bulk edits")}: {n(p.bulkOperations, "operation", "operations")} sent
              to the store, with each row&apos;s result (the Bulk edit page)
            </li>
          ) : null}
          {p.eventDeliveries > 0 ? (
            <li data-testid="removal-deliveries">
              {n(p.eventDeliveries, "store event delivery", "store event deliveries")} received from the store (the
              Events page)
            </li>
          ) : null}
        </ul>
      </Card>
      <Alert tone="info" title="Nothing in the store itself changes">
        <p>
          The integration stays in the store&apos;s admin at <span className="mono">{p.baseUrl}</span>, with its
          products, orders and customers untouched. Delete the integration there (System › Extensions › Integrations) if
          it should stop existing. The consumer key is released: the next activation posted for it links afresh.
        </p>
      </Alert>
      <form action={removeStoreAction.bind(null, id)} className="form-actions">
        <input type="hidden" name="confirm" value="remove" />
        <Button type="submit" variant="danger">
          Remove {p.host} from the app
        </Button>
        <Link href={base}>Keep it</Link>
      </form>
    </div>
  );
}
