"use server";

import { redirect } from "next/navigation";
import { door, requireUser } from "@/app/_kit";
import { failed, type FormState, parseForm } from "@/lib/forms";
import { manualStoreSchema } from "@magento-integration/handshake";

const FIELDS = ["baseUrl", "consumerKey", "consumerSecret", "accessToken", "accessTokenSecret"] as const;

/** Pasted tokens: every value comes back on an error (the user just typed them), with the message next to its field. */
export async function addManualStoreAction(_prev: FormState, form: FormData): Promise<FormState> {
  const user = await requireUser("/stores/manual");
  // every field's message at once (the store is asked only when all five look right)
  const parsed = parseForm(manualStoreSchema, form, FIELDS);
  if (!parsed.ok) return parsed.state;
  const values = parsed.values;
  const result = await (await door(user)).stores.addManual(values);
  if (!result.ok) return failed(values, result.error, result.field);
  redirect(`/stores/${result.installationId}/diagnostics`);
}
