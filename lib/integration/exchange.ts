import type { SignatureMethod, SignatureMode } from "@/lib/oauth";
import type { IntegrationDeps } from "@/lib/integration/deps";
import { addEvent } from "@/lib/integration/deps";
import { sealedSecretEquals } from "@/lib/integration/consumer-secret";
import { assertPublicStoreHost } from "@/lib/integration/store-url";
import { FAILURE_FIXES, reasonFromStoreMessage, type FailureReason } from "@/lib/integration/failure-reasons";

/** Magento's `oauth/consumer/expiration_period`: the request token must be fetched within 300 s of the POST. */
export const CONSUMER_EXPIRY_MS = 300_000;
/** Magento's `oauth/consumer/post_timeout` for the activation POST itself. */
export const CALLBACK_TIMEOUT_MS = 5_000;

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
 * store with the posted credentials. Called right after the callback was answered (the 300 s window started when
 * the store posted). Serialised per consumer key in this process; across processes the final write is
 * conditional on `credentialsSeq < seq`, so an older activation finishing late never overwrites a newer success.
 */
export async function runExchange(deps: IntegrationDeps, activationId: string): Promise<ExchangeOutcome> {
  const first = await deps.db.activation.findUnique({
    where: { id: activationId },
    select: { installation: { select: { consumerKey: true } } },
  });
  if (!first) return { kind: "skipped" };
  return deps.locks.run(`key:${first.installation.consumerKey}`, () => exchangeLocked(deps, activationId));
}

