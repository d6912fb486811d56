/**
 * What the bulk edit page shows after an upload (app/stores/[id]/bulk/BulkForm.tsx), as the upload route answers
 * it (app/api/stores/[id]/bulk/route.ts): an error saying what to do, the validated preview, or the started
 * submission. The schema checks the answer where the page reads it (a client bundle: zod only, nothing else).
 */
import { z } from "zod";

const rowRef = { row: z.number().int(), sku: z.string() };

export const bulkFormStateSchema = z.object({
  error: z.string().optional(),
  preview: z
    .object({
      fileName: z.string(),
      total: z.number().int(),
      valid: z.number().int(),
      invalid: z.array(z.object({ ...rowRef, error: z.string() })),
      /** Compared with the store's sync mirror (false: no mirror yet, so no unknown SKUs or changes shown). */
      mirrored: z.boolean(),
      unknown: z.array(z.object(rowRef)),
      unknownCount: z.number().int(),
      changes: z.array(
        z.object({ ...rowRef, changes: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })) }),
      ),
      changeCount: z.number().int(),
      unchanged: z.number().int(),
    })
    .optional(),
  started: z.string().optional(),
});

export type BulkFormState = z.infer<typeof bulkFormStateSchema>;
export type BulkPreview = NonNullable<BulkFormState["preview"]>;
