"use server";

import { revalidatePath } from "next/cache";
import { door, requireUser } from "@/app/_kit";
import { failed, type FormState, formValues, saved } from "@/lib/forms";
import { storeLabelSchema } from "@magento-integration/handshake";

export interface ProbeState {
  result?: { ok: boolean; text: string };
}

export async function runProbeAction(_prev: ProbeState, form: FormData): Promise<ProbeState> {
  const id = String(form.get("installationId") ?? "");
  const user = await requireUser(`/stores/${encodeURIComponent(id)}/diagnostics`);
  const r = await (await door(user)).stores.probe(id);
  revalidatePath(`/stores/${id}`, "layout");
  return {
    result: r.ok
      ? {
          ok: true,
          text: `The store answered GET /V1/store/storeViews in ${r.durationMs} ms (${r.storeViews} store views).`,
        }
      : { ok: false, text: `${r.status ? `HTTP ${r.status}: ` : ""}${r.message}${r.hint ? ` — ${r.hint}` : ""}` },
  };
}

export async function setAdminOriginAction(
  installationId: string,
  _prev: FormState,
  form: FormData,
): Promise<FormState> {
  const user = await requireUser(`/stores/${encodeURIComponent(installationId)}/diagnostics`);
  const values = formValues(form, ["adminOrigin"]);
  const r = await (await door(user)).stores.setAdminOrigin(installationId, values.adminOrigin!);
  if (!r.ok) return failed(values, r.error, "adminOrigin");
  revalidatePath(`/stores/${installationId}/diagnostics`);
  return saved(
    { adminOrigin: r.origin ?? "" },
    r.origin ? `Saved: the admin origin is ${r.origin}.` : "Saved: the admin runs on the store's own origin.",
  );
}

export async function setStoreLabelAction(
  installationId: string,
  _prev: FormState,
  form: FormData,
): Promise<FormState> {
  const user = await requireUser(`/stores/${encodeURIComponent(installationId)}`);
  const values = formValues(form, ["label"]);
  const parsed = storeLabelSchema.safeParse(values);
  if (!parsed.success) return failed(values, parsed.error.issues[0]?.message ?? "Invalid name", "label");
  if (!(await (await door(user)).stores.setLabel(installationId, parsed.data.label)))
    return failed(values, "No such store for this account.");
  revalidatePath(`/stores`, "layout");
  return saved(
    { label: parsed.data.label },
    parsed.data.label
      ? `Saved: this store is called “${parsed.data.label}” in the app.`
      : "Saved: the name was cleared.",
  );
}

export interface AccessCheckState {
  checkedAt?: string;
  error?: string;
}

/** Calls one read operation per ACL resource and records which the integration was granted. */
export async function checkAccessAction(_prev: AccessCheckState, form: FormData): Promise<AccessCheckState> {
  const id = String(form.get("installationId") ?? "");
  const user = await requireUser(`/stores/${encodeURIComponent(id)}/diagnostics`);
  const r = await (await door(user)).stores.checkResources(id);
  revalidatePath(`/stores/${id}`, "layout");
  return r.ok ? { checkedAt: new Date().toISOString() } : { error: r.error };
}
