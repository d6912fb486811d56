"use server";

import { redirect } from "next/navigation";
import { addManualStore, requireUser } from "@/lib/kit";

export interface ManualFormState {
  error?: string;
  field?: string;
  values?: Record<string, string>;
}

const FIELDS = ["baseUrl", "consumerKey", "consumerSecret", "accessToken", "accessTokenSecret"] as const;

export async function addManualStoreAction(_prev: ManualFormState, form: FormData): Promise<ManualFormState> {
  const user = await requireUser("/stores/manual");
  const input = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
  const result = await addManualStore(user.id, input);
  if (!result.ok) {
    // Only the URL and key are echoed back; secrets are never sent back to the browser.
    return { error: result.error, ...(result.field ? { field: result.field } : {}), values: { baseUrl: input.baseUrl ?? "", consumerKey: input.consumerKey ?? "" } };
  }
  redirect(`/stores/${result.installationId}/diagnostics`);
}
