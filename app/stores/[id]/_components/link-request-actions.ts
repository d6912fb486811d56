"use server";

import { revalidatePath } from "next/cache";
import { door, requireUser } from "@/app/_kit";

export async function answerLinkRequestAction(form: FormData): Promise<void> {
  const user = await requireUser();
  const installationId = String(form.get("installationId") ?? "");
  const decision = form.get("decision") === "approve" ? "approve" : "deny";
  await (await door(user)).stores.answerLinkRequest(installationId, String(form.get("requestId") ?? ""), decision);
  revalidatePath(`/stores/${installationId}`, "layout");
}
