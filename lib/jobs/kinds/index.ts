/**
 * The kit's job kinds as modules createKit registers (lib/kit.ts, KIT_JOB_MODULES): this folder's (each file
 * defines its module) and the handshake's, which live with the handshake (lib/integration/jobs.ts,
 * probe-jobs.ts) and get their modules here. The one module of lib/jobs that may import lib/integration
 * (JOB_KIND_REGISTRY in eslint.config.mjs): it hands the handshake's pruning to the prune job.
 */
import type { JobModule } from "../registry";
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

export { CALLBACK_JOB, EXCHANGE_JOB, callbackJob } from "@/lib/integration/jobs";
export { PROBE_JOB, HEALTH_SWEEP_JOB, probeJob } from "@/lib/integration/probe-jobs";
export { EXPORT_JOB, exportJobOptions, exportJobModule } from "./export";
export { BULK_JOB, bulkJobOptions, bulkJobModule } from "./bulk";
export { STORE_EVENT_JOB, storeEventJobModule } from "./store-event";
export { SYNC_PASS_JOB, SYNC_SWEEP_JOB, SYNC_SCHEDULE_JOB, syncJobOptions, syncKey, syncJobModule } from "./sync";
export { ACCOUNT_MAIL_JOB, ACCOUNT_MAIL_OPTIONS, accountMailJobModule, accountMailOptions } from "./account-mail";
export { storeLane, unprovenLane } from "./services";

/** What the kit's job kinds use of it (lib/kit.ts builds it): every kind's services plus the handshake's. */
export type JobServices = HandshakeJobServices;

/** The handshake: recording callbacks, token exchanges, and the sweep of exchanges that can no longer finish. */
export const handshakeJobModule: JobModule<JobServices> = {
  labels: {
    [CALLBACK_JOB]: "Activation callback",
    [EXCHANGE_JOB]: "Token exchange",
    [EXCHANGE_SWEEP_JOB]: "Interrupted exchanges",
  },
  kinds: handshakeJobs,
  recurring: () => [{ kind: EXCHANGE_SWEEP_JOB, everyMs: 5_000 }],
};

/** Health probes: after each activation, and a sweep of every active store. */
export const probeJobModule: JobModule<JobServices> = {
  labels: { [PROBE_JOB]: "Health probe", [HEALTH_SWEEP_JOB]: "Health probes (all stores)" },
  kinds: probeJobs,
  recurring: (s) => [{ kind: HEALTH_SWEEP_JOB, everyMs: s.healthProbeEveryMs }],
};

/** App-wide upkeep (pruning), with the handshake's share of it handed in. */
export const maintenanceJobModule: JobModule<JobServices> = {
  labels: { [PRUNE_JOB]: "Pruning" },
  kinds: (s, queue) => maintenanceJobs(s, queue, HANDSHAKE_PRUNING),
  recurring: () => [{ kind: PRUNE_JOB, everyMs: 60_000 }],
};
