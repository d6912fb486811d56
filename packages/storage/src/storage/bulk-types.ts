/** Records of tracked bulk submissions (packages/sync/src/bulk): a submission, its chunks (one store request each) and its rows. */

export type BulkSubmissionState = "queued" | "running" | "stalled" | "done" | "failed";
/** pending: not sent yet; open: sent, the store has not finished it; the rest are outcomes. */
export type BulkRowStatus = "pending" | "open" | "complete" | "failed" | "rejected" | "invalid";
export const FINAL_ROW_STATUSES: readonly BulkRowStatus[] = ["complete", "failed", "rejected", "invalid"];

export interface BulkSubmissionRecord {
  id: string;
  installationId: string;
  requestedBy: string | null;
  kind: string;
  operationId: string;
  state: BulkSubmissionState;
  total: number;
  chunkSize: number;
  lastProgressAt: Date | null;
  stalledAt: Date | null;
  fallbackAt: Date | null;
  message: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface BulkChunkRecord {
  seq: number;
  state: "pending" | "sending" | "sent";
  bulkUuid: string | null;
  rows: number;
  intentAt: Date | null;
  sentAt: Date | null;
}

export interface BulkRowRecord {
  row: number;
  ref: string;
  body: string;
  chunkSeq: number | null;
  position: number | null;
  status: BulkRowStatus;
  message: string | null;
  attempts: number;
  via: "bulk" | "single" | null;
  late: boolean;
}

export interface NewBulkRow {
  row: number;
  ref: string;
  /** JSON of the bulk element; "" for an invalid row. */
  body: string;
  status: "pending" | "invalid";
  message?: string | null;
}

export interface BulkRowOutcome {
  row: number;
  status: BulkRowStatus;
  message: string | null;
  via?: "bulk" | "single";
}
