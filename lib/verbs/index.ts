/** lib/verbs: the kit's verbs by namespace (createKit in lib/kit.ts composes them); the app sees their views. */
export type { CurrentUser } from "./auth";
export type { ExportView, StartExport } from "./exports";
export type { BulkView, StartBulk, ReadFile } from "./bulk";
export type { CallbackResponse } from "./handshake";
export type { JobView, LaneView, WorkerSettings } from "./jobs";
export type { DiagnosticsView } from "./stores";
export type { DeliveryView, EventIntakeUrls } from "./events";
export type { SyncEntityStatus } from "./sync";
