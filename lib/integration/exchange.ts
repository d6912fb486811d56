import type { IntegrationDeps } from "@/lib/integration/deps";
import { sealedSecretEquals } from "@/lib/integration/consumer-secret";
import { assertPublicStoreHost } from "@/lib/integration/store-url";
import { FAILURE_FIXES, reasonFromStoreMessage, type FailureReason } from "@/lib/integration/failure-reasons";
import { RetryLater } from "@/lib/jobs/retry-later";
import type { Activation, InstallationWithStore } from "@/lib/storage/types";

/** Magento's `oauth/consumer/expiration_period`: the request token must be fetched within 300 s of the POST. */
export const CONSUMER_EXPIRY_MS = 300_000;
/** Magento's `oauth/consumer/post_timeout` for the activation POST itself. */
export const CALLBACK_TIMEOUT_MS = 5_000;
/**
 * An exchange still pending or exchanging this long after its callback can no longer succeed: the request token
 * is refused after 300 s and the access-token step has its own 20 s timeout. The maintenance job fails such
 * activations as `interrupted` (lib/jobs/kinds/maintenance.ts).
 */
export const EXCHANGE_DEADLINE_MS = CONSUMER_EXPIRY_MS + 25_000;

export type ExchangeOutcome =
  | { kind: "succeeded"; superseded: boolean }
  | { kind: "failed"; reason: FailureReason; storeMessage: string | undefined }
  | { kind: "skipped" };

interface HandshakeErrorLike {
  name?: string;
  status?: number;
  kind?: string;
  code?: string;
  storeMessage?: string;
  message?: string;
}

/** Socket-level codes in an error's `cause` chain (the guarded fetch refuses private addresses at connect time). */
const NETWORK_CAUSES: Record<string, FailureReason> = {
  EPRIVATEADDRESS: "private_address",
  ENOTFOUND: "store_unreachable",
  EAI_AGAIN: "store_unreachable",
  ECONNREFUSED: "store_unreachable",
  ECONNRESET: "store_unreachable",
  EHOSTUNREACH: "store_unreachable",
  ENETUNREACH: "store_unreachable",
};

function reasonFromCause(e: unknown): FailureReason | undefined {
  for (let c = e, depth = 0; c && typeof c === "object" && depth < 6; c = (c as { cause?: unknown }).cause, depth++) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_CAUSES[code]) return NETWORK_CAUSES[code];
  }
  return undefined;
}

/** Maps a failure of fetchRequestToken/fetchAccessToken to a reason, keeping the store's own words. */
export function classifyHandshakeError(e: unknown): { reason: FailureReason; storeMessage: string | undefined; detail: string } {
  const err = (e ?? {}) as HandshakeErrorLike;
  const storeMessage = typeof err.storeMessage === "string" ? err.storeMessage : undefined;
  const fromText = reasonFromStoreMessage(storeMessage);
  if (fromText) return { reason: fromText, storeMessage, detail: err.message ?? "" };
  const fromCause = reasonFromCause(e);
  if (fromCause) return { reason: fromCause, storeMessage, detail: err.message ?? String(e) };
  const byKind: Record<string, FailureReason> = {
    network: "store_unreachable",
    timeout: "timeout",
    redirect: "redirect",
    unparsable: "bad_response",
    not_a_string: "bad_response",
    missing_token: "bad_response",
    error: "bad_response",
    http: "bad_response",
  };
  const byCode: Record<string, FailureReason> = {
    network: "store_unreachable",
    timeout: "timeout",
    redirect: "redirect",
    consumer_expired: "consumer_expired",
    signature_invalid: "signature_invalid",
    method_not_supported: "method_not_supported",
    consumer_missing: "consumer_missing",
    token_missing: "token_missing",
    token_revoked: "token_revoked",
    bad_response: "bad_response",
  };
  const reason = (err.code && byCode[err.code]) || (err.kind && byKind[err.kind]) || "other";
  return { reason, storeMessage, detail: err.message ?? String(e) };
}

/**
 * Runs the token exchange of one activation: `/oauth/token/request` then `/oauth/token/access` against the posted
 * store with the posted credentials, inside the store's 300 s window (it started when the store posted). Runs as
 * a job (lib/jobs/kinds/handshake.ts): one at a time per consumer key, in arrival order. Each step is written down
 * before and after its call, so a job resumed after a crash (`resumed`: an earlier attempt's lease ran out) goes on
 * from there, and never sends a request-token call twice: Magento issues one per activation. Across instances the
 * final write is conditional on `credentialsSeq < seq`: an older activation finishing late never overwrites a
 * newer success.
 */
