/**
 * The registry of every job kind: this folder's (one module per kind) and the handshake's, which live with the
 * handshake (lib/integration/jobs.ts, probe-jobs.ts). The one module of lib/jobs that may import lib/integration
 * (JOB_KIND_REGISTRY in eslint.config.mjs): it hands the handshake's pruning to the prune job.
 */
import type { JobKind, Recurring } from "../worker";
import type { JobQueue } from "../queue";
import {
  CALLBACK_JOB,
  EXCHANGE_JOB,
  EXCHANGE_SWEEP_JOB,
  HANDSHAKE_PRUNING,
  handshakeJobs,
  type HandshakeJobServices,
} from "@/lib/integration/jobs";
import { HEALTH_SWEEP_JOB, PROBE_JOB, probeJobs } from "@/lib/integration/probe-jobs";
import { maintenanceJobs, PRUNE_JOB } from "./maintenance";
import { EXPORT_JOB, exportJobs } from "./export";
import { BULK_JOB, bulkJobs } from "./bulk";
import { STORE_EVENT_JOB, storeEventJobs } from "./store-event";
import { SYNC_PASS_JOB, SYNC_SCHEDULE_EVERY_MS, SYNC_SCHEDULE_JOB, SYNC_SWEEP_JOB, syncJobs } from "./sync";
import { ACCOUNT_MAIL_JOB, accountMailJobs } from "./account-mail";

export { CALLBACK_JOB, EXCHANGE_JOB, callbackJob } from "@/lib/integration/jobs";
export { PROBE_JOB, HEALTH_SWEEP_JOB, probeJob } from "@/lib/integration/probe-jobs";
export { EXPORT_JOB, exportJobOptions } from "./export";
export { BULK_JOB, bulkJobOptions } from "./bulk";
export { STORE_EVENT_JOB } from "./store-event";
export { SYNC_PASS_JOB, SYNC_SWEEP_JOB, SYNC_SCHEDULE_JOB, syncJobOptions, syncKey } from "./sync";
export { ACCOUNT_MAIL_JOB, ACCOUNT_MAIL_OPTIONS } from "./account-mail";
export { storeLane, unprovenLane } from "./services";

/** What the kit's job kinds use of it (lib/kit.ts builds it): every kind's services plus the handshake's. */
export type JobServices = HandshakeJobServices;

/** Every job kind of the kit. */
export function jobKinds(s: JobServices, queue: Pick<JobQueue, "hasOpen" | "pruneUnproven">): JobKind[] {
  return [
    ...handshakeJobs(s, queue),
    ...probeJobs(s),
    ...maintenanceJobs(s, queue, HANDSHAKE_PRUNING),
    ...exportJobs(s),
    ...bulkJobs(s),
    ...syncJobs(s),
    ...accountMailJobs(s),
    ...storeEventJobs(s),
  ];
}

/** The recurring jobs and how often they run. */
export function recurringJobs(s: Pick<JobServices, "healthProbeEveryMs">): Recurring[] {
  return [
    { kind: EXCHANGE_SWEEP_JOB, everyMs: 5_000 },
    { kind: PRUNE_JOB, everyMs: 60_000 },
    { kind: HEALTH_SWEEP_JOB, everyMs: s.healthProbeEveryMs },
    { kind: SYNC_SCHEDULE_JOB, everyMs: SYNC_SCHEDULE_EVERY_MS },
  ];
}

/** Human names for the Jobs view, one per job kind. */
export const JOB_LABELS: Record<string, string> = {
  [CALLBACK_JOB]: "Activation callback",
  [EXCHANGE_JOB]: "Token exchange",
  [PROBE_JOB]: "Health probe",
  [EXPORT_JOB]: "Export",
  [BULK_JOB]: "Bulk submission",
  [HEALTH_SWEEP_JOB]: "Health probes (all stores)",
  [EXCHANGE_SWEEP_JOB]: "Interrupted exchanges",
  [PRUNE_JOB]: "Pruning",
  [STORE_EVENT_JOB]: "Store event",
  [SYNC_PASS_JOB]: "Sync pass",
  [SYNC_SWEEP_JOB]: "Sync sweep",
  [SYNC_SCHEDULE_JOB]: "Sync schedule (all stores)",
  [ACCOUNT_MAIL_JOB]: "Account mail",
};

/** Every job kind's name (pg-boss creates their queues up front). */
export const JOB_KIND_NAMES = Object.keys(JOB_LABELS);
