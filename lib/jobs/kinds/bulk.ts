/**
 * Tracked bulk submissions as jobs: `bulk.track` advances one submission a step at a time (packages/sync/src/bulk/track.ts):
 * send, poll, retry, detect a stall, fall back. Between steps the job gives its worker back and runs again after
 * a back-off that grows while nothing moves, so polling is paced and other stores' jobs take turns; every store
 * request goes through the job's governed fetch.
 */
import { z } from "zod";
import { advanceSubmission } from "@magento-integration/sync/bulk";
import {
  defineJob,
  type JobKind,
  type SendOptions,
  storeLane,
  type JobModule,
} from "@magento-integration/storage/jobs";
import type { JobServices } from "./services";

export const BULK_JOB = "bulk.track";
/** A step stops this long before its lease ends. */
const STEP_MARGIN_MS = 30_000;

export function bulkJobOptions(submissionId: string, installationId: string, storeBaseUrl: string): SendOptions {
  return {
    lane: storeLane(storeBaseUrl),
    key: `bulk:${submissionId}`,
    ref: installationId,
    retryLimit: 10,
    retryDelaySeconds: 5,
    leaseSeconds: 120,
  };
}

export function bulkJobs(s: JobServices): JobKind[] {
  return [
    defineJob({
      kind: BULK_JOB,
      schema: z.object({ submissionId: z.string() }),
      async run({ submissionId }, ctx) {
        const sub = await s.storage.bulks.byId(submissionId);
        if (!sub) return { output: { skipped: true } };
        const client = await s.systemClient(sub.installationId, ctx.storeFetch);
        if (!client) {
          await s.storage.bulks.update(submissionId, {
            state: "failed",
            finishedAt: s.now(),
            message: "The store has no usable credentials (reauthorize it in the store admin).",
          });
          return { output: { failed: "no credentials" } };
        }
        // a short lease (JOB_LEASE_SECONDS) keeps half of itself as the margin
        const leaseMs = ctx.leaseEndsAt.getTime() - s.now().getTime();
        const until = new Date(ctx.leaseEndsAt.getTime() - Math.min(STEP_MARGIN_MS, leaseMs / 2));
        const step = await advanceSubmission(
          { storage: s.storage, now: s.now, log: ctx.log, ...(s.bulkFaults ?? {}) },
          submissionId,
          client,
          until,
        );
        return step.done ? { output: { done: true } } : { again: true, after: step.after };
      },
      async onFailed({ submissionId }, message) {
        const sub = await s.storage.bulks.byId(submissionId);
        if (sub && sub.state !== "done")
          await s.storage.bulks.update(submissionId, {
            state: "failed",
            finishedAt: s.now(),
            message: message.slice(0, 500),
          });
      },
    }),
  ];
}

/** Tracked bulk submissions: registered by createKit (lib/kit.ts). */
export const bulkJobModule: JobModule<JobServices> = {
  labels: { [BULK_JOB]: "Bulk submission" },
  kinds: bulkJobs,
};
