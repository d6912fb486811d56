/** What the bulk edit page's client code uses of lib/bulk: the upload's answer and the file size limit (no server code). */
export { bulkFormStateSchema, type BulkFormState, type BulkPreview } from "./form-state";
export { MAX_FILE_BYTES } from "./file-limit";
