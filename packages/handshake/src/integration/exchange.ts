import type { IntegrationDeps } from "./deps.ts";
import { sealedSecretEquals } from "./consumer-secret.ts";
import { assertPublicStoreHost } from "@magento-integration/client/net";
import {
  classifyHandshakeError,
  type FailureReason,
  MagentoApiError,
  MagentoOAuthError,
  STORE_ADVICE,
  type SignatureChoice,
} from "@magento-integration/client";
import { keepsRequestTokenForNewer, takeOverRequestToken } from "./request-token-handover.ts";
import { writeCheckpoint } from "./exchange-checkpoint.ts";
import { RetryLater } from "@magento-integration/storage/jobs";
import type { Activation, InstallationWithStore } from "@magento-integration/storage";
import type { TokenPair } from "@magento-integration/client/oauth";

/** Magento's `oauth/consumer/expiration_period`: the request token must be fetched within 300 s of the POST. */
export const CONSUMER_EXPIRY_MS = 300_000;
/** Magento's `oauth/consumer/post_timeout` for the activation POST itself. */
export const CALLBACK_TIMEOUT_MS = 5_000;
/**
 * An exchange still pending or exchanging this long after its callback can no longer succeed: the request token
 * is refused after 300 s and the access-token step has its own 20 s timeout. The maintenance job fails such
 * activations as `interrupted` (the `maintenance.exchanges` sweep, packages/handshake/src/integration/jobs.ts).
 */
export const EXCHANGE_DEADLINE_MS = CONSUMER_EXPIRY_MS + 25_000;

export type ExchangeOutcome =
  | { kind: "succeeded"; superseded: boolean }
  | { kind: "failed"; reason: FailureReason; storeMessage: string | undefined }
  | { kind: "skipped" };

/**
 * Runs the token exchange of one activation: `/oauth/token/request` then `/oauth/token/access` against the posted
 * store with the posted credentials, inside the store's 300 s window (it started when the store posted). Runs as
 * a job (packages/handshake/src/integration/jobs.ts): one at a time per consumer key, in arrival order. Each step is written down
 * before and after its call, so a job resumed after a crash (`resumed`: an earlier attempt's lease ran out) goes on
 * from there, and never sends a request-token call twice: Magento issues one per activation. Across instances the
 * final write is conditional on `credentialsSeq < seq`: an older activation finishing late never overwrites a
 * newer success.
 *
 * The steps, in protocol order (the callback was validated, bound and stored before: record-callback.ts):
 * claim the activation → skip it if a newer Reauthorize replaced it → announce the exchange → give up if it can
 * no longer succeed → refuse a private store host → open the sealed secrets → request-token call (checkpoint), or
 * the request token an older activation kept for this one (request-token-handover.ts) → request token
 * (checkpoint) → access-token call (checkpoint) → active. The checkpoints around the store calls wait out a short
 * database outage (exchange-checkpoint.ts) until `leaseEndsAt`, the end of the job's lease.
 */
export async function runExchange(
  deps: IntegrationDeps,
  activationId: string,
  opts: { resumed?: boolean; leaseEndsAt?: Date } = {},
): Promise<ExchangeOutcome> {
  const run = await claimActivation(deps, activationId, opts.resumed === true, opts.leaseEndsAt);
  if (!run) return SKIPPED;
  if (await skipIfSuperseded(run)) return SKIPPED;
  const lateByMs = await announceExchange(run);
  const blocked = cannotFinish(run, lateByMs) ?? (await privateStoreHost(run));
  if (blocked) return fail(run, blocked.reason, undefined, blocked.detail);
  const secrets = openSecrets(run);
  if (!secrets.ok) return fail(run, "other", undefined, secrets.failure);
  const tokens = await callTokenEndpoints(run, secrets);
  if (!tokens.ok) return tokens.outcome;
  return activate(run, tokens.access, tokens.signature);
}

const SKIPPED: ExchangeOutcome = { kind: "skipped" };

/** One activation's exchange in progress: what every step reads. */
interface ExchangeRun {
  deps: IntegrationDeps;
  activation: Activation;
  inst: InstallationWithStore;
  resumed: boolean;
  leaseEndsAt: Date | undefined;
}

/** The activation's secrets, opened from their sealed columns; `requestToken` when an earlier attempt stored it. */
interface OpenedSecrets {
  consumerSecret: string;
  verifier: string;
  requestToken: TokenPair | null;
}

type TokenStep = "request" | "access";

