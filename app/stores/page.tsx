import Link from "next/link";
import { Alert, Button, Card, EmptyState, LinkButton, PageHeader, StateBadge } from "@/app/components/ui";
import { CopyField } from "@/app/components/CopyField";
import { door, requireUser } from "@/app/_kit";
import { checkedAgo, describeStoreState, formatDateTime } from "@/lib/dashboard";
import { RefreshStaleStates } from "./RefreshStaleStates";
import { LABEL_FORM_ID } from "./[id]/diagnostics/label-form-id";
import { acceptLinkOfferAction } from "./link-offer-actions";

export const metadata = { title: "Stores" };
export const dynamic = "force-dynamic";

type Search = Record<string, string | string[] | undefined>;

/**
 * The user's stores, each with its state in the state table's words, when that state was last checked, and the
 * one thing to do. Offers to finish a link this browser started in the identity popup and left undone.
 */
export default async function StoresPage({ searchParams }: { searchParams: Promise<Search> }) {
  const user = await requireUser("/stores");
  const sp = await searchParams;
  const you = await door(user);
  const [stores, offer] = await Promise.all([you.stores.list(), you.identity.linkOffer()]);
  const { callbackUrl, identityUrl } = you.handshake.urls();
  const now = new Date();
  return (
    <div className="stack">
      <PageHeader
        title="Stores"
        description="Magento stores linked to your account."
        actions={<LinkButton href="/stores/manual">Add a store with tokens</LinkButton>}
      />
      {/* a fixed sentence: the address never puts words of its own on the page */}
      {sp.removed === "1" ? (
        <Alert tone="success" title="The store was removed from the app">
          Nothing in the store itself was changed.
        </Alert>
      ) : null}
      {sp.offer === "requested" ? (
        <Alert tone="info" title="Link requested">
          A person already linked to that store must approve your account; it appears here once they do.
        </Alert>
      ) : null}
      {sp.offer === "verify" ? (
        <Alert tone="info" title="Check your email">
          To ask the people already linked to that store, open the link we mailed to your address and confirm: your
          request is filed, and they see it, only then.
        </Alert>
      ) : null}
      {sp.offer === "gone" ? (
        <Alert tone="warning" title="That activation can no longer be linked from here">
          Click Reauthorize on the integration in the store admin and complete the popup.
        </Alert>
      ) : null}
      {offer ? (
        <section className="card card--offer" aria-labelledby="offer-title" data-testid="link-offer">
          <h2 id="offer-title">
            Link <span className="mono">{offer.host}</span>?
          </h2>
          <p>
            This browser opened the activation popup of the store at <strong className="mono">{offer.baseUrl}</strong>
            {offer.storeName ? ` (${offer.storeName})` : ""} a few minutes ago, and the link was not finished. The store
            already shows the integration as Active.{" "}
            {offer.kind === "link"
              ? "Link it to your account to work with its data here."
              : "Other accounts are linked to it already: one of them must approve your request."}
          </p>
          <p className="muted">
            Continue only if this is your store and you just clicked Activate or Reauthorize in its admin.
          </p>
          <form action={acceptLinkOfferAction} className="form-actions">
            <input type="hidden" name="activation" value={offer.activationId} />
            <Button type="submit">
              {offer.kind === "link" ? `Link ${offer.host}` : `Ask to be linked to ${offer.host}`}
            </Button>
          </form>
        </section>
      ) : null}
      {stores.length === 0 ? (
        <EmptyState title="No stores yet">
          <p>
            In your Magento admin add an integration with these two addresses, then Save &amp; Activate. If you already
            did and the store shows Active, click <strong>Reauthorize</strong> there and sign in inside the popup.
          </p>
        </EmptyState>
      ) : (
        <>
          <RefreshStaleStates />
          <ul className="store-list" aria-label="Your stores">
            {stores.map((s) => {
              const v = describeStoreState(s);
              const host = new URL(s.baseUrl).host;
              const base = `/stores/${encodeURIComponent(s.installationId)}`;
              const checked =
                [s.lastCheckedAt, s.lastSuccessAt]
                  .filter((x): x is Date => x !== null)
                  .sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
              return (
                <li
                  key={s.installationId}
                  className="store-row card"
                  data-installation={s.installationId}
                  data-state={v.key}
                >
                  <div className="store-row__main">
                    <h2 className="store-row__title">
                      <Link href={base}>{s.label ?? host}</Link>{" "}
                      <StateBadge state={s.state} failureReason={s.failureReason} />
                    </h2>
                    <p className="muted mono store-row__url">{s.baseUrl}</p>
                    <p className="muted">
                      {s.mode === "manual" ? "Pasted tokens" : "Activated"} {formatDateTime(s.activatedAt)} · key{" "}
                      <span className="mono">{s.consumerKey.slice(0, 8)}…</span>
                      {s.name ? ` · ${s.name}` : ""}
                    </p>
                    <p className="store-row__state">
                      <span data-testid="state-title">{v.title}</span>{" "}
                      <span className="muted">({checkedAgo(checked, now)})</span>
                    </p>
                    {v.action.kind !== "none" ? <p className="store-row__action">{v.action.text}</p> : null}
                  </div>
                  <div className="store-row__links">
                    {s.label ? null : (
                      // Magento never sends the integration's name: a store known only by its host is offered one
                      <Link href={`${base}/diagnostics#${LABEL_FORM_ID}`} aria-label={`Name it: ${host}`}>
                        Name it
                      </Link>
                    )}
                    <Link href={`${base}/diagnostics`}>Diagnostics</Link>
                    <Link href={`${base}/remove`}>Remove…</Link>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <Card title={stores.length === 0 ? "Connect a store" : "Connect another store"}>
        <dl className="facts facts--stacked">
          <dt>Callback URL</dt>
          <dd>
            <CopyField label="Callback URL" value={callbackUrl} />
          </dd>
          <dt>Identity link URL</dt>
          <dd>
            <CopyField label="Identity link URL" value={identityUrl} />
          </dd>
        </dl>
      </Card>
    </div>
  );
}
