/**
 * App-wide upkeep as a recurring job (any worker runs it, one at a time; the handshake's own sweep of unfinished
 * exchanges, `maintenance.exchanges`, is in packages/handshake/src/integration/jobs.ts):
 * - `maintenance.prune` (every minute): never-proven callbacks, dead sessions, old throttle rows and rate
 *   windows, unanswered link requests, exports older than a week, password-reset and other mailed links a day
 *   after they expired, sync changes delivered (or superseded) more than two days ago, store-event deliveries a
 *   week after they were last seen, bulk submissions two weeks after they finished, finished jobs (completed a day
 *   ago, failed or cancelled a week ago).
 */
import { z } from "zod";
import { pruneSessions, pruneThrottle } from "@magento-integration/handshake/auth";
import { EVENT_DELIVERY_TTL_MS } from "@magento-integration/storage";
import { EXPORT_TTL_MS } from "@/lib/exports/budget";
import { defineJob, type JobKind, type JobQueue, type JobModule } from "@magento-integration/storage/jobs";
import type { JobServices } from "./services";

export const PRUNE_JOB = "maintenance.prune";
/** How long finished jobs stay in the Jobs view: completed ones a day, failed and cancelled ones a week. */
const COMPLETED_JOB_TTL_MS = 24 * 60 * 60 * 1000;
const FAILED_JOB_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export { EXPORT_TTL_MS } from "@/lib/exports/budget";
/** Delivered and superseded sync changes are kept this long (the Sync page's chart shows the last day). */
export const SYNC_CHANGE_TTL_MS = 2 * 24 * 60 * 60 * 1000;
/** Store-event deliveries (and folded refusals) are kept a week after they were last seen (packages/storage/src/storage/store-events.ts). */
export { EVENT_DELIVERY_TTL_MS };
/** Finished bulk submissions (done or failed) and their rows are kept two weeks (the Bulk edit page lists them). */
export const BULK_SUBMISSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/**
 * What the prune job removes of the handshake (HANDSHAKE_PRUNING: packages/handshake/src/integration/prune.ts, link-requests.ts),
 * handed in by createKit (lib/kit.ts) and taken by its shape, so that lib/jobs imports nothing of packages/handshake/src/integration.
 */
type HandshakeShare = {
  pruneUnproven(deps: {
    storage: JobServices["storage"];
    now: () => Date;
  }): Promise<{ installations: number; stores: number; requestTokens: number }>;
  /** How long a never-proven callback (and its queued jobs) is kept. */
  unprovenTtlMs: number;
  pruneLinkRequests(storage: JobServices["storage"], now: Date): Promise<number>;
};

export function maintenanceJobs(
  s: JobServices,
  queue: Pick<JobQueue, "pruneUnproven" | "pruneFinished">,
  handshake: HandshakeShare,
): JobKind[] {
  return [
    defineJob({
      kind: PRUNE_JOB,
      schema: z.object({}).loose(),
      async run() {
        const now = s.now();
        const unproven = await handshake.pruneUnproven({ storage: s.storage, now: () => now });
        const unprovenJobs = await queue.pruneUnproven(new Date(now.getTime() - handshake.unprovenTtlMs));
        const finishedJobs = await queue.pruneFinished(
          new Date(now.getTime() - COMPLETED_JOB_TTL_MS),
          new Date(now.getTime() - FAILED_JOB_TTL_MS),
        );
        const sessions = await pruneSessions(s.storage, now);
        const throttle = await pruneThrottle(s.storage, now);
        const linkRequests = await handshake.pruneLinkRequests(s.storage, now);
        const rateWindows = await s.storage.rateWindows.prune(now);
        const exports = await s.storage.exports.pruneFinished(new Date(now.getTime() - EXPORT_TTL_MS));
        const passwordResets = await s.storage.passwordResets.prune(new Date(now.getTime() - 24 * 60 * 60 * 1000));
        const mailedLinks = await s.storage.mailedLinks.prune(new Date(now.getTime() - 24 * 60 * 60 * 1000));
        const syncChanges = await s.storage.sync.prune(new Date(now.getTime() - SYNC_CHANGE_TTL_MS));
        const eventDeliveries = await s.storage.storeEvents.prune(new Date(now.getTime() - EVENT_DELIVERY_TTL_MS));
        const bulkSubmissions = await s.storage.bulks.pruneFinished(new Date(now.getTime() - BULK_SUBMISSION_TTL_MS));
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
            mailedLinks,
            syncChanges,
            eventDeliveries,
            bulkSubmissions,
          },
        };
      },
    }),
  ];
}

/** App-wide upkeep (pruning) as a job module, with the handshake's share of it handed in. */
export function maintenanceJobModule(handshake: HandshakeShare): JobModule<JobServices> {
  return {
    labels: { [PRUNE_JOB]: "Pruning" },
    kinds: (s, queue) => maintenanceJobs(s, queue, handshake),
    recurring: () => [{ kind: PRUNE_JOB, everyMs: 60_000 }],
  };
}