export async function runExchange(deps: IntegrationDeps, activationId: string, opts: { resumed?: boolean } = {}): Promise<ExchangeOutcome> {
  const { storage, box, log } = deps;
  const found = await storage.activations.withInstallation(activationId);
  if (!found) return { kind: "skipped" };
  const { activation, installation: inst } = found;
  if (activation.state === "pending") {
    // Claim the activation: only one runner (in any process) moves it out of `pending`.
    if (!(await storage.activations.claimForExchange(activationId, deps.now()))) return { kind: "skipped" };
  } else if (activation.state !== "exchanging" || !opts.resumed) {
    return { kind: "skipped" }; // already ended, or another live runner has it
  }
  const at = () => deps.now();
  const ctx = { installationId: inst.id, activationId };

  // Magento keeps ONE verifier row per consumer and Reauthorize overwrites it: exchanging an older activation
  // after a newer one arrived would consume the newer verifier and break both. A newer activation from the same
  // store with the same consumer secret (a real Reauthorize; a forger does not know the secret) supersedes this one.
  const newer = await storage.activations.newerFromSameStore(inst.id, activation.seq, activation.storeBaseUrl);
  let mySecret: string | null = null;
  try {
    mySecret = box.open(activation.consumerSecretEnc);
  } catch {
    mySecret = null; // unreadable: nothing can supersede it; the exchange below reports the decryption failure
  }
  const supersededBy = mySecret === null ? undefined : newer.find((n) => sealedSecretEquals(box, n.consumerSecretEnc, mySecret));
  if (supersededBy) {
    await storage.activations.finish(activationId, ["exchanging"], { state: "superseded", at: at() });
    await storage.events.add({
      ...ctx,
      kind: "exchange_skipped",
      message: `Not exchanged: the store sent a newer activation (#${supersededBy.seq}) for this integration, which replaces this one.`,
      at: at(),
    });
    return { kind: "skipped" };
  }
  await storage.installations.markExchanging(inst.id);
  const lateBy = at().getTime() - activation.callbackAt.getTime();
  await storage.events.add({
    ...ctx,
    kind: opts.resumed ? "exchange_resumed" : "exchange_started",
    message: opts.resumed
      ? `Token exchange resumed ${(lateBy / 1000).toFixed(1)} s after the callback: the app running it stopped.`
      : `Token exchange started ${(lateBy / 1000).toFixed(1)} s after the callback (store allows 300 s).`,
    at: at(),
  });

  const fail = (reason: FailureReason, storeMessage: string | undefined, detail: string) =>
    failExchange(deps, inst, activation, reason, storeMessage, detail);

  if (activation.requestTokenEnc === null) {
    if (activation.requestTokenCallAt !== null) {
      // An earlier attempt sent the request-token call and died before its answer was stored: the store may have
      // issued the token (once per activation), so asking again would fail or, worse, race. Only Reauthorize helps.
      return fail("interrupted", undefined, "the app stopped while the store was answering the request-token call");
    }
    if (lateBy >= CONSUMER_EXPIRY_MS) {
      return fail("interrupted", undefined, "the app did not get to this exchange within the store's 300 s window");
    }
  }

  const guard = await assertPublicStoreHost(activation.storeBaseUrl, { allowPrivate: deps.allowPrivate, lookup: deps.lookup });
  if (!guard.ok) return fail(guard.kind === "unresolvable" ? "store_unreachable" : "private_address", undefined, guard.reason);

  let consumerSecret: string;
  let verifier: string;
  let requestToken: { token: string; tokenSecret: string } | null = null;
  try {
    consumerSecret = box.open(activation.consumerSecretEnc);
    verifier = box.open(activation.verifierEnc);
    if (activation.requestTokenEnc !== null && activation.requestTokenSecretEnc !== null) {
      requestToken = { token: box.open(activation.requestTokenEnc), tokenSecret: box.open(activation.requestTokenSecretEnc) };
    }
  } catch (e) {
    return fail("other", undefined, `cannot decrypt the stored callback: ${(e as Error).message}`);
  }

  // The store that answers is the posted one; its remembered signature choice (if we know it) comes first.
  const knownStore = await storage.stores.byBaseUrl(activation.storeBaseUrl);
  let signature = knownStore?.signature ?? { method: "HMAC-SHA256" as const, mode: "standard" as const };
  const common = {
    storeBaseUrl: activation.storeBaseUrl,
    consumerKey: inst.consumerKey,
    consumerSecret,
    fetch: deps.fetch,
    now: () => deps.now().getTime(),
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
  };

  let access;
  let step: "request" | "access" = "request";
  try {
    if (!requestToken) {
      await storage.activations.markRequestTokenCall(activationId, at());
      // A host that never answered correctly gets one POST per callback: no signature fallback retries.
      const request = await deps.handshake.fetchRequestToken({ ...common, signature, fallback: knownStore?.provenAt != null });
      signature = request.signature;
      requestToken = request.token;
      await storage.activations.saveRequestToken(activationId, box.seal(request.token.token), box.seal(request.token.tokenSecret), at());
      await storage.events.add({ ...ctx, kind: "request_token", message: `Request token received (${signature.method}, ${signature.mode} signing).`, at: at() });
    }
    step = "access";
    await storage.activations.markAccessTokenCall(activationId, at());
    access = await deps.handshake.fetchAccessToken({ ...common, signature, requestToken, verifier });
    signature = access.signature;
  } catch (e) {
    if (storeDidNotProcess(e) && at().getTime() - activation.callbackAt.getTime() < CONSUMER_EXPIRY_MS) {
      // 429/503: the store turned the call away before looking at it; the job retries it once the lane's pause
      // is over (signed again). Nothing was consumed, so this step may be sent again.
      await storage.events.add({ ...ctx, kind: "store_busy", message: `The store is busy (HTTP ${(e as { status: number }).status}); the ${step}-token call is retried shortly.`, at: at() });
      if (step === "request") await storage.activations.clearRequestTokenCall(activationId);
      throw new RetryLater(`store busy during the ${step}-token call`);
    }
    const c = classifyHandshakeError(e);
    return fail(c.reason, c.storeMessage, c.detail);
  }

  const finishedAt = at();
  const accessTokenEnc = box.seal(access.token.token);
  const accessTokenSecretEnc = box.seal(access.token.tokenSecret);
  const superseded = await storage.transaction(async (tx) => {
    const store = await tx.stores.markProven(activation.storeBaseUrl, signature, finishedAt);
    // The binding made by the first callback is proven: it never expires now (prune.ts).
    await tx.installations.markProven(inst.id, finishedAt);
    // `failed`: the maintenance job gave up on it a moment ago (past the deadline), but the token did arrive.
    await tx.activations.finish(activationId, ["exchanging", "failed"], { state: "succeeded", failureReason: null, accessTokenAt: finishedAt, at: finishedAt });
    const written = await tx.installations.installCredentials(inst.id, activation.seq, {
      storeId: store.id,
      consumerSecretEnc: activation.consumerSecretEnc,
      accessTokenEnc,
      accessTokenSecretEnc,
      at: finishedAt,
    });
    await tx.events.add({
      ...ctx,
      kind: written ? "activated" : "exchange_superseded",
      message: written
        ? `Access token received ${((finishedAt.getTime() - activation.callbackAt.getTime()) / 1000).toFixed(1)} s after the callback. The installation is active.`
        : "Access token received, but a newer activation had already succeeded; the newer credentials stay.",
      at: finishedAt,
    });
    return !written;
  });
  log.info({ installationId: inst.id, activationId, superseded }, "token exchange succeeded");
  return { kind: "succeeded", superseded };
}