const fail = (
  run: ExchangeRun,
  reason: FailureReason,
  storeMessage: string | undefined,
  detail: string,
  keepRequestToken = false,
) => failExchange(run.deps, run.inst, run.activation, reason, storeMessage, detail, keepRequestToken);

/** Writes one event of this activation, stamped now. */
const addEvent = (run: ExchangeRun, kind: string, message: string) =>
  run.deps.storage.events.add({
    installationId: run.inst.id,
    activationId: run.activation.id,
    kind,
    message,
    at: run.deps.now(),
  });

/**
 * Takes the activation for this runner: only one runner (in any process) moves it out of `pending`; one already
 * `exchanging` is taken only by a resumed job (its earlier attempt died). Null when there is nothing to run.
 */
async function claimActivation(
  deps: IntegrationDeps,
  activationId: string,
  resumed: boolean,
  leaseEndsAt: Date | undefined,
): Promise<ExchangeRun | null> {
  const found = await deps.storage.activations.withInstallation(activationId);
  if (!found) return null;
  const { activation, installation: inst } = found;
  if (activation.state === "pending") {
    if (!(await deps.storage.activations.claimForExchange(activationId, deps.now()))) return null;
  } else if (activation.state !== "exchanging" || !resumed) {
    return null; // already ended, or another live runner has it
  }
  return { deps, activation, inst, resumed, leaseEndsAt };
}

/**
 * Magento keeps ONE verifier row per consumer and Reauthorize overwrites it: exchanging an older activation after a
 * newer one arrived would consume the newer verifier and break both. A newer activation from the same store with
 * the same consumer secret (a real Reauthorize; a forger does not know the secret) supersedes this one. True when
 * this one was set aside.
 */
async function skipIfSuperseded(run: ExchangeRun): Promise<boolean> {
  const { storage, box } = run.deps;
  const { activation, inst } = run;
  const newer = await storage.activations.newerFromSameStore(inst.id, activation.seq, activation.storeBaseUrl);
  let mySecret: string | null = null;
  try {
    mySecret = box.open(activation.consumerSecretEnc);
  } catch {
    mySecret = null; // unreadable: nothing can supersede it; openSecrets reports the decryption failure
  }
  const supersededBy =
    mySecret === null ? undefined : newer.find((n) => sealedSecretEquals(box, n.consumerSecretEnc, mySecret));
  if (!supersededBy) return false;
  await storage.activations.finish(activation.id, ["exchanging"], { state: "superseded", at: run.deps.now() });
  await addEvent(
    run,
    "exchange_skipped",
    `Not exchanged: the store sent a newer activation (#${supersededBy.seq}) for this integration, which replaces this one.`,
  );
  return true;
}

/** The installation shows `exchanging`, and the activation's history says the exchange (re)started. Returns how late. */
async function announceExchange(run: ExchangeRun): Promise<number> {
  await run.deps.storage.installations.markExchanging(run.inst.id);
  const lateByMs = run.deps.now().getTime() - run.activation.callbackAt.getTime();
  const late = (lateByMs / 1000).toFixed(1);
  await addEvent(
    run,
    run.resumed ? "exchange_resumed" : "exchange_started",
    run.resumed
      ? `Token exchange resumed ${late} s after the callback: the app running it stopped.`
      : `Token exchange started ${late} s after the callback (store allows 300 s).`,
  );
  return lateByMs;
}

/** Before the request token is held: a request-token call that may have been answered, or a window already closed. */
function cannotFinish(run: ExchangeRun, lateByMs: number): { reason: FailureReason; detail: string } | undefined {
  const { activation } = run;
  if (activation.requestTokenEnc !== null) return undefined;
  if (activation.requestTokenCallAt !== null) {
    // An earlier attempt sent the request-token call and died before its answer was stored: the store may have
    // issued the token (once per activation), so asking again would fail or, worse, race. Only Reauthorize helps.
    return { reason: "interrupted", detail: "the app stopped while the store was answering the request-token call" };
  }
  if (lateByMs >= CONSUMER_EXPIRY_MS) {
    return { reason: "interrupted", detail: "the app did not get to this exchange within the store's 300 s window" };
  }
  return undefined;
}

/** The posted store's host must resolve to public addresses (unless private stores are allowed). */
async function privateStoreHost(run: ExchangeRun): Promise<{ reason: FailureReason; detail: string } | undefined> {
  const { deps } = run;
  const guard = await assertPublicStoreHost(run.activation.storeBaseUrl, {
    allowPrivate: deps.allowPrivate,
    lookup: deps.lookup,
  });
  if (guard.ok) return undefined;
  return { reason: guard.kind === "unresolvable" ? "store_unreachable" : "private_address", detail: guard.reason };
}

