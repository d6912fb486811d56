"use server";

import { redirect } from "next/navigation";
import { door, requireUser } from "@/app/_kit";

/** "Remove store" after its confirmation page: deletes the app's copy and releases the consumer key's binding. */
export async function removeStoreAction(installationId: string, form: FormData): Promise<void> {
  const user = await requireUser(`/stores/${encodeURIComponent(installationId)}/remove`);
  if (form.get("confirm") !== "remove") redirect(`/stores/${encodeURIComponent(installationId)}/remove`);
  const removed = await (await door(user)).stores.remove(installationId);
  redirect(removed ? "/stores?removed=1" : "/stores");
}
