"use server";

import { redirect } from "next/navigation";
import { door, requireUser } from "@/app/_kit";
import { failed, type FormState, parseForm, saved } from "@/lib/forms";
import { changeEmailSchema, changePasswordSchema } from "@magento-integration/handshake/auth";

export async function changeEmailAction(_prev: FormState, form: FormData): Promise<FormState> {
  const user = await requireUser("/account");
  const parsed = parseForm(changeEmailSchema, form, ["email", "current"]);
  if (!parsed.ok) return parsed.state;
  const r = await (await door(user)).auth.changeEmail(parsed.data);
  if (!r.ok && r.signedOut) redirect("/login?next=%2Faccount");
  if (!r.ok) return failed(parsed.values, r.error, r.field);
  return saved({ email: parsed.data.email, current: "" }, r.message);
}

export async function changePasswordAction(_prev: FormState, form: FormData): Promise<FormState> {
  const user = await requireUser("/account");
  const parsed = parseForm(changePasswordSchema, form, ["current", "password", "confirm"]);
  if (!parsed.ok) return parsed.state;
  const r = await (await door(user)).auth.changePassword(parsed.data);
  if (!r.ok && r.signedOut) redirect("/login?next=%2Faccount");
  if (!r.ok) return failed(parsed.values, r.error, r.field);
  return saved(
    { current: "", password: "", confirm: "" },
    "Saved: your password was changed. Every other browser was signed out.",
  );
}
