"use server";

import { redirect } from "next/navigation";
import { door } from "@/app/_kit";
import { safeNextPath } from "@/lib/kit";
import { failed, type FormState, formValues, parseForm, saved } from "@/lib/forms";
import { signUpSchema } from "@magento-integration/handshake/auth";

/**
 * Server actions: Next checks the Origin of every action POST (CSRF) and the session cookie is SameSite=Lax.
 * Each error is shown once: next to its field, or above the form when it is no one field's (wrong password).
 */
export async function signInAction(_prev: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, ["email", "password", "next"]);
  const request = await door();
  const result = await request.auth.signIn(values.email, values.password);
  if (!result.ok) return failed(values, result.error, result.field);
  const next = safeNextPath(values.next);
  await request.identity.grantConsentFromNext(next);
  redirect(next);
}

export async function signUpAction(_prev: FormState, form: FormData): Promise<FormState> {
  const parsed = parseForm(signUpSchema, form, ["email", "password"]);
  const values = { ...formValues(form, ["email", "password", "next"]) };
  if (!parsed.ok) return { ...parsed.state, values };
  const request = await door();
  // the identity popup's link gives the sign-up its activation's own budget (packages/handshake/src/auth/throttle.ts)
  const popupActivation = await request.identity.popupActivation(safeNextPath(values.next));
  const result = await request.auth.signUp(values.email, values.password, popupActivation);
  // an address with an account: "check your email", said as news, never as an error naming the account
  if (!result.ok && result.checkMail) return saved({ ...values, password: "" }, result.error);
  if (!result.ok) return failed(values, result.error, result.field);
  const next = safeNextPath(values.next);
  await request.identity.grantConsentFromNext(next);
  redirect(next);
}
