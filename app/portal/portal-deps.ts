import { door, requireUser } from "@/app/_kit";
import { getEnv } from "@/lib/env";

export const SANDBOX_PORTAL_URL = "https://commercedeveloper-sandbox-api.adobe.com";

/** The portal base URL to suggest: the local dev store's portal when DEVSTORE_URL is set, else the sandbox. */
export function suggestedPortalUrl(): string {
  const devstore = getEnv().devstoreUrl;
  return devstore ? `${devstore.replace(/\/+$/, "")}/devportal` : SANDBOX_PORTAL_URL;
}

export async function portalContext() {
  const user = await requireUser("/portal");
  return { user, store: (await door(user)).portal.settingsStore() };
}