/** Opens the sealed consumer secret, verifier and (if stored) request token; a key that is gone fails the exchange. */
function openSecrets(run: ExchangeRun): ({ ok: true } & OpenedSecrets) | { ok: false; failure: string } {
  const { box } = run.deps;
  const { activation } = run;
  try {
    const consumerSecret = box.open(activation.consumerSecretEnc);
    const verifier = box.open(activation.verifierEnc);
    const requestToken =
      activation.requestTokenEnc !== null && activation.requestTokenSecretEnc !== null
        ? { token: box.open(activation.requestTokenEnc), tokenSecret: box.open(activation.requestTokenSecretEnc) }
        : null;
    return { ok: true, consumerSecret, verifier, requestToken };
  } catch (e) {
    return { ok: false, failure: `cannot decrypt the stored callback: ${(e as Error).message}` };
  }
}

/**
 * The two token calls, each checkpointed on the activation, signed first in the store's remembered choice (if we
 * know it). A store that turned a call away unprocessed (429/503) gets it again later (RetryLater is thrown);
 * any other failure of a store call fails the exchange (the outcome). A database failure is not the store's: it
 * is thrown (after the checkpoint's wait), and the job runs again.
 */
async function callTokenEndpoints(
  run: ExchangeRun,
  secrets: OpenedSecrets,
): Promise<{ ok: true; access: TokenPair; signature: SignatureChoice } | { ok: false; outcome: ExchangeOutcome }> {
  // the installation's store was read with the activation (claimActivation); another posted URL is looked up
  const knownStore =
    run.inst.store.baseUrl === run.activation.storeBaseUrl
      ? run.inst.store
      : await run.deps.storage.stores.byBaseUrl(run.activation.storeBaseUrl);
  const call = tokenCallOptions(run, secrets.consumerSecret);
  let signature: SignatureChoice = knownStore?.signature ?? { method: "HMAC-SHA256", mode: "standard" };
  let requestToken =
    secrets.requestToken ??
    (await takeOverRequestToken(run.deps, run.activation, secrets.consumerSecret))?.token ??
    null;
  if (!requestToken) {
    // A host that never answered correctly gets one POST per callback: no signature fallback retries.
    const request = await sendRequestTokenCall(run, call, signature, knownStore?.provenAt != null);
    if (!request.ok) return request;
    ({ signature, token: requestToken } = request.value);
    await keepRequestToken(run, requestToken, signature);
  }
  const access = await sendAccessTokenCall(run, call, signature, requestToken, secrets.verifier);
  if (!access.ok) return access;
  return { ok: true, access: access.value.token, signature: access.value.signature };
}

/** One store call: its answer, or the outcome of its failure (tokenCallFailed). */
async function storeCall<T>(
  run: ExchangeRun,
  step: TokenStep,
  send: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; outcome: ExchangeOutcome }> {
  let value: T;
  try {
    value = await send();
  } catch (e) {
    return {
      ok: false,
      outcome: await checkpoint(run, `the failed ${step}-token call`, {}, () => tokenCallFailed(run, step, e)),
    };
  }
  return { ok: true, value };
}

/** A write of this exchange that waits out a short database outage (exchange-checkpoint.ts), within the job's lease. */
const checkpoint = <T>(
  run: ExchangeRun,
  what: string,
  bounds: { windowEndsAt?: Date },
  write: () => Promise<T>,
): Promise<T> =>
  writeCheckpoint(
    run.deps,
    what,
    { installationId: run.inst.id, activationId: run.activation.id },
    { ...bounds, ...(run.leaseEndsAt ? { leaseEndsAt: run.leaseEndsAt } : {}) },
    write,
  );

/** The end of the store's window for the request token: a checkpoint of it waits no longer. */
const windowEnd = (run: ExchangeRun) => new Date(run.activation.callbackAt.getTime() + CONSUMER_EXPIRY_MS);

/** What both token calls send: the posted store, the consumer key and secret, the guarded fetch, the clock. */
function tokenCallOptions(run: ExchangeRun, consumerSecret: string) {
  const { deps } = run;
  return {
    storeBaseUrl: run.activation.storeBaseUrl,
    consumerKey: run.inst.consumerKey,
    consumerSecret,
    fetch: deps.fetch,
    now: () => deps.now().getTime(),
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
  };
}
type TokenCallOptions = ReturnType<typeof tokenCallOptions>;

