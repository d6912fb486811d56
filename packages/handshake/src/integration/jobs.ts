/**
 * The handshake as jobs, in protocol order: callback validated → bound → stored → request-token call → request
 * token → access-token call → active. The callback URL only validates, seals, enqueues and answers
 * (lib/verbs/handshake.ts receiveCallback); then:
 * - `handshake.callback` records the callback (binding check, installation, activation: record-callback.ts) and
 *   enqueues the exchange.
 * - `handshake.exchange` runs the token exchange (exchange.ts), resumable after a crash, inside the 300 s window.
 *   A success enqueues the first health probe.
 * - `maintenance.exchanges` (recurring, every few seconds): an activation still pending or exchanging past the
 *   store's window plus the last step's timeout (EXCHANGE_DEADLINE_MS) can never finish: failed as `interrupted` at
 *   once, with nobody polling. A pending activation whose exchange job got lost (a crash between recording the
 *   callback and sending the job) gets one.
 * The callback and exchange jobs of one consumer key share one job key (`handshakeKey`), so they run one at a
 * time in the order sent: an exchange never starts while a later callback of its key waits to be recorded.
 */
import { z } from "zod";
import { metrics } from "@magento-integration/storage/ops";
import { recordCallback } from "./record-callback.ts";
import { receivedCallbackSchema } from "./callback-schema.ts";
import { consumerKeyDigest, consumerKeyRef } from "./key-digest.ts";
import { EXCHANGE_DEADLINE_MS, markInterrupted, runExchange } from "./exchange.ts";
import type { IntegrationDeps } from "./deps.ts";
import { pruneUnproven, UNPROVEN_TTL_MS } from "./prune.ts";
import { pruneLinkRequests } from "./link-requests.ts";
import {
  defineJob,
  type JobKind,
  type JobModule,
  UNPROVEN_LANE_PREFIX,
  type JobQueue,
  type SendOptions,
  handshakeLane,
  storeLane,
  unprovenRecordingLane,
} from "@magento-integration/storage/jobs";
import type { Storage } from "@magento-integration/storage";
import { probeJob, type ProbeJobServices } from "./probe-jobs.ts";

export const CALLBACK_JOB = "handshake.callback";
export const EXCHANGE_JOB = "handshake.exchange";
export const EXCHANGE_SWEEP_JOB = "maintenance.exchanges";
/** A pending activation this old without an exchange job gets one (the normal path sends it within ms). */
const LOST_JOB_AFTER_MS = 10_000;

/** What the handshake's jobs use of the kit: what health probes use, and the handshake's own dependencies. */
export interface HandshakeJobServices extends ProbeJobServices {
  /** The handshake's dependencies, with the store fetch a job brings (governed for its lane). */
  integration(storeFetch: typeof fetch): IntegrationDeps;
}

/**
 * What the app-wide prune job (lib/jobs/kinds/maintenance.ts) removes of the handshake: createKit (lib/kit.ts)
 * hands it in, so that lib/jobs imports nothing of packages/handshake/src/integration.
 */
export interface HandshakePruning {
  pruneUnproven(deps: {
    storage: Storage;
    now: () => Date;
  }): Promise<{ installations: number; stores: number; requestTokens: number }>;
  /** How long a never-proven callback (and its queued jobs) is kept. */
  unprovenTtlMs: number;
  pruneLinkRequests(storage: Storage, now: Date): Promise<number>;
}

/** The handshake's share of the app-wide prune job (lib/jobs/kinds/maintenance.ts). */
export const HANDSHAKE_PRUNING: HandshakePruning = {
  pruneUnproven,
  unprovenTtlMs: UNPROVEN_TTL_MS,
  pruneLinkRequests,
};

/**
 * The job key of a consumer key's callbacks and exchanges. Magento keeps one verifier token per consumer and
 * Reauthorize replaces it (docs/platform.md, "Job kinds"): an older activation's request-token call made after a
 * newer callback arrived would consume the newer token. With one key, a callback queued before an exchange is
 * recorded first, and the exchange then sees the newer activation and stands aside. A Reauthorize the store takes
 * while an older exchange is already past that check is handled by the exchange itself (request-token-handover.ts).
 */
export const handshakeKey = (consumerKey: string): string => `handshake:${consumerKeyDigest(consumerKey)}`;

/**
 * The longest one token call of a never-proven store may take (a proven one gets the kit's token timeout, 20 s by
 * default): anyone can name a host that accepts and never answers, and its jobs must not hold the class's slots
 * for long. Magento answers its token endpoints in well under a second.
 */
export const UNPROVEN_CALL_TIMEOUT_MS = 8_000;

/**
 * How a callback job is sent (the callback URL calls this). `proven`: an exchange with the key's store succeeded
 * before (a Reauthorize); otherwise the job is in the never-proven class (packages/storage/src/jobs/queue.ts).
 */
export function callbackJob(cb: { consumerKey: string; storeBaseUrl: string }, proven: boolean): SendOptions {
  return {
    lane: proven ? storeLane(cb.storeBaseUrl) : unprovenRecordingLane(cb.storeBaseUrl),
    key: handshakeKey(cb.consumerKey),
    ref: consumerKeyRef(cb.consumerKey),
    retryLimit: 5,
    retryDelaySeconds: 1,
    retryBackoff: true,
    leaseSeconds: 30,
    // ahead of the store's own backlog (sync slices, exports, bulk): the exchange has the store's 300 s window
    urgent: proven,
  };
}

