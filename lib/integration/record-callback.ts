import { createHash } from "node:crypto";
import type { IntegrationDeps } from "@/lib/integration/deps";
import { addEvent } from "@/lib/integration/deps";
import { sealedSecretEquals } from "@/lib/integration/consumer-secret";
import type { ActivationCallback } from "@/lib/integration/callback-schema";
import { isInstallationState, nextState } from "@/lib/integration/states";

export type RecordedCallback =
  | {
      refused: false;
      installationId: string;
      activationId: string;
      /** An identical callback (same secret, verifier and store) is already being or was exchanged: nothing new to do. */
      duplicate: boolean;
    }
  /** `firstInWindow`: the first refusal of this binding in the current aggregation window (log it once). */
  | { refused: true; installationId: string; firstInWindow: boolean };

/** Refused callbacks of one installation fold into one event row per window (with a counter). */
export const REFUSAL_WINDOW_MS = 60 * 60 * 1000;

/** Identifies a replayed callback without decrypting anything (the inputs are 160+ bits of randomness). */
export function activationFingerprint(cb: ActivationCallback): string {
  return createHash("sha256")
    .update(`kit-activation\u0000${cb.consumerSecret}\u0000${cb.verifier}\u0000${cb.storeBaseUrl}`)
    .digest("base64url");
}

/**
 * Persists an activation callback before we answer the store (Magento re-POSTs on Reauthorize, and a forger can
 * POST anything): upsert the Store by its base URL and the Installation by consumer key (a new one is `pending`;
 * an active one stays active with its working credentials), and add an Activation holding this callback's own
 * encrypted secret and verifier. Only a successful exchange (exchange.ts) copies credentials onto the Installation.
 */
export async function recordCallback(deps: IntegrationDeps, cb: ActivationCallback): Promise<RecordedCallback> {
  // Callbacks queue behind each other, never behind an exchange (that may take longer than Magento's 5 s wait).
  return deps.locks.run(`callback:${cb.consumerKey}`, async () => {
    try {
      return await recordOnce(deps, cb);
    } catch (e) {
      // Another app instance created the same Store or Installation at the same moment: the retry sees it.
      if ((e as { code?: string }).code === "P2002") return recordOnce(deps, cb);
      throw e;
    }
  });
}

async function recordOnce(deps: IntegrationDeps, cb: ActivationCallback): Promise<RecordedCallback> {
  const { db, box } = deps;
  const now = deps.now();
  const fingerprint = activationFingerprint(cb);
  const secretEnc = box.seal(cb.consumerSecret);
  const verifierEnc = box.seal(cb.verifier);

  return db.$transaction(async (tx): Promise<RecordedCallback> => {
    const found = await tx.installation.findUnique({ where: { consumerKey: cb.consumerKey }, select: { id: true } });
    // Writing the row first takes its lock (PostgreSQL): a concurrent identical callback then sees ours below.
    const existing = found
      ? await tx.installation.update({ where: { id: found.id }, data: { updatedAt: now }, include: { store: { select: { baseUrl: true } } } })
      : null;
    if (existing) {
      // The first callback bound this key to its store and consumer secret, whatever became of its exchange
      // (running, failed or succeeded). Magento re-posts both unchanged on Reauthorize, so a callback with another
      // secret or another store is not from that store: refused, and nothing it names is ever contacted.
      const sameStore = existing.store.baseUrl === cb.storeBaseUrl;
      const sameSecret = sealedSecretEquals(box, existing.consumerSecretEnc, cb.consumerSecret);
      if (!sameStore || !sameSecret) {
        const firstInWindow = await recordRefusal(tx, existing.id, cb.storeBaseUrl, sameStore ? "consumer secret" : "store URL", now);
        return { refused: true, installationId: existing.id, firstInWindow };
      }
    }
    if (existing) {
      const same = await tx.activation.findFirst({
        where: { installationId: existing.id, fingerprint, state: { in: ["pending", "exchanging", "succeeded"] } },
        orderBy: { seq: "desc" },
      });
      if (same) {
        await addEvent(tx, {
          installationId: existing.id,
          activationId: same.id,
          kind: "callback_duplicate",
          message: "The same activation callback arrived again; ignored (already handled).",
          at: now,
        });
        return { refused: false, installationId: existing.id, activationId: same.id, duplicate: true };
      }
    }

    const store = await tx.store.upsert({
      where: { baseUrl: cb.storeBaseUrl },
      create: { baseUrl: cb.storeBaseUrl },
      update: {},
    });

    let installationId: string;
    let seq: number;
    if (!existing) {
      const created = await tx.installation.create({
        data: {
          consumerKey: cb.consumerKey,
          storeId: store.id,
          state: "pending",
          consumerSecretEnc: secretEnc,
          activationCount: 1,
        },
      });
      installationId = created.id;
      seq = 1;
    } else {
      const current = isInstallationState(existing.state) ? existing.state : "failed";
      const state = nextState(current, "callback");
      const updated = await tx.installation.update({
        where: { id: existing.id },
        data: {
          activationCount: { increment: 1 },
          state,
          ...(state === "active" ? {} : { failureReason: null }),
        },
      });
      installationId = updated.id;
      seq = updated.activationCount;
    }

    const activation = await tx.activation.create({
      data: {
        installationId,
        seq,
        state: "pending",
        fingerprint,
        storeBaseUrl: cb.storeBaseUrl,
        consumerSecretEnc: secretEnc,
        verifierEnc,
        callbackAt: now,
      },
    });
    await addEvent(tx, {
      installationId,
      activationId: activation.id,
      kind: "callback",
      message: existing
        ? `Activation callback #${seq} received from ${cb.storeBaseUrl} (Reauthorize, or a repeated Activate). ${
            existing.state === "active" ? "The working credentials stay in use until this exchange succeeds." : ""
          }`.trim()
        : `Activation callback received from ${cb.storeBaseUrl}. The token exchange starts now (300 s window).`,
      at: now,
    });
    return { refused: false, installationId, activationId: activation.id, duplicate: false };
  });
}

/** One `callback_refused` row per installation and window, counting repeats (a flood cannot fill diagnostics). */
async function recordRefusal(
  tx: Pick<IntegrationDeps["db"], "installationEvent">,
  installationId: string,
  postedUrl: string,
  differs: string,
  now: Date,
): Promise<boolean> {
  const message = `An activation callback for this consumer key was refused: its ${differs} differs from the one the key is bound to (last from ${postedUrl.slice(0, 300)}). Nothing changed. If the store really moved, a linked user releases the binding on this page.`;
  const recent = await tx.installationEvent.findFirst({
    where: { installationId, kind: "callback_refused", at: { gte: new Date(now.getTime() - REFUSAL_WINDOW_MS) } },
    orderBy: { id: "desc" },
  });
  if (recent) {
    await tx.installationEvent.update({ where: { id: recent.id }, data: { count: { increment: 1 }, at: now, message } });
    return false;
  }
  await addEvent(tx, { installationId, kind: "callback_refused", message, at: now });
  return true;
}
