/**
 * "Remove store": what removing an installation from the app deletes, counted for the confirmation page, and
 * the store's name in the app (Magento never tells the app the integration's name). The removal itself is
 * lib/integration/link-requests.ts `removeInstallationFor` (it also releases the consumer key's binding).
 */
import { z } from "zod";
import type { Db } from "@/lib/db";

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
}

/** Counts of what removal deletes, or null when the user is not linked to the installation. */
export async function removalPreview(db: Db, installationId: string, userId: string): Promise<RemovalPreview | null> {
  const inst = await db.installation.findFirst({
    where: { id: installationId, users: { some: { userId } } },
    select: {
      id: true,
      label: true,
      accessTokenEnc: true,
      store: { select: { baseUrl: true } },
      _count: { select: { activations: true, events: true, users: true, linkRequests: { where: { state: "pending" } } } },
    },
  });
  if (!inst) return null;
  return {
    installationId: inst.id,
    baseUrl: inst.store.baseUrl,
    host: new URL(inst.store.baseUrl).host,
    label: inst.label,
    hasAccessToken: inst.accessTokenEnc !== null,
    activations: inst._count.activations,
    events: inst._count.events,
    linkedAccounts: inst._count.users,
    pendingRequests: inst._count.linkRequests,
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
export async function setStoreLabel(db: Db, installationId: string, userId: string, label: string): Promise<boolean> {
  const r = await db.installation.updateMany({
    where: { id: installationId, users: { some: { userId } } },
    data: { label: label === "" ? null : label },
  });
  return r.count > 0;
}
