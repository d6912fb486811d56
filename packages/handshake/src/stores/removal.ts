/**
 * "Remove store": what removing an installation from the app deletes, counted for the confirmation page, and
 * the store's name in the app (Magento never tells the app the integration's name). The removal itself is
 * packages/handshake/src/integration/link-requests.ts `removeInstallationFor` (it also releases the consumer key's binding).
 */
import { z } from "zod";
import type { Storage } from "@magento-integration/storage";

export interface RemovalPreview {
  installationId: string;
  baseUrl: string;
  host: string;
  label: string | null;
  hasAccessToken: boolean;
  activations: number;
  events: number;
  linkedAccounts: number;
  pendingRequests: number;
  /** Bulk submissions and their operations (one per row sent to the store), deleted with their results. */
  bulkSubmissions: number;
  bulkOperations: number;
  /** Store event deliveries received for it (webhooks, I/O Events). */
  eventDeliveries: number;
}

/** Counts of what removal deletes, or null when the user is not linked to the installation (one statement). */
export async function removalPreview(
  storage: Storage,
  installationId: string,
  userId: string,
): Promise<RemovalPreview | null> {
  const f = await storage.installations.removalFootprint(installationId, userId);
  if (!f) return null;
  return {
    installationId,
    baseUrl: f.baseUrl,
    host: new URL(f.baseUrl).host,
    label: f.label,
    hasAccessToken: f.hasAccessToken,
    activations: f.activations,
    events: f.events,
    linkedAccounts: f.linkedUsers,
    pendingRequests: f.pendingRequests,
    bulkSubmissions: f.bulkSubmissions,
    bulkOperations: f.bulkOperations,
    eventDeliveries: f.eventDeliveries,
  };
}

export const storeLabelSchema = z.object({
  label: z
    .string()
    .trim()
    .max(80, "At most 80 characters")
    // eslint-disable-next-line no-control-regex -- control characters are what we refuse
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "Letters, digits, spaces and punctuation only"),
});

/** Sets (or clears, with "") the store's name in the app. False when the user is not linked to it. */
export async function setStoreLabel(
  storage: Storage,
  installationId: string,
  userId: string,
  label: string,
): Promise<boolean> {
  return storage.installations.setLabelForUser(installationId, userId, label === "" ? null : label);
}