/** Checkpoint "request-token call sent", then POST /oauth/token/request. */
async function sendRequestTokenCall(
  run: ExchangeRun,
  call: TokenCallOptions,
  signature: SignatureChoice,
  fallback: boolean,
) {
  await checkpoint(run, "the request-token call", { windowEndsAt: windowEnd(run) }, () =>
    run.deps.storage.activations.markRequestTokenCall(run.activation.id, run.deps.now()),
  );
  return storeCall(run, "request", () => run.deps.handshake.fetchRequestToken({ ...call, signature, fallback }));
}

/**
 * Checkpoint "request token received": sealed on the activation, so a resumed job goes on to the access step. The
 * store has issued it (once per activation): the write waits out a short outage, within the store's window.
 */
async function keepRequestToken(run: ExchangeRun, token: TokenPair, signature: SignatureChoice): Promise<void> {
  const { storage, box } = run.deps;
  const tokenEnc = box.seal(token.token);
  const secretEnc = box.seal(token.tokenSecret);
  await checkpoint(run, "the request token", { windowEndsAt: windowEnd(run) }, async () => {
    await storage.activations.saveRequestToken(run.activation.id, tokenEnc, secretEnc, run.deps.now());
    await addEvent(run, "request_token", `Request token received (${signature.method}, ${signature.mode} signing).`);
  });
}

/** Checkpoint "access-token call sent", then POST /oauth/token/access with the request token and the verifier. */
async function sendAccessTokenCall(
  run: ExchangeRun,
  call: TokenCallOptions,
  signature: SignatureChoice,
  requestToken: TokenPair,
  verifier: string,
) {
  await checkpoint(run, "the access-token call", {}, () =>
    run.deps.storage.activations.markAccessTokenCall(run.activation.id, run.deps.now()),
  );
  return storeCall(run, "access", () =>
    run.deps.handshake.fetchAccessToken({ ...call, signature, requestToken, verifier }),
  );
}

/** A token call failed: retried later if the store turned it away unprocessed (and the window is open), else failed. */
async function tokenCallFailed(run: ExchangeRun, step: TokenStep, e: unknown): Promise<ExchangeOutcome> {
  const { storage } = run.deps;
  if (storeDidNotProcess(e) && run.deps.now().getTime() - run.activation.callbackAt.getTime() < CONSUMER_EXPIRY_MS) {
    // 429/503: the store turned the call away before looking at it; the job retries it once the lane's pause is
    // over (signed again). Nothing was consumed, so this step may be sent again. The activation goes back to
    // pending: the job's next run is not a resumed attempt, and claims it afresh.
    await addEvent(
      run,
      "store_busy",
      `The store is busy (HTTP ${e.status}); the ${step}-token call is retried shortly.`,
    );
    await storage.activations.giveBack(run.activation.id, { requestTokenCall: step === "request" });
    throw new RetryLater(`store busy during the ${step}-token call`);
  }
  const c = classifyHandshakeError(e);
  if (keepsRequestTokenForNewer(step, c.reason)) {
    // Magento re-issues a consumer's one token row on Reauthorize: our request token carries the newer verifier,
    // kept for that activation to take over (docs/platform.md, "A Reauthorize during an exchange")
    return fail(
      run,
      c.reason,
      c.storeMessage,
      `${c.detail}; the request token is kept for a newer activation of this integration`,
      true,
    );
  }
  if (step === "access" && run.resumed && run.activation.accessTokenCallAt !== null) {
    // An earlier attempt sent the access-token call and died before its answer was stored: the store may have
    // turned the request token into the access token already, and then refuses it now. The crash is the cause.
    return fail(
      run,
      "interrupted",
      c.storeMessage,
      `the app stopped while the store was answering the access-token call; asked again: ${c.detail}`,
    );
  }
  return fail(run, c.reason, c.storeMessage, c.detail);
}

/**
 * Active: in one transaction the store is proven with the signature choice that worked, the installation's binding
 * too, the activation succeeded, and the credentials are installed unless a newer activation already succeeded.
 * The store has spent the request token on this access token: the transaction waits out a short database outage.
 */
