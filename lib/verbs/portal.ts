import { createPortalAppStore, createPortalClient, type PortalConfig } from "@magento-integration/handshake/portal";
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
