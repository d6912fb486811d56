"use server";

import { revalidatePath } from "next/cache";
import { probeInstallation, requireUser, setAdminOrigin } from "@/lib/kit";

export interface ProbeState {
  result?: { ok: boolean; text: string };
}

export async function runProbeAction(_prev: ProbeState, form: FormData): Promise<ProbeState> {
  const id = String(form.get("installationId") ?? "");
  const user = await requireUser(`/stores/${encodeURIComponent(id)}/diagnostics`);
  const r = await probeInstallation(id, user.id);
  revalidatePath(`/stores/${id}/diagnostics`);
  return {
    result: r.ok
      ? { ok: true, text: `The store answered GET /V1/store/storeViews in ${r.durationMs} ms (${r.storeViews} store views).` }
      : { ok: false, text: `${r.status ? `HTTP ${r.status}: ` : ""}${r.message}${r.hint ? ` — ${r.hint}` : ""}` },
  };
}

export interface AdminOriginState {
  error?: string;
  saved?: string;
}

export async function setAdminOriginAction(_prev: AdminOriginState, form: FormData): Promise<AdminOriginState> {
  const id = String(form.get("installationId") ?? "");
  const user = await requireUser(`/stores/${encodeURIComponent(id)}/diagnostics`);
  const r = await setAdminOrigin(id, user.id, String(form.get("adminOrigin") ?? ""));
  if (!r.ok) return { error: r.error };
  revalidatePath(`/stores/${id}/diagnostics`);
  return { saved: r.origin ?? "same as the store" };
}
