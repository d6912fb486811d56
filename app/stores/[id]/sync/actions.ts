"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireUser, syncNow, syncPause, syncResume, syncResync, syncRetryParked } from "@/app/_kit";

const form = z.object({
  installationId: z.string().min(1),
  action: z.enum(["pause", "resume", "now", "resync", "retry"]),
  entity: z
    .string()
    .regex(/^[a-z][a-z0-9_-]*$/)
    .optional(),
  changeId: z.coerce.number().int().positive().optional(),
});

/** The Sync page's buttons: Pause, Resume, Sync now, Resync from scratch (per entity or all), Retry a parked change. */
export async function syncAction(data: FormData): Promise<void> {
  const parsed = form.safeParse({
    installationId: data.get("installationId") ?? "",
    action: data.get("action") ?? "",
    entity: data.get("entity") || undefined,
    changeId: data.get("changeId") || undefined,
  });
  if (!parsed.success) return;
  const { installationId: id, action, entity, changeId } = parsed.data;
  const user = await requireUser(`/stores/${encodeURIComponent(id)}/sync`);
  if (action === "pause") await syncPause(id, user.id, entity);
  else if (action === "resume") await syncResume(id, user.id, entity);
  else if (action === "now") await syncNow(id, user.id, entity);
  else if (action === "resync") await syncResync(id, user.id, entity);
  else if (changeId !== undefined) await syncRetryParked(id, user.id, changeId);
  revalidatePath(`/stores/${id}/sync`);
}
