/** What the bulk edit page's client code uses of packages/sync/src/bulk: the upload's answer and the file size limit (no server code). */
export { bulkFormStateSchema, type BulkFormState, type BulkPreview } from "./form-state.ts";
export { MAX_FILE_BYTES } from "./file-limit.ts";
