import type { Storage, InstallationState, InstallationWithStore } from "@magento-integration/storage";

export interface StoreSummary {
  installationId: string;
  storeId: string;
  baseUrl: string;
  name: string | null;
  state: InstallationState;
  failureReason: string | null;
  lastSuccessAt: Date | null;
  /** When a call or the health probe last looked at the store (the state below is as of then). */
  lastCheckedAt: Date | null;
  activatedAt: Date | null;
  mode: "oauth" | "manual";
  /** The name the app's users gave the store, if any. */
  label: string | null;
  consumerKey: string;
}

export function toSummary(r: InstallationWithStore): StoreSummary {
  return {
    installationId: r.id,
    storeId: r.store.id,
    baseUrl: r.store.baseUrl,
    name: r.store.name,
    state: r.state,
    failureReason: r.failureReason,
    lastSuccessAt: r.lastSuccessAt,
    lastCheckedAt: r.lastCheckedAt,
    activatedAt: r.activatedAt,
    mode: r.mode,
    label: r.label,
    consumerKey: r.consumerKey,
  };
}

export async function listStoresForUser(storage: Storage, userId: string): Promise<StoreSummary[]> {
  return (await storage.installations.listForUser(userId)).map(toSummary);
}

export async function getStoreForUser(
  storage: Storage,
  installationId: string,
  userId: string,
): Promise<StoreSummary | null> {
  const row = await storage.installations.forUser(installationId, userId);
  return row ? toSummary(row) : null;
}
