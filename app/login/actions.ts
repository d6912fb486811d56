"use server";

import { redirect } from "next/navigation";
import { createAccount, grantLinkConsentFromNext, safeNextPath, signInWithPassword } from "@/app/_kit";
import { failed, type FormState, formValues, parseForm } from "@/lib/forms";
import { signUpSchema } from "@/lib/auth";

/**
 * Server actions: Next checks the Origin of every action POST (CSRF) and the session cookie is SameSite=Lax.
 * Each error is shown once: next to its field, or above the form when it is no one field's (wrong password).
 */
export async function signInAction(_prev: FormState, form: FormData): Promise<FormState> {
  const values = formValues(form, ["email", "password", "next"]);
  const result = await signInWithPassword(values.email, values.password);
  if (!result.ok) return failed(values, result.error, result.field);
  const next = safeNextPath(values.next);
  await grantLinkConsentFromNext(next);
  redirect(next);
}

export async function signUpAction(_prev: FormState, form: FormData): Promise<FormState> {
  const parsed = parseForm(signUpSchema, form, ["email", "password"]);
  const values = { ...formValues(form, ["email", "password", "next"]) };
  if (!parsed.ok) return { ...parsed.state, values };
  const result = await createAccount(values.email, values.password, safeNextPath(values.next));
  if (!result.ok) return failed(values, result.error, result.field);
  const next = safeNextPath(values.next);
  await grantLinkConsentFromNext(next);
  redirect(next);
}
