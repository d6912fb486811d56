"use server";

import { revalidatePath } from "next/cache";
import { door, requireUser } from "@/app/_kit";
import { MAX_FILE_BYTES, valueInWords } from "@/lib/bulk";

export interface BulkFormState {
  error?: string;
  /** The validated preview: counts and the rows that will not be sent, with why. */
  preview?: {
    fileName: string;
    total: number;
    valid: number;
    invalid: Array<{ row: number; sku: string; error: string }>;
    /** Compared with the store's sync mirror (false: no mirror yet, so no unknown SKUs or changes shown). */
    mirrored: boolean;
    unknown: Array<{ row: number; sku: string }>;
    unknownCount: number;
    changes: Array<{ row: number; sku: string; changes: Array<{ field: string; from: string; to: string }> }>;
    changeCount: number;
    unchanged: number;
  };
  started?: string;
}

/** Most invalid rows listed in the preview (the count says how many there are). */
const PREVIEW_ROWS = 200;
/** Most unknown SKUs listed in the preview's warning (the count says how many there are). */
const UNKNOWN_LISTED = 20;

/** Preview (intent "preview") or submit (intent "submit") an uploaded bulk edit file (checked by lib/bulk/product-rows.ts). */
export async function bulkAction(_prev: BulkFormState, form: FormData): Promise<BulkFormState> {
  const id = String(form.get("installationId") ?? "");
  const user = await requireUser(`/stores/${encodeURIComponent(id)}/bulk`);
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return { error: "Choose a CSV or NDJSON file first." };
  if (file.size > MAX_FILE_BYTES)
    return {
      error: `The file is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is 10 MB: split it into several files.`,
    };
  // eslint-disable-next-line no-restricted-syntax -- bounded: the size is checked above and the action's body is capped (next.config.mjs)
  const read = (await door(user)).bulk.read(Buffer.from(await file.arrayBuffer()));
  if (!read.ok) return { error: `${read.error}. Nothing was submitted.` };
  const invalid = read.rows.filter((r) => !r.element);
  const against = await (await door(user)).bulk.preview(id, read.rows);
  if (!against) return { error: "No such store for this account." };
  const preview = {
    fileName: file.name,
    total: read.rows.length,
    valid: read.rows.length - invalid.length,
    invalid: invalid.slice(0, PREVIEW_ROWS).map((r) => ({ row: r.row, sku: r.sku, error: r.error ?? "invalid" })),
    mirrored: against.mirrored,
    unknown: against.unknown.slice(0, UNKNOWN_LISTED),
    unknownCount: against.unknown.length,
    changes: against.changes.slice(0, PREVIEW_ROWS).map((r) => ({
      ...r,
      changes: r.changes.map((c) => ({
        field: c.field,
        from: valueInWords(c.field, c.from),
        to: valueInWords(c.field, c.to),
      })),
    })),
    changeCount: against.changes.length,
    unchanged: against.unchanged,
  };
  if (form.get("intent") !== "submit") return { preview };
  const started = await (await door(user)).bulk.start(id, read.rows);
  if (!started.ok) return { error: started.error, preview };
  revalidatePath(`/stores/${id}/bulk`);
  return { started: started.submissionId };
}
