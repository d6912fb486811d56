/**
 * Exports as jobs: `export.run` reads the store a page at a time into the export's pages (lib/exports/run.ts),
 * in slices that end before the lease does; between slices other stores' jobs get their turn, and a crash
 * loses at most the page being read. The dashboard shows progress and offers the download; the CLI streams it.
 */
import { z } from "zod";
import { exportSlice } from "@/lib/exports/run";
import {
  defineJob,
  type JobKind,
  type SendOptions,
  storeLane,
  type JobModule,
} from "@magento-integration/storage/jobs";
import type { JobServices } from "./services";

export const EXPORT_JOB = "export.run";
/** A slice stops this long before its lease ends. */
const SLICE_MARGIN_MS = 30_000;

export function exportJobOptions(exportId: string, installationId: string, storeBaseUrl: string): SendOptions {
  return {
    lane: storeLane(storeBaseUrl),
    key: `export:${exportId}`,
    ref: installationId,
    retryLimit: 5,
    retryDelaySeconds: 5,
    leaseSeconds: 120,
  };
}

export function exportJobs(s: JobServices): JobKind[] {
  return [
    defineJob({
      kind: EXPORT_JOB,
      schema: z.object({ exportId: z.string() }),
      async run({ exportId }, ctx) {
        let record = await s.storage.exports.byId(exportId);
        if (!record || record.state === "done") return { output: { skipped: true } };
        if (record.state === "failed") {
          // the job was run again (Jobs view › Retry): the export goes on from the page it had reached
          await s.storage.exports.reopen(exportId);
          record = { ...record, state: "running", error: null };
        }
        const client = await s.systemClient(record.installationId, ctx.storeFetch);
        if (!client) {
          await s.storage.exports.finish(
            exportId,
            "failed",
            s.now(),
            "The store has no usable credentials (reauthorize it in the store admin).",
          );
          return { output: { failed: "no credentials" } };
        }
        const until = new Date(ctx.leaseEndsAt.getTime() - SLICE_MARGIN_MS);
        const r = await exportSlice(
          { storage: s.storage, now: s.now, budgets: s.exportBudgets },
          record,
          client,
          until,
        );
        if (r === "more") return { again: true };
        // stopped by a bound (size, stored-bytes budget): the Jobs view says why, as the Exports page does
        const after = await s.storage.exports.byId(exportId);
        return after?.state === "failed" ? { output: { failed: after.error } } : { output: { done: true } };
      },
      async onFailed({ exportId }, message) {
        await s.storage.exports.finish(exportId, "failed", s.now(), message.slice(0, 500));
      },
    }),
  ];
}

/** Exports: registered by createKit (lib/kit.ts). */
export const exportJobModule: JobModule<JobServices> = {
  labels: { [EXPORT_JOB]: "Export" },
  kinds: exportJobs,
};
