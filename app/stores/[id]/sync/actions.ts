"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { door, requireUser } from "@/app/_kit";

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
  if (action === "pause") await (await door(user)).sync.pause(id, entity);
  else if (action === "resume") await (await door(user)).sync.resume(id, entity);
  else if (action === "now") await (await door(user)).sync.syncNow(id, entity ? { entity } : {});
  else if (action === "resync") await (await door(user)).sync.resync(id, entity);
  else if (changeId !== undefined) await (await door(user)).sync.retryParked(id, changeId);
  revalidatePath(`/stores/${id}/sync`);
}
