"use server";

import { revalidatePath } from "next/cache";
import { answerLinkRequest, requireUser } from "@/app/_kit";

export async function answerLinkRequestAction(form: FormData): Promise<void> {
  const user = await requireUser();
  const installationId = String(form.get("installationId") ?? "");
  const decision = form.get("decision") === "approve" ? "approve" : "deny";
  await answerLinkRequest(installationId, user.id, String(form.get("requestId") ?? ""), decision);
  revalidatePath(`/stores/${installationId}`, "layout");
}
