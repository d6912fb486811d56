import type { Metadata } from "next";
import { SEED_TOKEN_PATH } from "@magento-integration/handshake/portal";
import { formatDateTime } from "@/lib/dashboard";
import { Button, Card, PageHeader } from "@/app/components/ui";
import { portalContext, suggestedPortalUrl } from "./portal-deps";
import { forgetSettings } from "./actions";
import { SettingsForm, TokenPanel } from "./PortalForms";

export const metadata: Metadata = { title: "Developer portal" };

export default async function PortalPage() {
  const { user, store } = await portalContext();
  const settings = await store.settings(user.id);
  return (
    <>
      <PageHeader
        title="Developer portal"
        description="Obtain a session token for your Commerce Marketplace application (HTTP Basic app ID and secret, grant_type session) and read your developer profile with it."
      />
      <Card title="Application">
        <SettingsForm
          hasSecret={settings?.hasSecret ?? false}
          initial={{
            baseUrl: settings?.baseUrl ?? suggestedPortalUrl(),
            appId: settings?.appId ?? "",
            tokenPath: settings?.tokenPath ?? SEED_TOKEN_PATH,
          }}
        />
        {settings ? (
          <form action={forgetSettings} style={{ marginTop: "0.5rem" }}>
            <Button variant="ghost" size="small">
              Forget these settings
            </Button>
          </form>
        ) : null}
      </Card>
      <Card title="Session token and profile">
        {settings?.hasSecret ? (
          <>
            <p className="muted">
              {settings.cached
                ? `A token for ${settings.cached.accountId} is cached until ${formatDateTime(settings.cached.expiresAt)}; it is reused until shortly before then and refreshed after.`
                : "No token cached yet."}
            </p>
            <TokenPanel />
          </>
        ) : (
          <p>Save an application ID and secret above to get a session token.</p>
        )}
      </Card>
    </>
  );
}
