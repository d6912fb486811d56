/**
 * The job kinds of this folder, one module per file, which createKit registers (lib/kit.ts, KIT_JOB_MODULES) next
 * to the handshake's (packages/handshake/src/integration/jobs.ts, probe-jobs.ts: they live with the handshake, and lib/jobs imports
 * nothing of it).
 */
export { maintenanceJobModule } from "./maintenance";
export { EXPORT_JOB, exportJobOptions, exportJobModule } from "./export";
export { BULK_JOB, bulkJobOptions, bulkJobModule } from "./bulk";
export { STORE_EVENT_JOB, storeEventJobModule } from "./store-event";
export { SYNC_PASS_JOB, SYNC_SWEEP_JOB, SYNC_SCHEDULE_JOB, syncJobOptions, syncKey, syncJobModule } from "./sync";
export { ACCOUNT_MAIL_JOB, ACCOUNT_MAIL_OPTIONS, accountMailJobModule, accountMailOptions } from "./account-mail";
export { storeLane, unprovenLane } from "@magento-integration/storage/jobs";
export type { JobServices } from "./services";
