/** The kit's job kinds: names and send options other code uses, and each module createKit registers (lib/kit.ts). */
export { CALLBACK_JOB, EXCHANGE_JOB, callbackJob, handshakeJobModule } from "./handshake";
export { PROBE_JOB, HEALTH_SWEEP_JOB, probeJob, probeJobModule } from "./probe";
export { maintenanceJobModule } from "./maintenance";
export { EXPORT_JOB, exportJobOptions, exportJobModule } from "./export";
export { BULK_JOB, bulkJobOptions, bulkJobModule } from "./bulk";
export { STORE_EVENT_JOB, storeEventJobModule } from "./store-event";
export { SYNC_PASS_JOB, SYNC_SWEEP_JOB, SYNC_SCHEDULE_JOB, syncJobOptions, syncKey, syncJobModule } from "./sync";
export { ACCOUNT_MAIL_JOB, ACCOUNT_MAIL_OPTIONS, accountMailJobModule } from "./account-mail";
export { storeLane, unprovenLane, type JobServices } from "./services";
