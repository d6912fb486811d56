import type { Db } from "@/lib/db";
import { addEvent } from "@/lib/integration/deps";

/**
 * Link requests: a user who completed the identity popup of an installation that already has linked users waits
 * here until one of those users approves (then linked) or denies. Shown on the store's pages (docs/security.md).
 */
export interface PendingLinkRequest {
  id: string;
  email: string;
  createdAt: Date;
}

/** Requests older than this are dropped unanswered (the user can run the popup again). */
export const LINK_REQUEST_TTL_MS = 7 * 24 * 60 * 60 * 1000;

async function isLinked(db: Db, installationId: string, userId: string): Promise<boolean> {
  return (await db.installationUser.count({ where: { installationId, userId } })) > 0;
}

/** Pending requests of an installation, for a user linked to it (empty for anyone else). */
export async function pendingLinkRequests(db: Db, installationId: string, userId: string, now: Date): Promise<PendingLinkRequest[]> {
  if (!(await isLinked(db, installationId, userId))) return [];
  const rows = await db.linkRequest.findMany({
    where: { installationId, state: "pending", createdAt: { gt: new Date(now.getTime() - LINK_REQUEST_TTL_MS) } },
    include: { user: { select: { email: true } } },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => ({ id: r.id, email: r.user.email, createdAt: r.createdAt }));
}

export type DecideResult = { ok: true; decision: "approved" | "denied" } | { ok: false; error: string };

/** A linked user approves (the requester is linked) or denies a pending request of that installation. */
export async function decideLinkRequest(
  db: Db,
  input: { installationId: string; requestId: string; deciderId: string; decision: "approve" | "deny" },
  now: Date,
): Promise<DecideResult> {
  if (!(await isLinked(db, input.installationId, input.deciderId))) return { ok: false, error: "No such store for this account." };
  return db.$transaction(async (tx) => {
    const state = input.decision === "approve" ? "approved" : "denied";
    const moved = await tx.linkRequest.updateMany({
      where: { id: input.requestId, installationId: input.installationId, state: "pending" },
      data: { state, decidedAt: now, decidedByUserId: input.deciderId },
    });
    if (moved.count === 0) return { ok: false as const, error: "This request was already answered or no longer exists." };
    const req = await tx.linkRequest.findUniqueOrThrow({ where: { id: input.requestId }, include: { user: { select: { email: true } } } });
    if (state === "approved") {
      await tx.installationUser.upsert({
        where: { installationId_userId: { installationId: input.installationId, userId: req.userId } },
        create: { installationId: input.installationId, userId: req.userId },
        update: {},
      });
    }
    await addEvent(tx, {
      installationId: input.installationId,
      kind: state === "approved" ? "link_approved" : "link_denied",
      message: `The link request of ${req.user.email} was ${state} by a linked user.`,
      at: now,
    });
    return { ok: true as const, decision: state };
  });
}

export async function pruneLinkRequests(db: Db, now: Date): Promise<number> {
  const r = await db.linkRequest.deleteMany({ where: { state: "pending", createdAt: { lt: new Date(now.getTime() - LINK_REQUEST_TTL_MS) } } });
  return r.count;
}

/**
 * "Remove this store from the app": a linked user deletes the installation (its credentials, activations,
 * events, links). This also releases the consumer key's binding: the next callback for the key binds it afresh.
 */
export async function removeInstallationFor(db: Db, installationId: string, userId: string): Promise<boolean> {
  if (!(await isLinked(db, installationId, userId))) return false;
  await db.$transaction(async (tx) => {
    const inst = await tx.installation.delete({ where: { id: installationId }, select: { storeId: true } });
    await tx.store.deleteMany({ where: { id: inst.storeId, installations: { none: {} } } });
  });
  return true;
}