async function exchangeLocked(deps: IntegrationDeps, activationId: string): Promise<ExchangeOutcome> {
  const { db, box, log } = deps;
  const activation = await db.activation.findUnique({
    where: { id: activationId },
    include: { installation: { include: { store: true } } },
  });
  if (!activation) return { kind: "skipped" };
  // Claim the activation: only one runner (in any process) moves it out of `pending`.
  const claimed = await db.activation.updateMany({
    where: { id: activationId, state: "pending" },
    data: { state: "exchanging", exchangeStartedAt: deps.now() },
  });
  if (claimed.count === 0) return { kind: "skipped" };

  const inst = activation.installation;
  const at = () => deps.now();

  // Magento keeps ONE verifier row per consumer and Reauthorize overwrites it: exchanging an older activation
  // after a newer one arrived would consume the newer verifier and break both. A newer activation from the same
  // store with the same consumer secret (a real Reauthorize; a forger does not know the secret) supersedes this one.
  const newer = await db.activation.findMany({
    where: { installationId: inst.id, seq: { gt: activation.seq }, storeBaseUrl: activation.storeBaseUrl, state: { in: ["pending", "exchanging", "succeeded"] } },
    select: { consumerSecretEnc: true, seq: true },
  });
  let mySecret: string | null = null;
  try {
    mySecret = box.open(activation.consumerSecretEnc);
  } catch {
    mySecret = null; // unreadable: nothing can supersede it; the exchange below reports the decryption failure
  }
  const supersededBy = mySecret === null ? undefined : newer.find((n) => sealedSecretEquals(box, n.consumerSecretEnc, mySecret));
  if (supersededBy) {
    await db.activation.update({ where: { id: activationId }, data: { state: "superseded", finishedAt: at() } });
    await addEvent(db, {
      installationId: inst.id,
      activationId,
      kind: "exchange_skipped",
      message: `Not exchanged: the store sent a newer activation (#${supersededBy.seq}) for this integration, which replaces this one.`,
      at: at(),
    });
    return { kind: "skipped" };
  }
  const ctx = { installationId: inst.id, activationId };
  await db.installation.updateMany({ where: { id: inst.id, state: "pending" }, data: { state: "exchanging" } });
  const lateBy = at().getTime() - activation.callbackAt.getTime();
  await addEvent(db, {
    ...ctx,
    kind: "exchange_started",
    message: `Token exchange started ${(lateBy / 1000).toFixed(1)} s after the callback (store allows 300 s).`,
    at: at(),
  });

  const fail = async (reason: FailureReason, storeMessage: string | undefined, detail: string): Promise<ExchangeOutcome> => {
    // A replay of an activation that already succeeded fails with "not a verifier token": not a real failure.
    const twin = await db.activation.findFirst({
      where: { installationId: inst.id, fingerprint: activation.fingerprint, state: "succeeded", id: { not: activationId } },
    });
    const state = twin ? "duplicate" : "failed";
    await db.$transaction(async (tx) => {
      await tx.activation.update({
        where: { id: activationId },
        data: { state, failureReason: reason, finishedAt: at() },
      });
      if (!twin) {
        // Only the newest activation decides a non-active installation's state; active credentials stay.
        await tx.installation.updateMany({
          where: { id: inst.id, activationCount: activation.seq, state: { in: ["pending", "exchanging", "failed"] } },
          data: { state: "failed", failureReason: reason },
        });
      }
      await addEvent(tx, {
        ...ctx,
        kind: twin ? "exchange_duplicate" : "exchange_failed",
        message: twin
          ? "A repeated callback could not be exchanged again (expected); the earlier exchange already succeeded."
          : `Token exchange failed: ${FAILURE_FIXES[reason].title}.${detail ? ` (${detail.slice(0, 300)})` : ""}`,
        storeMessage: storeMessage ?? null,
        at: at(),
      });
    });
    log.warn({ installationId: inst.id, activationId, reason }, "token exchange failed");
    return { kind: "failed", reason, storeMessage };
  };

  const guard = await assertPublicStoreHost(activation.storeBaseUrl, { allowPrivate: deps.allowPrivate, lookup: deps.lookup });
  if (!guard.ok) return fail(guard.kind === "unresolvable" ? "store_unreachable" : "private_address", undefined, guard.reason);

  let consumerSecret: string;
  let verifier: string;
  try {
    consumerSecret = box.open(activation.consumerSecretEnc);
    verifier = box.open(activation.verifierEnc);
  } catch (e) {
    return fail("other", undefined, `cannot decrypt the stored callback: ${(e as Error).message}`);
  }

  // The store that answers is the posted one; its remembered signature choice (if we know it) comes first.
  const knownStore = await db.store.findUnique({ where: { baseUrl: activation.storeBaseUrl } });
  let signature = {
    method: (knownStore?.signatureMethod ?? "HMAC-SHA256") as SignatureMethod,
    mode: (knownStore?.signatureMode ?? "standard") as SignatureMode,
  };
  const common = {
    storeBaseUrl: activation.storeBaseUrl,
    consumerKey: inst.consumerKey,
    consumerSecret,
    fetch: deps.fetch,
    now: () => deps.now().getTime(),
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
  };

  let access;
  try {
    // A host that never answered correctly gets one POST per callback: no signature fallback retries.
    const request = await deps.handshake.fetchRequestToken({ ...common, signature, fallback: knownStore?.provenAt != null });
    signature = request.signature;
    await db.activation.update({ where: { id: activationId }, data: { requestTokenAt: at() } });
    await addEvent(db, {
      ...ctx,
      kind: "request_token",
      message: `Request token received (${signature.method}, ${signature.mode} signing).`,
      at: at(),
    });
    access = await deps.handshake.fetchAccessToken({ ...common, signature, requestToken: request.token, verifier });
    signature = access.signature;
  } catch (e) {
    const c = classifyHandshakeError(e);
    return fail(c.reason, c.storeMessage, c.detail);
  }

  const finishedAt = at();
  const accessTokenEnc = box.seal(access.token.token);
  const accessTokenSecretEnc = box.seal(access.token.tokenSecret);
  let superseded = false;
  await db.$transaction(async (tx) => {
    const store = await tx.store.upsert({
      where: { baseUrl: activation.storeBaseUrl },
      create: { baseUrl: activation.storeBaseUrl, signatureMethod: signature.method, signatureMode: signature.mode, provenAt: finishedAt },
      update: { signatureMethod: signature.method, signatureMode: signature.mode, ...(knownStore?.provenAt ? {} : { provenAt: finishedAt }) },
    });
    // The binding made by the first callback is proven: it never expires now (prune.ts).
    await tx.installation.updateMany({ where: { id: inst.id, provenAt: null }, data: { provenAt: finishedAt } });
    await tx.activation.update({
      where: { id: activationId },
      data: { state: "succeeded", accessTokenAt: finishedAt, finishedAt },
    });
    const written = await tx.installation.updateMany({
      where: { id: inst.id, credentialsSeq: { lt: activation.seq } },
      data: {
        state: "active",
        failureReason: null,
        mode: "oauth",
        storeId: store.id,
        consumerSecretEnc: activation.consumerSecretEnc,
        accessTokenEnc,
        accessTokenSecretEnc,
        credentialsSeq: activation.seq,
        activatedAt: finishedAt,
        lastSuccessAt: finishedAt,
      },
    });
    superseded = written.count === 0;
    await addEvent(tx, {
      ...ctx,
      kind: superseded ? "exchange_superseded" : "activated",
      message: superseded
        ? "Access token received, but a newer activation had already succeeded; the newer credentials stay."
        : `Access token received ${((finishedAt.getTime() - activation.callbackAt.getTime()) / 1000).toFixed(1)} s after the callback. The installation is active.`,
      at: finishedAt,
    });
  });
  log.info({ installationId: inst.id, activationId, superseded }, "token exchange succeeded");
  return { kind: "succeeded", superseded };
}
