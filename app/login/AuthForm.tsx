"use client";

import { useActionState, useEffect, useState } from "react";
import { Alert, Button, Field } from "@/app/components/ui";
import type { AuthFormState } from "./actions";

/** Email + password form for /login and /signup (works without JavaScript: a plain server-action POST). */
export function AuthForm(props: {
  action: (prev: AuthFormState, form: FormData) => Promise<AuthFormState>;
  submitLabel: "Sign in" | "Create account";
  next: string;
  passwordHint?: string;
}) {
  const [state, formAction, pending] = useActionState(props.action, {});
  // Marks the form once React owns it (browser tests wait for it; a submit before that is a plain form POST).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const newPassword = props.submitLabel === "Create account";
  return (
    <form action={formAction} className="stack" noValidate data-hydrated={hydrated ? "true" : undefined}>
      {state.error ? <Alert tone="error">{state.error}</Alert> : null}
      <input type="hidden" name="next" value={props.next} />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={state.email ?? ""}
        error={state.field === "email" ? state.error : undefined}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete={newPassword ? "new-password" : "current-password"}
        required
        minLength={newPassword ? 10 : undefined}
        hint={props.passwordHint}
        error={state.field === "password" ? state.error : undefined}
      />
      <div className="form-actions">
        <Button type="submit" disabled={pending}>
          {props.submitLabel}
        </Button>
      </div>
    </form>
  );
}
