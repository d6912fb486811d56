import type { Storage } from "@magento-integration/storage";
import { CONSUMER_EXPIRY_MS } from "./exchange.ts";

/**
 * A callback nobody proved (no exchange ever succeeded for its consumer key) is worth nothing once the store's
 * 300 s window is over: its Installation (and with it the key's binding, Activations and events) and a Store row
 * no installation uses any more are deleted. So is a request token an ended exchange kept for a newer activation
 * (request-token-handover.ts) that none took over. The margin covers an exchange's last step and clock skew.
 */
export const UNPROVEN_TTL_MS = CONSUMER_EXPIRY_MS + 60_000;

export async function pruneUnproven(deps: {
  storage: Storage;
  now: () => Date;
}): Promise<{ installations: number; stores: number; requestTokens: number }> {
  const cutoff = new Date(deps.now().getTime() - UNPROVEN_TTL_MS);
  const installations = await deps.storage.installations.pruneUnproven(cutoff);
  const stores = await deps.storage.stores.pruneUnproven(cutoff);
  const requestTokens = await deps.storage.activations.dropKeptRequestTokens(cutoff);
  return { installations, stores, requestTokens };
}
