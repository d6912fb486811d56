import Link from "next/link";
import { redirect } from "next/navigation";
import { Alert, Button, Card, PageHeader } from "@/app/components/ui";
import { door, getCurrentUser } from "@/app/_kit";
import { describeStoreState, formatDateTime } from "@/lib/dashboard";
import { STORE_ADVICE } from "@magento-integration/client";
import { identityLinkPath, NOT_FILED_REASONS } from "@magento-integration/handshake";
import { AutoRefresh } from "./AutoRefresh";
import { confirmLink, switchAccount } from "./actions";

/**
 * Identity link URL. After the activation POST, Magento's admin opens this page in a 680×510 popup with
 * `?oauth_consumer_key=…&success_call_back=…` (`IdentityLogin.invokePopup`). The user signs in or creates an
 * account here, we wait for the token exchange (started by the callback, it may still be running), link the
 * installation, then send the popup top-level to `success_call_back` unchanged; that admin page closes the
 * popup and the grid reloads showing Active (only once /oauth/token/access succeeded). Opening it twice is harmless.
 */
export const metadata = { title: "Link your store" };
export const dynamic = "force-dynamic";

type Search = Record<string, string | string[] | undefined>;

export default async function IdentityPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const query = { oauth_consumer_key: sp.oauth_consumer_key, success_call_back: sp.success_call_back };
  const user = await getCurrentUser();
  const request = user ? await door(user) : await door();
  const out = await request.identity.complete(query);
  const urls = request.handshake.urls();

  switch (out.kind) {
    case "redirect":
      return redirect(out.url);
    case "sign_in_required": {
      const here = identityLinkPath(
        new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === "string")),
      );
      return redirect(`/login?next=${encodeURIComponent(here)}`);
    }
    case "confirm_link":
      return (
        <div className="identity-page">
          <PageHeader
            title={out.linked ? "Return to your store?" : "Link this store to your account?"}
            description={`Signed in as ${user?.email ?? ""}.`}
          />
          {!out.fromAdminPopup ? (
            <Alert tone="warning" title="This page was not opened from your store's admin">
              <p>
                Only continue if you manage the store at <strong className="mono">{out.storeHost}</strong> and just
                clicked Activate or Reauthorize there. If someone sent you this link, close this window: nothing is
                linked.
              </p>
            </Alert>
          ) : null}
          <Card>
            <p>
              The Magento store <strong>{out.storeName ?? out.storeHost}</strong> at{" "}
              <strong className="mono" data-testid="store-host">
                {out.storeHost}
              </strong>{" "}
              (<span className="mono">{out.storeUrl}</span>){" "}
              {out.linked
                ? "is reauthorizing this app. Continuing returns you to that store's admin."
                : "is activating this app. Linking gives your account access to the store's data through the app, then returns you to that store's admin."}
            </p>
            <div className="form-actions">
              <form action={confirmLink}>
                <input type="hidden" name="oauth_consumer_key" value={query.oauth_consumer_key as string} />
                <input type="hidden" name="success_call_back" value={query.success_call_back as string} />
                <input type="hidden" name="activation" value={out.activationId} />
                <Button type="submit">
                  {out.linked ? `Return to the store admin: ${out.storeHost}` : `Link this store: ${out.storeHost}`}
                </Button>
              </form>
              <form action={switchAccount}>
                <input type="hidden" name="oauth_consumer_key" value={query.oauth_consumer_key as string} />
                <input type="hidden" name="success_call_back" value={query.success_call_back as string} />
                <Button type="submit" variant="secondary">
                  Use another account
                </Button>
              </form>
            </div>
          </Card>
          <p className="muted">
            If you did not start this from your store&apos;s admin, close this window: nothing is linked.
          </p>
        </div>
      );
    case "link_requested":
      return (
        <div className="identity-page">
          <PageHeader
            title={
              out.state === "verify_sent"
                ? "Check your email"
                : out.state === "pending"
                  ? "Waiting for approval"
                  : out.state === "denied"
                    ? "Link request declined"
                    : "Link request not filed"
            }
            description={`Signed in as ${user?.email ?? ""}.`}
          />
          <Alert
            tone={out.state === "pending" || out.state === "verify_sent" ? "info" : "warning"}
            title={`The store ${out.storeHost} is already linked to other accounts`}
          >
            {out.state === "verify_sent" ? (
              <p>
                A person already linked to this store must approve your account. To ask them, open the link we mailed to{" "}
                <strong>{user?.email ?? "your address"}</strong> and confirm: your request is filed, and they see it,
                only then. The link works for 30 minutes.
              </p>
            ) : out.state !== "pending" && out.state !== "denied" ? (
              <p>{NOT_FILED_REASONS[out.state]}</p>
            ) : out.state === "pending" ? (
              <p>
                A person already linked to this store must approve your account: they see your request on the
                store&apos;s pages in this app. Once approved, the store appears under Stores for you. The store itself
                is connected either way.
              </p>
            ) : (
              <p>
                A person linked to this store declined your request. Ask them to approve you from the store&apos;s
                pages.
              </p>
            )}
          </Alert>
          <Card title="Who holds this store in the app">
            <ul>
              {out.holders.map((h) => (
                <li key={h.email + h.since.toISOString()}>
                  <span className="mono">{h.email}</span>, linked {formatDateTime(h.since)}
                </li>
              ))}
            </ul>
            <p>{STORE_ADVICE.linked_by_someone_else.fix}</p>
          </Card>
          <p>
            <a href={out.returnUrl}>Return to the store admin ({out.storeHost})</a>
          </p>
        </div>
      );
    case "waiting":
      return (
        <div className="identity-page">
          {/* Re-checks every second until the exchange has finished. */}
          <AutoRefresh seconds={1} />
          <PageHeader title="Connecting your store…" description={user ? `Signed in as ${user.email}.` : undefined} />
          <Alert tone="info" title="Exchanging tokens with your store">
            <p>
              The store sent its activation {out.secondsSinceCallback} s ago. This page continues by itself in a moment
              (the store allows 300 s).
            </p>
          </Alert>
          <p>
            <a href="">Check again</a>
          </p>
        </div>
      );
    case "failed": {
      // the same words as everywhere else (lib/dashboard/store-state.ts)
      const v = describeStoreState({ state: "failed", failureReason: out.reason });
      return (
        <div className="identity-page">
          <PageHeader title="The store could not be linked" />
          <Alert tone="error" title={v.title}>
            {out.storeMessage ? (
              <p>
                The store said: <q className="mono">{out.storeMessage}</q>
              </p>
            ) : null}
            <p>{v.action.kind === "none" ? v.detail : v.action.text}</p>
          </Alert>
          <p>
            Close this window, then click <strong>Reauthorize</strong> (or <strong>Activate</strong>) on the integration
            in the store admin to try again. Once linked, the store&apos;s Diagnostics page in this app shows every
            step.
          </p>
        </div>
      );
    }
    case "refused_redirect":
      return (
        <div className="identity-page">
          <PageHeader title="Return address refused" />
          <Alert tone="error" title="This link does not lead back to your store's admin">
            <p>
              For your safety the app only returns to the Magento admin page that opened it. Here {out.reason}. Nothing
              was linked.
            </p>
          </Alert>
          <p>
            Open the integration from your store admin (System › Extensions › Integrations) and click Activate again. If
            your admin runs on a different host than the storefront, set it as the store&apos;s admin origin.
          </p>
        </div>
      );
    case "claimed_by_other":
      return (
        <div className="identity-page">
          <PageHeader title="Already linked to another account" />
          <Alert tone="warning" title="This activation was completed by a different app account">
            <p>
              You are signed in as {user?.email}. A person linked to this store can add you: complete this popup again
              after the next Reauthorize and they approve your request on the store&apos;s pages.
            </p>
          </Alert>
        </div>
      );
    case "claim_expired":
      return (
        <div className="identity-page">
          <PageHeader title="This activation link has expired" />
          <Alert tone="warning" title="Activations link an account within 30 minutes">
            <p>
              The store finished this activation more than 30 minutes ago. Close this window and click{" "}
              <strong>Reauthorize</strong> on the integration in the store admin to link your account.
            </p>
          </Alert>
        </div>
      );
    case "unknown_key":
      return (
        <div className="identity-page">
          <PageHeader title="We haven't heard from your store yet" />
          <Alert tone="warning" title="No activation received for this integration">
            <p>
              The store opens this page right after it posts its activation to the Callback URL, and that post has not
              arrived (or was refused). Check that the integration&apos;s <strong>Callback URL</strong> is this
              app&apos;s callback address and reachable from the store, then close this window and click{" "}
              <strong>Activate</strong> (or Reauthorize) again.
            </p>
          </Alert>
          <Card title="What the integration needs">
            <dl className="facts facts--stacked">
              <dt>Callback URL</dt>
              <dd className="mono">{urls.callbackUrl}</dd>
              <dt>Identity link URL</dt>
              <dd className="mono">{urls.identityUrl}</dd>
            </dl>
          </Card>
        </div>
      );
    case "invalid":
      return (
        <div className="identity-page">
          <PageHeader title="This link is incomplete" />
          <Alert tone="error" title="The identity link needs oauth_consumer_key and success_call_back">
            <p>{out.message}</p>
            <p>
              This page is opened by the Magento admin when you click Activate; it is not meant to be opened directly.
            </p>
          </Alert>
          <Card>
            <p>
              <Link href="/">Back to the app</Link>
            </p>
          </Card>
        </div>
      );
  }
}
