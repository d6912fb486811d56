import {
  parseActivationCallback,
  type ActivationCallback,
  type ReceivedCallback,
  activationFingerprint,
  bindingDiffers,
  recordRefusal,
  CALLBACK_JOB,
  callbackJob,
  type CallbackLimiter,
  CallbackAdmission,
  CALLBACK_PATH,
  IDENTITY_PATH,
} from "@magento-integration/handshake";
import { databaseUnreachable, type InstallationWithStore } from "@magento-integration/storage";
import { groupPerTurn } from "@magento-integration/storage/jobs";
import { metrics, annotate, withSpan } from "@magento-integration/storage/ops";
import type { KitCore } from "./core";

const OUTCOMES = { 200: "accepted", 400: "invalid", 429: "rate_limited", 503: "database_unreachable" } as const;

/** What every accepted or refused callback hears: Magento ignores the answer, and a forger learns nothing from it. */
export const CALLBACK_OK = "ok";
/** The answer while the database cannot be reached (a restart): nothing was recorded. */
export const DATABASE_AWAY =
  "The app cannot record the activation right now: its database is unreachable. Activate the integration again in a minute.";
/** The answer when the app takes no more callbacks right now (docs/security.md, "Floods"): nothing was recorded. */
export const CALLBACKS_BUSY =
  "The app is receiving too many activation callbacks right now and recorded nothing. Activate the integration again in a minute.";
/** How long a worker in the same process holds back new jobs after each callback arrives. */
const CALLBACK_GIVE_WAY_MS = 100;

export interface CallbackResponse {
  status: 200 | 400 | 429 | 503;
  message: string;
  retryAfterSeconds?: number;
}

/** One refused callback, as the refusals of one event-loop turn are recorded together. */
interface Refusal {
  installationId: string;
  storeBaseUrl: string;
  differs: string;
}

/**
 * The activation callback (Magento posts it on Activate, Save & Activate and Reauthorize, and waits 5 s): admit
 * (a bounded number at once), rate limit, validate (400 names the field, nothing written), check the key's binding
 * (one indexed read: a callback that contradicts it is refused here, never queued), budget never-proven keys, seal
 * the secrets and enqueue the callback as one job, answer. Everything else (recording, the token exchange) runs in
 * jobs (packages/handshake/src/integration/jobs.ts), so the answer never waits for a store. A refused callback gets the same 200
 * as an accepted one (docs/security.md).
 */
