/**
 * App-wide upkeep as recurring jobs (any worker runs them, one at a time):
 * - `maintenance.exchanges` (every few seconds): an activation still pending or exchanging past the store's
 *   window plus the last step's timeout (EXCHANGE_DEADLINE_MS) can never finish: failed as `interrupted` at once,
 *   with nobody polling. A pending activation whose exchange job got lost (a crash between recording the
 *   callback and sending the job) gets one.
 * - `maintenance.prune` (every minute): never-proven callbacks, dead sessions, old throttle rows and rate
 *   windows, unanswered link requests, exports older than a week, password-reset links a day after they expired,
 *   sync changes delivered (or superseded) more than two days ago.
 */
import { z } from "zod";
import { EXCHANGE_DEADLINE_MS, markInterrupted } from "@/lib/integration/exchange";
import { pruneUnproven, UNPROVEN_TTL_MS } from "@/lib/integration/prune";
import { pruneLinkRequests } from "@/lib/integration/link-requests";
import { pruneSessions } from "@/lib/auth/sessions";
import { pruneThrottle } from "@/lib/auth/throttle";
import { defineJob, type JobKind } from "../worker";
import type { JobQueue } from "../queue";
import { EXCHANGE_JOB, exchangeJob } from "./handshake";
import type { JobServices } from "./services";
import type { JobModule } from "../registry";

export const EXCHANGE_SWEEP_JOB = "maintenance.exchanges";
export const PRUNE_JOB = "maintenance.prune";
/** How long finished jobs stay in the Jobs view: completed ones a day, failed and cancelled ones a week. */
const COMPLETED_JOB_TTL_MS = 24 * 60 * 60 * 1000;
const FAILED_JOB_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Delivered and superseded sync changes are kept this long (the Sync page's chart shows the last day). */
export const SYNC_CHANGE_TTL_MS = 2 * 24 * 60 * 60 * 1000;
/** A pending activation this old without an exchange job gets one (the normal path sends it within ms). */
const LOST_JOB_AFTER_MS = 10_000;

export function maintenanceJobs(
  s: JobServices,
  queue: Pick<JobQueue, "hasOpen" | "pruneUnproven" | "pruneFinished">,
): JobKind[] {
  return [
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
    defineJob({
      kind: PRUNE_JOB,
      schema: z.object({}).loose(),
      async run() {
        const now = s.now();
        const unproven = await pruneUnproven({ storage: s.storage, now: () => now });
        const unprovenJobs = await queue.pruneUnproven(new Date(now.getTime() - UNPROVEN_TTL_MS));
        const finishedJobs = await queue.pruneFinished(
          new Date(now.getTime() - COMPLETED_JOB_TTL_MS),
          new Date(now.getTime() - FAILED_JOB_TTL_MS),
        );
        const sessions = await pruneSessions(s.storage, now);
        const throttle = await pruneThrottle(s.storage, now);
        const linkRequests = await pruneLinkRequests(s.storage, now);
        const rateWindows = await s.storage.rateWindows.prune(now);
        const exports = await s.storage.exports.pruneFinished(new Date(now.getTime() - EXPORT_TTL_MS));
        const passwordResets = await s.storage.passwordResets.prune(new Date(now.getTime() - 24 * 60 * 60 * 1000));
        const syncChanges = await s.storage.sync.prune(new Date(now.getTime() - SYNC_CHANGE_TTL_MS));
        return {
          output: {
            ...unproven,
            unprovenJobs,
            finishedJobs,
            sessions,
            throttle,
            linkRequests,
            rateWindows,
            exports,
            passwordResets,
            syncChanges,
          },
        };
      },
    }),
  ];
}

/** App-wide upkeep: registered by createKit (lib/kit.ts). */
export const maintenanceJobModule: JobModule<JobServices> = {
  labels: { [EXCHANGE_SWEEP_JOB]: "Interrupted exchanges", [PRUNE_JOB]: "Pruning" },
  kinds: maintenanceJobs,
  recurring: () => [
    { kind: EXCHANGE_SWEEP_JOB, everyMs: 5_000 },
    { kind: PRUNE_JOB, everyMs: 60_000 },
  ],
};
