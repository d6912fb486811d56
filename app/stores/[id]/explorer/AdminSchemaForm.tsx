"use client";

import { useActionState } from "react";
import { Button } from "@/app/components/ui/Button";
import { Field } from "@/app/components/ui/Field";
import type { SchemaFormState } from "./schema-actions";

export function AdminSchemaForm({ action }: { action: (prev: SchemaFormState, form: FormData) => Promise<SchemaFormState> }) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <details>
      <summary>Read the schema with an admin account instead</summary>
      <form action={formAction} style={{ marginTop: "0.75rem" }} noValidate>
        <p className="field__hint">Used once to get an admin token for GET /rest/default/schema; neither the password nor the token is stored.</p>
        <div className="form-row">
          <Field label="Admin user name" name="username" id="schema-username" autoComplete="off" />
          <Field label="Admin password" name="password" id="schema-password" type="password" autoComplete="off" error={state.error} />
        </div>
        <Button size="small" disabled={pending}>
          {pending ? "Reading…" : "Read schema"}
        </Button>
      </form>
    </details>
  );
}
