/**
 * Submission kinds: what a tracked bulk submission sends and what happens when the store stops working through it.
 * A forker adds a kind here (or passes its own list to the tracker) and gets submission, polling, retries of
 * status 2, stall detection and the chosen fallback for free.
 */
import type { AsyncOperationId } from "@magento-integration/client";
import type { BulkRowRecord, BulkSubmissionRecord } from "@magento-integration/storage";

/**
 * When operations stay open with no progress past `stallAfterMs` (the store's consumer is not running):
 * - `wait`: mark the submission stalled (with the advice) and keep polling;
 * - `alert`: the same, and call `onStalled` once;
 * - `single`: send the rows still open as ordinary calls through the rate governor. A queued operation that runs
 *   later anyway is detected and reported once (`onLate`), never sent a third time.
 */
export type StallFallback = "wait" | "alert" | "single";

export interface SubmissionKind {
  name: string;
  operationId: AsyncOperationId;
  fallback: StallFallback;
  stallAfterMs: number;
  /** Rows as they reach an outcome (complete, failed, rejected), each row once. */
  onOutcome?(submission: BulkSubmissionRecord, rows: readonly BulkRowRecord[]): Promise<void>;
  onStalled?(submission: BulkSubmissionRecord, advice: string): Promise<void>;
  onLate?(submission: BulkSubmissionRecord, rows: readonly BulkRowRecord[]): Promise<void>;
}

/** Status 2 (failed, retriable) rows are sent again this many times before they count as failed. */
export const MAX_ATTEMPTS = 3;
/** How long rows sent as single calls are watched for their queued operation running late. */
export const LATE_WATCH_MS = 24 * 60 * 60_000;

/** The dashboard's and the command line's bulk edit of products (price, special price, qty, status, visibility). */
export const PRODUCT_EDIT: SubmissionKind = {
  name: "product-edit",
  operationId: "putProductsBySku",
  fallback: "single",
  stallAfterMs: 2 * 60_000,
};

export const SUBMISSION_KINDS: readonly SubmissionKind[] = [PRODUCT_EDIT];

export function submissionKind(
  name: string,
  kinds: readonly SubmissionKind[] = SUBMISSION_KINDS,
): SubmissionKind | undefined {
  return kinds.find((k) => k.name === name);
}