/** 429 or 503 from the store: the request was turned away before anything was processed. */
function storeDidNotProcess(e: unknown): boolean {
  const status = (e as { status?: unknown } | null)?.status;
  return status === 429 || status === 503;
}

async function failExchange(
  deps: IntegrationDeps,
  inst: InstallationWithStore,
  activation: Activation,
  reason: FailureReason,
  storeMessage: string | undefined,
  detail: string,
): Promise<ExchangeOutcome> {
  const at = deps.now();
  const ctx = { installationId: inst.id, activationId: activation.id };
  // A replay of an activation that already succeeded fails with "not a verifier token": not a real failure.
  const twin = await deps.storage.activations.hasSucceededTwin(inst.id, activation.fingerprint, activation.id);
  await deps.storage.transaction(async (tx) => {
    await tx.activations.finish(activation.id, ["exchanging"], { state: twin ? "duplicate" : "failed", failureReason: reason, at });
    // Only the newest activation decides a non-active installation's state; active credentials stay.
    if (!twin) await tx.installations.failIfNewest(inst.id, activation.seq, reason, ["pending", "exchanging", "failed"]);
    await tx.events.add({
      ...ctx,
      kind: twin ? "exchange_duplicate" : "exchange_failed",
      message: twin
        ? "A repeated callback could not be exchanged again (expected); the earlier exchange already succeeded."
        : `Token exchange failed: ${FAILURE_FIXES[reason].title}.${detail ? ` (${detail.slice(0, 300)})` : ""}`,
      storeMessage: storeMessage ?? null,
      at,
    });
  });
  deps.log.warn({ installationId: inst.id, activationId: activation.id, reason }, "token exchange failed");
  return { kind: "failed", reason, storeMessage };
}

/**
 * Settles an activation nobody can finish any more (the maintenance job, past EXCHANGE_DEADLINE_MS): failed as
 * `interrupted`, and the installation too when it was waiting on it.
 */
export async function markInterrupted(deps: Pick<IntegrationDeps, "storage">, activation: Activation, now: Date, why: string): Promise<boolean> {
  return deps.storage.transaction(async (tx) => {
    const moved = await tx.activations.finish(activation.id, ["pending", "exchanging"], { state: "failed", failureReason: "interrupted", at: now });
    if (!moved) return false;
    await tx.installations.failIfNewest(activation.installationId, activation.seq, "interrupted", ["pending", "exchanging"]);
    await tx.events.add({
      installationId: activation.installationId,
      activationId: activation.id,
      kind: "exchange_failed",
      message: `Token exchange failed: ${FAILURE_FIXES.interrupted.title} (${why}).`,
      at: now,
    });
    return true;
  });
}
