"use server";

import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { answerLinkRequest, removeInstallation, requireUser } from "@/lib/kit";

export async function answerLinkRequestAction(form: FormData): Promise<void> {
  const user = await requireUser();
  const installationId = String(form.get("installationId") ?? "");
  const decision = form.get("decision") === "approve" ? "approve" : "deny";
  await answerLinkRequest(installationId, user.id, String(form.get("requestId") ?? ""), decision);
  revalidatePath(`/stores/${installationId}`, "layout");
}

/** "Remove this store from the app" (diagnostics): releases the consumer key's binding too. */
export async function removeInstallationAction(form: FormData): Promise<void> {
  const user = await requireUser();
  await removeInstallation(String(form.get("installationId") ?? ""), user.id);
  redirect("/stores");
}
