import { createHash } from "node:crypto";
import type { IntegrationDeps } from "./deps.ts";
import { sealedSecretEquals } from "./consumer-secret.ts";
import type { ActivationCallback, ReceivedCallback } from "./callback-schema.ts";
import {
  nextState,
  UniqueConflictError,
  type Storage,
  type InstallationWithStore,
  type SecretBox,
} from "@magento-integration/storage";

export type RecordedCallback =
  | {
      refused: false;
      installationId: string;
      activationId: string;
      /** An identical callback (same secret, verifier and store) is already being or was exchanged: nothing new to do. */
      duplicate: boolean;
      /** An exchange with the key's store succeeded before (its jobs leave the never-proven class). */
      proven: boolean;
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
 * Persists an activation callback (Magento re-POSTs on Reauthorize, and a forger can POST anything): the Store by
 * its base URL and the Installation by consumer key (a new one is `pending`; an active one stays active with its
 * working credentials), and an Activation holding this callback's own sealed secret and verifier. Only a
 * successful exchange (exchange.ts) copies credentials onto the Installation.
 *
 * `again`: this callback's job ran before and died (its lease ran out); finding its own activation is then no
 * replay, so no "duplicate" event is written. Jobs of one consumer key run one at a time, in arrival order.
 */
export async function recordCallback(
  deps: IntegrationDeps,
  cb: ReceivedCallback,
  opts: { again?: boolean } = {},
): Promise<RecordedCallback> {
  try {
    return await recordOnce(deps, cb, opts);
  } catch (e) {
    // Another app instance created the same Store or Installation at the same moment: the retry sees it.
    if (e instanceof UniqueConflictError) return recordOnce(deps, cb, opts);
    throw e;
  }
}

/**
 * The steps, in protocol order (the callback URL validated the callback: lib/verbs/handshake.ts): lock the consumer
 * key's installation → check the callback against the key's binding (refused if it contradicts it) → recognise a
 * replay → store it (the store, the installation, a new activation). The exchange job takes it from there.
 */
async function recordOnce(
  deps: IntegrationDeps,
  cb: ReceivedCallback,
  opts: { again?: boolean },
): Promise<RecordedCallback> {
  const now = deps.now();
  const postedSecret = openPostedSecret(deps.box, cb);
  return deps.storage.transaction(async (tx): Promise<RecordedCallback> => {
    // Writing the row first takes its lock (PostgreSQL): a concurrent identical callback then sees ours below.
    const existing = await tx.installations.lockByConsumerKey(cb.consumerKey, now);
    if (existing) {
      const differs = bindingDiffers(deps.box, existing, cb, postedSecret);
      if (differs) {
        const firstInWindow = await recordRefusal(tx, existing.id, cb.storeBaseUrl, differs, now);
        return { refused: true, installationId: existing.id, firstInWindow };
      }
      const replay = await recordReplay(tx, existing.id, cb, opts.again === true, now);
      if (replay) return { ...replay, proven: existing.provenAt !== null };
    }
    return storeActivation(tx, cb, existing);
  });
}

/** The posted consumer secret; "" when it was sealed with a key that is gone (matches no binding, and a new one fails its exchange). */
function openPostedSecret(box: SecretBox, cb: ReceivedCallback): string {
  try {
    return box.open(cb.consumerSecretEnc);
  } catch {
    return "";
  }
}

/**
 * The first callback bound this key to its store and consumer secret, whatever became of its exchange (running,
 * failed or succeeded). Magento re-posts both unchanged on Reauthorize, so a callback with another secret or another
 * store is not from that store: refused, and nothing it names is ever contacted. Says what differs, if anything.
 */
export function bindingDiffers(
  box: SecretBox,
  bound: InstallationWithStore,
  cb: Pick<ReceivedCallback, "storeBaseUrl">,
  postedSecret: string,
): "store URL" | "consumer secret" | undefined {
  if (bound.store.baseUrl !== cb.storeBaseUrl) return "store URL";
  if (postedSecret === "" || !sealedSecretEquals(box, bound.consumerSecretEnc, postedSecret)) return "consumer secret";
  return undefined;
}

/**
 * An identical callback (same secret, verifier and store) whose activation is still open: nothing new to store. A
 * replay gets a `callback_duplicate` event; the same callback run `again` (its job died) is no replay.
 */
async function recordReplay(
  tx: Storage,
  installationId: string,
  cb: ReceivedCallback,
  again: boolean,
  now: Date,
): Promise<Extract<RecordedCallback, { refused: false }> | null> {
  const same = await tx.activations.openTwin(installationId, cb.fingerprint);
  if (!same) return null;
  if (!again) {
    await tx.events.add({
      installationId,
      activationId: same.id,
      kind: "callback_duplicate",
      message: "The same activation callback arrived again; ignored (already handled).",
      at: now,
    });
  }
  return { refused: false, installationId, activationId: same.id, duplicate: !again, proven: false };
}

/**
 * Stores the callback: the Store by its base URL, a new `pending` Installation for a new key (or the bound one
 * counts another callback: an active one stays active with its working credentials), and an Activation holding
 * this callback's own sealed secret and verifier.
 */
async function storeActivation(
  tx: Storage,
  cb: ReceivedCallback,
  existing: InstallationWithStore | null,
): Promise<RecordedCallback> {
  const store = await tx.stores.ensure(cb.storeBaseUrl);
  const { installationId, seq } = existing
    ? {
        installationId: existing.id,
        seq: await tx.installations.countCallback(existing.id, nextState(existing.state, "callback")),
      }
    : await createPendingInstallation(tx, cb, store.id);
  const activation = await tx.activations.create({
    installationId,
    seq,
    fingerprint: cb.fingerprint,
    storeBaseUrl: cb.storeBaseUrl,
    consumerSecretEnc: cb.consumerSecretEnc,
    verifierEnc: cb.verifierEnc,
    callbackAt: cb.callbackAt,
    answeredMs: cb.answeredMs,
  });
  await tx.events.add({
    installationId,
    activationId: activation.id,
    kind: "callback",
    message: existing
      ? `Activation callback #${seq} received from ${cb.storeBaseUrl} (Reauthorize, or a repeated Activate). ${
          existing.state === "active" ? "The working credentials stay in use until this exchange succeeds." : ""
        }`.trim()
      : `Activation callback received from ${cb.storeBaseUrl}. The token exchange starts now (300 s window).`,
    at: cb.callbackAt,
  });
  return {
    refused: false,
    installationId,
    activationId: activation.id,
    duplicate: false,
    proven: existing?.provenAt != null,
  };
}

/** A consumer key seen for the first time: its installation, `pending` until an exchange succeeds; this is callback #1. */
async function createPendingInstallation(
  tx: Storage,
  cb: ReceivedCallback,
  storeId: string,
): Promise<{ installationId: string; seq: number }> {
  const created = await tx.installations.create({
    consumerKey: cb.consumerKey,
    storeId,
    state: "pending",
    mode: "oauth",
    consumerSecretEnc: cb.consumerSecretEnc,
    activationCount: 1,
  });
  return { installationId: created.id, seq: 1 };
}

/**
 * One `callback_refused` row per installation and window, counting repeats (a flood cannot fill diagnostics):
 * `count` refusals at once (the callback URL refuses a burst of them together, lib/verbs/handshake.ts).
 */
export async function recordRefusal(
  tx: Storage,
  installationId: string,
  postedUrl: string,
  differs: string,
  now: Date,
  count = 1,
): Promise<boolean> {
  const message = `An activation callback for this consumer key was refused: its ${differs} differs from the one the key is bound to (last from ${postedUrl.slice(0, 300)}). Nothing changed. If the store really moved, a linked user releases the binding on this page.`;
  const recent = await tx.events.latestOfKind(
    installationId,
    "callback_refused",
    new Date(now.getTime() - REFUSAL_WINDOW_MS),
  );
  if (recent) {
    await tx.events.fold(recent.id, message, now, count);
    return false;
  }
  await tx.events.add({ installationId, kind: "callback_refused", message, at: now });
  if (count > 1) {
    const added = await tx.events.latestOfKind(installationId, "callback_refused", now);
    if (added) await tx.events.fold(added.id, message, now, count - 1);
  }
  return true;
}
