import { Card, LinkButton, PageHeader } from "@/app/components/ui";
import { door, getCurrentUser } from "@/app/_kit";
import { CopyField } from "@/app/components/CopyField";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const user = await getCurrentUser().catch(() => null);
  const { callbackUrl, identityUrl } = (await door()).handshake.urls();
  return (
    <div className="stack">
      <PageHeader
        title="Magento Integration Kit"
        description="A starter app that links Magento 2 / Adobe Commerce stores through an OAuth 1.0a integration, keeps their tokens encrypted, and calls the store's REST API with correctly signed requests."
        actions={
          user ? (
            <LinkButton href="/stores" variant="primary">
              Your stores
            </LinkButton>
          ) : (
            <>
              <LinkButton href="/login">Sign in</LinkButton>
              <LinkButton href="/signup" variant="primary">
                Create account
              </LinkButton>
            </>
          )
        }
      />
      <Card title="Connect a store in three steps">
        <ol>
          <li>
            In the Magento admin open <strong>System › Extensions › Integrations › Add New Integration</strong>.
          </li>
          <li>
            <p>Paste these two addresses:</p>
            <dl className="facts facts--stacked">
              <dt>Callback URL</dt>
              <dd>
                <CopyField label="Callback URL" value={callbackUrl} testId="callback-url" />
              </dd>
              <dt>Identity link URL</dt>
              <dd>
                <CopyField label="Identity link URL" value={identityUrl} testId="identity-url" />
              </dd>
            </dl>
          </li>
          <li>
            Choose the API resources, click <strong>Save &amp; Activate</strong>, then <strong>Allow</strong>. A popup
            opens this app: sign in or create an account, and the popup closes by itself when the store shows{" "}
            <em>Active</em>.
          </li>
        </ol>
        <p className="muted">
          The store must reach the Callback URL within 5 seconds. No Identity link? Then Magento shows four tokens
          instead: paste them under <strong>Stores › Add a store with tokens</strong>.
        </p>
      </Card>
    </div>
  );
}
