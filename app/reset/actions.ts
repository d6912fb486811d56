"use server";

import { redirect } from "next/navigation";
import { door } from "@/app/_kit";
import { safeNextPath } from "@/lib/kit";
import { failed, type FormState, formValues, parseForm, saved } from "@/lib/forms";
import { newPasswordFormSchema, resetRequestSchema } from "@magento-integration/handshake/auth";
import { isIdentityNext } from "@magento-integration/handshake";

/** "Forgot your password?": the same answer whether or not the address has an account. */
export async function requestResetAction(_prev: FormState, form: FormData): Promise<FormState> {
  const parsed = parseForm(resetRequestSchema, form, ["email"]);
  const values = formValues(form, ["email", "next"]);
  if (!parsed.ok) return { ...parsed.state, values };
  const next = safeNextPath(values.next, "");
  const r = await (
    await door()
  ).auth.requestPasswordReset(parsed.data.email, next && next !== "/stores" ? next : undefined);
  if (!r.ok) return failed(values, r.error);
  return saved(
    values,
    `If an account exists for ${parsed.data.email}, a link to set a new password is on its way. It works once, for 30 minutes.`,
  );
}

/** The link from the email: a new password (twice), then sign in with it (every other session has ended). */
export async function setNewPasswordAction(
  token: string,
  next: string,
  _prev: FormState,
  form: FormData,
): Promise<FormState> {
  const parsed = parseForm(newPasswordFormSchema, form, ["password", "confirm"]);
  if (!parsed.ok) return parsed.state;
  const r = await (await door()).auth.resetPassword(token, parsed.data.password);
  if (!r.ok) return failed(parsed.values, r.error);
  const q = new URLSearchParams({ reset: "1" });
  const back = safeNextPath(next, "");
  if (back && (isIdentityNext(back) || back.startsWith("/"))) q.set("next", back);
  redirect(`/login?${q.toString()}`);
}