function exchangeJob(consumerKey: string, storeBaseUrl: string, installationId: string, proven: boolean): SendOptions {
  // Two token calls of at most 20 s each (8 s for a never-proven store): a crashed exchange resumes within a minute.
  return {
    lane: handshakeLane(storeBaseUrl, proven),
    key: handshakeKey(consumerKey),
    ref: installationId,
    retryLimit: 3,
    retryDelaySeconds: 2,
    retryBackoff: true,
    leaseSeconds: 60,
    urgent: proven, // as the callback's job (above); a never-proven store's lane has no backlog of its own
  };
}

export function handshakeJobs(s: HandshakeJobServices, queue: Pick<JobQueue, "hasOpen">): JobKind[] {
  return [
    defineJob({
      kind: CALLBACK_JOB,
      priority: "foreground", // the store posts the callback as the merchant clicks Activate
      schema: receivedCallbackSchema,
      async run(cb, ctx) {
        const r = await recordCallback(s.integration(ctx.storeFetch), cb, { again: ctx.attempt > 0 });
        if (r.refused) {
          if (r.firstInWindow)
            ctx.log.warn(
              { installationId: r.installationId },
              "activation callback refused: it contradicts the consumer key's binding",
            );
          return { output: { refused: true } };
        }
        if (r.duplicate) return { output: { duplicate: true, activationId: r.activationId } };
        await s.send(
          EXCHANGE_JOB,
          { activationId: r.activationId },
          exchangeJob(cb.consumerKey, cb.storeBaseUrl, r.installationId, r.proven),
        );
        return { output: { installationId: r.installationId, activationId: r.activationId } };
      },
    }),
    defineJob({
      kind: EXCHANGE_JOB,
      priority: "foreground", // inside the store's 300 s window, the merchant's popup waiting
      schema: z.object({ activationId: z.string() }),
      async run({ activationId }, ctx) {
        const began = performance.now();
        const deps = s.integration(ctx.storeFetch);
        const unproven = ctx.job.lane.startsWith(UNPROVEN_LANE_PREFIX);
        const bounded = unproven
          ? { ...deps, timeoutMs: Math.min(deps.timeoutMs ?? UNPROVEN_CALL_TIMEOUT_MS, UNPROVEN_CALL_TIMEOUT_MS) }
          : deps;
        const outcome = await runExchange(bounded, activationId, {
          resumed: ctx.attempt > 0,
          leaseEndsAt: ctx.leaseEndsAt,
        });
        const label = outcome.kind === "failed" ? `failed_${outcome.reason}` : outcome.kind;
        metrics().exchanges.inc({ outcome: label });
        metrics().exchangeSeconds.observe({ outcome: label }, (performance.now() - began) / 1000);
        if (outcome.kind === "succeeded" && !outcome.superseded) {
          const found = await s.storage.activations.withInstallation(activationId);
          if (found)
            await s.send(
              probeJob.kind,
              { installationId: found.installation.id, reason: "activation" },
              probeJob.options(found.installation),
            );
        }
        return { output: outcome };
      },
      async onFailed({ activationId }, message, ctx) {
        const a = await s.storage.activations.byId(activationId);
        if (a && (a.state === "pending" || a.state === "exchanging")) {
          await markInterrupted(
            { storage: s.storage },
            a,
            ctx.now(),
            `the exchange job failed: ${message.slice(0, 200)}`,
          );
        }
      },
    }),
    defineJob({
      kind: EXCHANGE_SWEEP_JOB,
      schema: z.object({}).loose(),
      async run() {
        const now = s.now();
        let interrupted = 0;
        let resent = 0;
        for (const a of await s.storage.activations.listOpen()) {
          const age = now.getTime() - a.callbackAt.getTime();
          if (age >= EXCHANGE_DEADLINE_MS) {
            if (
              await markInterrupted(
                { storage: s.storage },
                a,
                now,
                "nothing finished the exchange within the store's 300 s window",
              )
            )
              interrupted++;
          } else if (
            a.state === "pending" &&
            age >= LOST_JOB_AFTER_MS &&
            !(await queue.hasOpen(EXCHANGE_JOB, a.installationId))
          ) {
            const inst = await s.storage.installations.byId(a.installationId);
            if (
              inst &&
              (await s.send(
                EXCHANGE_JOB,
                { activationId: a.id },
                exchangeJob(inst.consumerKey, a.storeBaseUrl, inst.id, inst.provenAt !== null),
              ))
            )
              resent++;
          }
        }
        return { output: { interrupted, resent } };
      },
    }),
  ];
}

export { exchangeJob };

/** The handshake's job module (registered by createKit, lib/kit.ts): callbacks, exchanges, the sweep of lost ones. */
export const handshakeJobModule: JobModule<HandshakeJobServices> = {
  labels: {
    [CALLBACK_JOB]: "Activation callback",
    [EXCHANGE_JOB]: "Token exchange",
    [EXCHANGE_SWEEP_JOB]: "Interrupted exchanges",
  },
  kinds: handshakeJobs,
  recurring: () => [{ kind: EXCHANGE_SWEEP_JOB, everyMs: 5_000 }],
};
