"use server";

import { door } from "@/app/_kit";
import { failed, type FormState, saved } from "@/lib/forms";

/** The button of the mailed confirmation link: the email changes now (packages/handshake/src/auth/email-change.ts). */
export async function confirmEmailAction(token: string, _prev: FormState, _form: FormData): Promise<FormState> {
  const r = await (await door()).auth.confirmEmailChange(token);
  if (!r.ok) return failed({}, r.error);
  // no revalidation: the page would render again with the link spent and hide this answer
  return saved({}, `Done: your account now signs in as ${r.email}. Every other browser was signed out.`);
}
