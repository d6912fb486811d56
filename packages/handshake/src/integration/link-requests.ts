import type { LinkRequest, Storage } from "@magento-integration/storage";
import { consumerKeyRef } from "./key-digest.ts";

/**
 * Link requests: a user who completed the identity popup of an installation that already has linked users waits
 * here until one of those users approves (then linked) or denies. Shown on the store's pages (docs/security.md).
 */
export interface PendingLinkRequest {
  id: string;
  email: string;
  createdAt: Date;
  /** When the requester proved he reads `email` (the mailed link); only verified requests are shown. */
  verifiedAt: Date;
}

/** Requests older than this are dropped unanswered (the user can run the popup again). */
export const LINK_REQUEST_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Pending requests of an installation, for a user linked to it (empty for anyone else). */
export async function pendingLinkRequests(
  storage: Storage,
  installationId: string,
  userId: string,
  now: Date,
): Promise<PendingLinkRequest[]> {
  if (!(await storage.links.isLinked(installationId, userId))) return [];
  return pendingLinkRequestsOf(storage, installationId, now);
}

/** The same for a caller that has just read the installation through the user's link (a store's page view). */
export async function pendingLinkRequestsOf(
  storage: Storage,
  installationId: string,
  now: Date,
): Promise<PendingLinkRequest[]> {
  const rows = await storage.links.pendingRequests(installationId, new Date(now.getTime() - LINK_REQUEST_TTL_MS));
  return rows.map(pendingView);
}

/** A filed request as linked users see it (pendingRequests only returns verified ones). */
export function pendingView(r: LinkRequest): PendingLinkRequest {
  return { id: r.id, email: r.email, createdAt: r.createdAt, verifiedAt: r.verifiedAt ?? r.createdAt };
}

export type DecideResult = { ok: true; decision: "approved" | "denied" } | { ok: false; error: string };

/** A linked user approves (the requester is linked) or denies a pending request of that installation. */
export async function decideLinkRequest(
  storage: Storage,
  input: { installationId: string; requestId: string; deciderId: string; decision: "approve" | "deny" },
  now: Date,
): Promise<DecideResult> {
  if (!(await storage.links.isLinked(input.installationId, input.deciderId)))
    return { ok: false, error: "No such store for this account." };
  return storage.transaction(async (tx) => {
    const state = input.decision === "approve" ? "approved" : "denied";
    if (!(await tx.links.decide(input.requestId, input.installationId, state, input.deciderId, now))) {
      return { ok: false as const, error: "This request was already answered or no longer exists." };
    }
    const req = await tx.links.requestById(input.requestId);
    if (!req) return { ok: false as const, error: "This request was already answered or no longer exists." };
    if (state === "approved") await tx.links.link(input.installationId, req.userId);
    await tx.events.add({
      installationId: input.installationId,
      kind: state === "approved" ? "link_approved" : "link_denied",
      message: `The link request of ${req.email} was ${state} by a linked user.`,
      at: now,
    });
    return { ok: true as const, decision: state };
  });
}

export async function pruneLinkRequests(storage: Storage, now: Date): Promise<number> {
  return storage.links.prunePending(new Date(now.getTime() - LINK_REQUEST_TTL_MS));
}

/**
 * "Remove this store from the app": a linked user deletes the installation (its credentials, activations,
 * events, links, its jobs that have not started, its sync cursors, mirror and outbox, its store-event deliveries, its bulk submissions and the
 * link-request mails about it). This also releases the consumer key's binding: the next callback for the key binds
 * it afresh. The confirmation page counts the same rows (packages/handshake/src/stores/removal.ts: the installation's footprint, its
 * bulk submissions included, beside the `bulks.deleteForInstallation` called here).
 */
export async function removeInstallationFor(
  storage: Storage,
  installationId: string,
  userId: string,
): Promise<boolean> {
  if (!(await storage.links.isLinked(installationId, userId))) return false;
  await storage.transaction(async (tx) => {
    const inst = await tx.installations.byId(installationId);
    // its jobs that have not started (the Jobs page's "for" column: the installation, or its consumer key)
    if (inst) await tx.queuedJobs.deleteFor([installationId, consumerKeyRef(inst.consumerKey)]);
    await tx.sync.forget(installationId); // its synced records (packages/sync/src/sync) go with it
    await tx.bulks.deleteForInstallation(installationId); // and its bulk submissions with their rows (packages/sync/src/bulk)
    await tx.mailedLinks.deleteForInstallation(installationId); // and the link-request mails about it
    const gone = await tx.installations.delete(installationId);
    if (gone) await tx.stores.deleteIfUnused(gone.storeId);
  });
  return true;
}