async function activate(run: ExchangeRun, access: TokenPair, signature: SignatureChoice): Promise<ExchangeOutcome> {
  const { storage, box, log } = run.deps;
  const { activation, inst } = run;
  const finishedAt = run.deps.now();
  const accessTokenEnc = box.seal(access.token);
  const accessTokenSecretEnc = box.seal(access.tokenSecret);
  const result = await checkpoint(run, "the access token", {}, () =>
    storage.transaction(async (tx) => {
      // `failed`: the maintenance job gave up on it a moment ago (past the deadline), but the token did arrive.
      const moved = await tx.activations.finish(activation.id, ["exchanging", "failed"], {
        state: "succeeded",
        failureReason: null,
        accessTokenAt: finishedAt,
        at: finishedAt,
      });
      // Already succeeded: an earlier try of this transaction committed, and the connection broke before its answer.
      if (!moved) return "settled" as const;
      const store = await tx.stores.markProven(activation.storeBaseUrl, signature, finishedAt);
      // The binding made by the first callback is proven: it never expires now (prune.ts).
      await tx.installations.markProven(inst.id, finishedAt);
      const written = await tx.installations.installCredentials(inst.id, activation.seq, {
        storeId: store.id,
        consumerSecretEnc: activation.consumerSecretEnc,
        accessTokenEnc,
        accessTokenSecretEnc,
        at: finishedAt,
      });
      await tx.events.add({
        installationId: inst.id,
        activationId: activation.id,
        kind: written ? "activated" : "exchange_superseded",
        message: written
          ? `Access token received ${((finishedAt.getTime() - activation.callbackAt.getTime()) / 1000).toFixed(1)} s after the callback. The installation is active.`
          : "Access token received, but a newer activation had already succeeded; the newer credentials stay.",
        at: finishedAt,
      });
      return written ? ("installed" as const) : ("superseded" as const);
    }),
  );
  if (result === "settled") return settledEarlier(run);
  const superseded = result === "superseded";
  log.info({ installationId: inst.id, activationId: activation.id, superseded }, "token exchange succeeded");
  return { kind: "succeeded", superseded };
}

/** The activation ended before this run's final write (an earlier try of it committed): what it ended as. */
async function settledEarlier(run: ExchangeRun): Promise<ExchangeOutcome> {
  const { storage } = run.deps;
  if ((await storage.activations.byId(run.activation.id))?.state !== "succeeded") return SKIPPED;
  const installed = (await storage.installations.byId(run.inst.id))?.credentialsSeq === run.activation.seq;
  return { kind: "succeeded", superseded: !installed };
}

/** 429 or 503 from the store: the request was turned away before anything was processed. */
function storeDidNotProcess(e: unknown): e is MagentoOAuthError | MagentoApiError {
  return (e instanceof MagentoOAuthError || e instanceof MagentoApiError) && (e.status === 429 || e.status === 503);
}

async function failExchange(
  deps: IntegrationDeps,
  inst: InstallationWithStore,
  activation: Activation,
  reason: FailureReason,
  storeMessage: string | undefined,
  detail: string,
  keepRequestToken = false,
): Promise<ExchangeOutcome> {
  const at = deps.now();
  const ctx = { installationId: inst.id, activationId: activation.id };
  // A replay of an activation that already succeeded fails with "not a verifier token": not a real failure.
  const twin = await deps.storage.activations.hasSucceededTwin(inst.id, activation.fingerprint, activation.id);
  await deps.storage.transaction(async (tx) => {
    await tx.activations.finish(activation.id, ["exchanging"], {
      state: twin ? "duplicate" : "failed",
      failureReason: reason,
      at,
      keepRequestToken: keepRequestToken && !twin,
    });
    // Only the newest activation decides a non-active installation's state; active credentials stay.
    if (!twin)
      await tx.installations.failIfNewest(inst.id, activation.seq, reason, ["pending", "exchanging", "failed"]);
    await tx.events.add({
      ...ctx,
      kind: twin ? "exchange_duplicate" : "exchange_failed",
      message: twin
        ? "A repeated callback could not be exchanged again (expected); the earlier exchange already succeeded."
        : `Token exchange failed: ${STORE_ADVICE[reason].title}.${detail ? ` (${detail.slice(0, 300)})` : ""}`,
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
export async function markInterrupted(
  deps: Pick<IntegrationDeps, "storage">,
  activation: Activation,
  now: Date,
  why: string,
): Promise<boolean> {
  return deps.storage.transaction(async (tx) => {
    const moved = await tx.activations.finish(activation.id, ["pending", "exchanging"], {
      state: "failed",
      failureReason: "interrupted",
      at: now,
    });
    if (!moved) return false;
    await tx.installations.failIfNewest(activation.installationId, activation.seq, "interrupted", [
      "pending",
      "exchanging",
    ]);
    await tx.events.add({
      installationId: activation.installationId,
      activationId: activation.id,
      kind: "exchange_failed",
      message: `Token exchange failed: ${STORE_ADVICE.interrupted.title} (${why}).`,
      at: now,
    });
    return true;
  });
}
