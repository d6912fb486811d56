/** lib/bulk: bulk edits through Magento's async bulk API, tracked per row. */
export {
  MAX_FILE_BYTES,
  EDIT_FIELDS,
  BulkFileError,
  readEditFile,
  productElement,
  type EditRow,
  type EditField,
} from "./product-rows";
export { csvCell, csvLine } from "./csv-out";
export {
  PRODUCT_EDIT,
  SUBMISSION_KINDS,
  submissionKind,
  MAX_ATTEMPTS,
  type SubmissionKind,
  type StallFallback,
} from "./kinds";
export { advanceSubmission, type Step, type TrackDeps } from "./track";
export { noMirror, type MirrorLookup } from "./mirror";
export { valueInWords } from "./preview";
export type { BulkRowStatus, BulkRowRecord, BulkSubmissionRecord } from "@magento-integration/storage";
