"use client";

import type { FormState } from "@/lib/forms";
import { ActionForm, FormField, SubmitButton } from "@/app/components/form/ActionForm";

export function AdminSchemaForm({ action }: { action: (prev: FormState, form: FormData) => Promise<FormState> }) {
  return (
    <details>
      <summary>Read the schema with an admin account instead</summary>
      <ActionForm action={action} aria-label="Admin login for the schema" warnOnLeave={false} autoComplete="off">
        <p className="field__hint">
          Used once to get an admin token for GET /rest/default/schema; neither the password nor the token is stored.
        </p>
        <div className="form-row">
          <FormField label="Admin user name" name="username" id="schema-username" autoComplete="off" />
          <FormField label="Admin password" name="password" id="schema-password" type="password" autoComplete="off" />
        </div>
        <div>
          <SubmitButton size="small" pendingLabel="Reading…">
            Read schema
          </SubmitButton>
        </div>
      </ActionForm>
    </details>
  );
}
