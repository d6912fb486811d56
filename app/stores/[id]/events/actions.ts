"use server";

import { revalidatePath } from "next/cache";
import { door, requireUser } from "@/app/_kit";
import { failed, type FormState, formValues, saved } from "@/lib/forms";
import { subscribeInputSchema } from "@magento-integration/sync/events";

const page = (id: string) => `/stores/${encodeURIComponent(id)}/events`;

/** A store's refusal of a subscription change, in the advice table's words. */
const storeRefusal = (r: { advice: { title: string; fix: string }; storeMessage?: string | undefined }) =>
  `${r.advice.title}. ${r.advice.fix}${r.storeMessage ? ` (The store said: ${r.storeMessage})` : ""}`;

export async function setCommerceKeyAction(
  installationId: string,
  _prev: FormState,
  form: FormData,
): Promise<FormState> {
  const user = await requireUser(page(installationId));
  const values = formValues(form, ["publicKey"]);
  const r = await (await door(user)).events.setCommerceKeyFor(installationId, values.publicKey ?? "");
  if (!r.ok) return failed(values, r.error, "publicKey");
  revalidatePath(page(installationId));
  return saved({ publicKey: "" }, `Saved: webhooks are verified with the key ${r.fingerprint}.`);
}

export async function setIoClientIdAction(
  installationId: string,
  _prev: FormState,
  form: FormData,
): Promise<FormState> {
  const user = await requireUser(page(installationId));
  const values = formValues(form, ["ioClientId"]);
  const r = await (await door(user)).events.setIoClientIdFor(installationId, values.ioClientId ?? "");
  if (!r.ok) return failed(values, r.error, "ioClientId");
  revalidatePath(page(installationId));
  return saved(values, "Saved: I/O Events deliveries for this client id are accepted.");
}

export async function subscribeAction(installationId: string, _prev: FormState, form: FormData): Promise<FormState> {
  const user = await requireUser(page(installationId));
  const values = formValues(form, ["webhookMethod", "webhookType", "timeoutMs"]);
  const parsed = subscribeInputSchema.safeParse({ ...values, required: form.get("required") === "on" });
  if (!parsed.success)
    return failed(values, parsed.error.issues[0]!.message, String(parsed.error.issues[0]!.path[0] ?? ""));
  const client = await (await door(user)).stores.clientFor(installationId);
  const r = await (await door(user)).events.subscriptions.subscribe(client, installationId, parsed.data);
  if (!r.ok) return failed(values, storeRefusal(r));
  revalidatePath(page(installationId));
  return saved(
    values,
    r.value.created
      ? `Subscribed: the store now calls this app on ${parsed.data.webhookMethod}.`
      : "Already subscribed: nothing changed.",
  );
}

/** What a row's button (Unsubscribe, Replay) shows after its click: nothing when it worked, or why not. */
export interface RowActionState {
  error?: string;
}

export async function unsubscribeAction(_prev: RowActionState, form: FormData): Promise<RowActionState> {
  const id = String(form.get("installationId") ?? "");
  const user = await requireUser(page(id));
  const type = form.get("webhookType") === "before" ? "before" : "after";
  const client = await (await door(user)).stores.clientFor(id);
  const r = await (
    await door(user)
  ).events.subscriptions.unsubscribe(client, id, {
    webhookMethod: String(form.get("webhookMethod") ?? ""),
    webhookType: type,
  });
  if (!r.ok) return { error: storeRefusal(r) };
  revalidatePath(page(id));
  return {};
}

export async function replayAction(_prev: RowActionState, form: FormData): Promise<RowActionState> {
  const id = String(form.get("installationId") ?? "");
  const user = await requireUser(page(id));
  const r = await (await door(user)).events.replayFor(id, String(form.get("deliveryId") ?? ""));
  if (!r.ok) return { error: r.error };
  revalidatePath(page(id));
  return {};
}
