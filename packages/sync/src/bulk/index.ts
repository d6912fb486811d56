/** @magento-integration/sync/bulk: bulk edits through Magento's async bulk API, tracked per row: files, submission kinds, the tracker (send, poll, stall, fallback), the mirror. */
export * from "./client.ts";
export * from "./csv-out.ts";
export * from "./file-echo.ts";
export * from "./file-kind.ts";
export * from "./file-limit.ts";
export * from "./form-state.ts";
export * from "./kinds.ts";
export * from "./mirror.ts";
export * from "./preview.ts";
export * from "./product-rows.ts";
export * from "./refusal-log.ts";
export * from "./track.ts";
export * from "./upload-body.ts";
// the records a bulk page shows, as storage keeps them
export type { BulkRowStatus, BulkRowRecord, BulkSubmissionRecord } from "@magento-integration/storage";
