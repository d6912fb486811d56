"use server";

import { redirect } from "next/navigation";
import { createAccount, grantLinkConsentFromNext, safeNextPath, signInWithPassword } from "@/lib/kit";

export interface AuthFormState {
  error?: string;
  field?: "email" | "password";
  email?: string;
}

/** Server actions: Next checks the Origin of every action POST (CSRF) and the session cookie is SameSite=Lax. */
export async function signInAction(_prev: AuthFormState, form: FormData): Promise<AuthFormState> {
  const email = form.get("email");
  const result = await signInWithPassword(email, form.get("password"));
  if (!result.ok) return { error: result.error, email: typeof email === "string" ? email : "" };
  const next = safeNextPath(form.get("next"));
  await grantLinkConsentFromNext(next);
  redirect(next);
}

export async function signUpAction(_prev: AuthFormState, form: FormData): Promise<AuthFormState> {
  const email = form.get("email");
  const result = await createAccount(email, form.get("password"));
  if (!result.ok) return { error: result.error, ...(result.field ? { field: result.field } : {}), email: typeof email === "string" ? email : "" };
  const next = safeNextPath(form.get("next"));
  await grantLinkConsentFromNext(next);
  redirect(next);
}