export function handshakeVerbs(
  core: KitCore,
  limiter: CallbackLimiter,
  admission: CallbackAdmission = new CallbackAdmission(),
) {
  /**
   * The keys' bindings, read for every callback of one turn together (one statement for a burst of hundreds: one
   * read each was most of a burst's time on SQLite's single connection).
   */
  const bindingOf = groupPerTurn<string, InstallationWithStore | null>(async (group) => {
    const found = await core.storage.installations.byConsumerKeys(group.map((p) => p.value));
    for (const p of group) p.resolve(found.get(p.value) ?? null);
  });
  /** Refusals of one turn: one event write per installation, however many forgeries arrived together. */
  const refuse = groupPerTurn<Refusal, void>(async (group) => {
    const byInstallation = new Map<string, Refusal[]>();
    for (const p of group)
      byInstallation.set(p.value.installationId, [...(byInstallation.get(p.value.installationId) ?? []), p.value]);
    for (const [installationId, refusals] of byInstallation) {
      const last = refusals[refusals.length - 1]!;
      const first = await core.storage.transaction((tx) =>
        recordRefusal(tx, installationId, last.storeBaseUrl, last.differs, core.now(), refusals.length),
      );
      if (first)
        core.log.warn({ installationId }, "activation callback refused: it contradicts the consumer key's binding");
    }
    for (const p of group) p.resolve();
  });

  return {
    /**
     * A slot for one callback, taken before its body is read: the release function, or null when the process
     * already handles as many as it takes at once (answer `busy()` then: nothing read, nothing written).
     */
    enterCallback(): (() => void) | null {
      return admission.enter();
    },

    busy(): CallbackResponse {
      return { status: 503, message: CALLBACKS_BUSY, retryAfterSeconds: 5 };
    },

    async receiveCallback(form: URLSearchParams, request: { clientIp?: string } = {}): Promise<CallbackResponse> {
      return withSpan("activation callback", {}, async (span) => {
        const answer = await receive(form, request);
        const outcome = answer.message === CALLBACKS_BUSY ? "busy" : OUTCOMES[answer.status];
        metrics().callbacks.inc({ outcome });
        annotate(span, { "kit.outcome": outcome });
        return answer;
      });
    },

    urls(): { appUrl: string; callbackUrl: string; identityUrl: string } {
      const appUrl = core.env.appUrl;
      return {
        appUrl,
        callbackUrl: `${appUrl}${CALLBACK_PATH}`,
        identityUrl: `${appUrl}${IDENTITY_PATH}`,
      };
    },
  };

  async function receive(form: URLSearchParams, request: { clientIp?: string }): Promise<CallbackResponse> {
    const started = performance.now();
    const parsed = parseActivationCallback(form, { allowPrivate: core.env.allowPrivateStoreUrls });
    if (!parsed.ok) {
      core.log.info({ field: parsed.field }, "activation callback refused");
      return { status: 400, message: parsed.message };
    }
    const cb = parsed.value;
    try {
      return await accept(cb, request, started);
    } catch (e) {
      if (!databaseUnreachable(e)) throw e;
      // nothing was stored: the store reports a failed post, and the merchant activates again
      core.log.error({ err: (e as Error).message }, "activation callback not recorded: the database cannot be reached");
      return { status: 503, message: DATABASE_AWAY, retryAfterSeconds: 30 };
    }
  }

  /** A valid callback: rate limit, binding, budget, seal, enqueue. */
  async function accept(
    cb: ActivationCallback,
    request: { clientIp?: string },
    started: number,
  ): Promise<CallbackResponse> {
    const limit = await limiter.take(cb, request.clientIp, core.now().getTime());
    if (!limit.ok) {
      return {
        status: 429,
        message: `Too many activation callbacks; try again in ${limit.retryAfterSeconds} s.`,
        retryAfterSeconds: limit.retryAfterSeconds,
      };
    }
    // The key's binding, one indexed read (shared by the turn's callbacks): a callback that contradicts it never
    // becomes a job (the job checks again under the key's lock, for two first callbacks of a new key at once).
    const bound = await bindingOf(cb.consumerKey);
    if (bound) {
      const differs = bindingDiffers(core.box, bound, cb, cb.consumerSecret);
      if (differs) {
        await refuse({ installationId: bound.id, storeBaseUrl: cb.storeBaseUrl, differs });
        return { status: 200, message: CALLBACK_OK };
      }
    }
    const proven = bound?.provenAt != null;
    if (!proven) {
      const budget = admission.takeUnproven(new URL(cb.storeBaseUrl).host, core.now().getTime());
      if (!budget.ok) return { status: 503, message: CALLBACKS_BUSY, retryAfterSeconds: budget.retryAfterSeconds };
    }
    // accepted callbacks come in bursts (a merchant activating many stores, a redeploy re-posting): a worker in
    // this process starts nothing new until they are answered, and runs their jobs right after
    core.giveWay(CALLBACK_GIVE_WAY_MS);
    const data: ReceivedCallback = {
      consumerKey: cb.consumerKey,
      storeBaseUrl: cb.storeBaseUrl,
      consumerSecretEnc: core.box.seal(cb.consumerSecret),
      verifierEnc: core.box.seal(cb.verifier),
      fingerprint: activationFingerprint(cb),
      callbackAt: core.now(),
      answeredMs: Math.round(performance.now() - started),
    };
    await core.sendGrouped(CALLBACK_JOB, data, callbackJob(cb, proven));
    return { status: 200, message: CALLBACK_OK };
  }
}
