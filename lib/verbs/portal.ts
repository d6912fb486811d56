import { createPortalAppStore } from "@/lib/portal/portal-app-store";
import { createPortalClient, type PortalConfig } from "@/lib/portal/session-token-client";
import type { KitCore } from "./core";

/** The developer-portal settings of a user and a session-token client calling through the guarded fetch. */
export function portalVerbs(core: KitCore) {
  return {
    settingsStore: () => createPortalAppStore(core.storage.portalApps, core.box),
    client: (config: PortalConfig, userId: string) =>
      createPortalClient(config, {
        cache: createPortalAppStore(core.storage.portalApps, core.box).tokenCache(userId),
        fetch: core.fetch,
      }),
  };
}
