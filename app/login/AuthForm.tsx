"use client";

import Link from "next/link";
import type { FormState } from "@/lib/forms";
import { ActionForm, FormField, SubmitButton } from "@/app/components/form/ActionForm";

/** Email + password form for /login and /signup (works without JavaScript: a plain server-action POST). */
export function AuthForm(props: {
  action: (prev: FormState, form: FormData) => Promise<FormState>;
  submitLabel: "Sign in" | "Create account";
  next: string;
  passwordHint?: string;
}) {
  const newPassword = props.submitLabel === "Create account";
  return (
    <ActionForm
      action={props.action}
      warnOnLeave={false}
      aria-label={props.submitLabel}
      initialValues={{ next: props.next }}
    >
      <input type="hidden" name="next" value={props.next} />
      {/* side by side in the identity popup (globals.css body.popup), so its button shows without scrolling */}
      <div className="auth-fields">
        <FormField label="Email" name="email" type="email" autoComplete="email" required />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete={newPassword ? "new-password" : "current-password"}
          required
          minLength={newPassword ? 10 : undefined}
          hint={props.passwordHint}
        />
      </div>
      <div className="form-actions">
        <SubmitButton pendingLabel={newPassword ? "Creating account…" : "Signing in…"}>
          {props.submitLabel}
        </SubmitButton>
        {!newPassword ? (
          <Link href={`/reset?next=${encodeURIComponent(props.next)}`}>Forgot your password?</Link>
        ) : null}
      </div>
    </ActionForm>
  );
}
