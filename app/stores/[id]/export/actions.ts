"use server";

import { revalidatePath } from "next/cache";
import { door, requireUser } from "@/app/_kit";

export interface ExportFormState {
  error?: string;
  field?: string;
  started?: string;
  values?: { entity: string; fields: string; filters: string; pageSize: string };
}

/** Starts an export job from the dashboard form (checked by lib/verbs/exports.ts). */
export async function startExportAction(_prev: ExportFormState, form: FormData): Promise<ExportFormState> {
  const id = String(form.get("installationId") ?? "");
  const user = await requireUser(`/stores/${encodeURIComponent(id)}/export`);
  const values = {
    entity: String(form.get("entity") ?? ""),
    fields: String(form.get("fields") ?? ""),
    filters: String(form.get("filters") ?? ""),
    pageSize: String(form.get("pageSize") ?? "200"),
  };
  const r = await (
    await door(user)
  ).exports.start(id, {
    entity: values.entity,
    fields: values.fields.trim() || undefined,
    filters: values.filters
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean),
    pageSize: values.pageSize,
  });
  if (!r.ok) return { error: r.error, ...(r.field ? { field: r.field } : {}), values };
  revalidatePath(`/stores/${id}/export`);
  return { started: r.exportId };
}
