"use server";

import { revalidatePath } from "next/cache";
import { door, requireUser } from "@/app/_kit";

/** "Retry" on a failed job of one of the user's stores. */
export async function retryJobAction(form: FormData): Promise<void> {
  const id = String(form.get("installationId") ?? "");
  const jobId = String(form.get("jobId") ?? "");
  const user = await requireUser(`/stores/${encodeURIComponent(id)}/jobs`);
  await (await door(user)).jobs.retry(jobId, id);
  revalidatePath(`/stores/${id}/jobs`);
}
