import { getDb, getSecretBox, requireUser } from "@/lib/kit";
import { getEnv } from "@/lib/env";
import { createPortalAppStore, type PortalAppDb } from "@/lib/portal/portal-app-store";

export const SANDBOX_PORTAL_URL = "https://commercedeveloper-sandbox-api.adobe.com";

/** The portal base URL to suggest: the local dev store's portal when DEVSTORE_URL is set, else the sandbox. */
export function suggestedPortalUrl(): string {
  const devstore = getEnv().devstoreUrl;
  return devstore ? `${devstore.replace(/\/+$/, "")}/devportal` : SANDBOX_PORTAL_URL;
}

export async function portalContext() {
  const user = await requireUser("/portal");
  const store = createPortalAppStore(getDb() as unknown as PortalAppDb, getSecretBox());
  return { user, store };
}
