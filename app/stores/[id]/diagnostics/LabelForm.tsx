"use client";

import type { FormState } from "@/lib/forms";
import { LABEL_FORM_ID } from "./label-form-id";
import { ActionForm, FormField, SubmitButton } from "@/app/components/form/ActionForm";

/** The store's name in the app: Magento never sends the integration's name, so the user gives one. */
export function LabelForm({
  action,
  current,
}: {
  action: (prev: FormState, form: FormData) => Promise<FormState>;
  current: string | null;
}) {
  return (
    <ActionForm
      action={action}
      initialValues={{ label: current ?? "" }}
      aria-label="Name in this app"
      id={LABEL_FORM_ID}
    >
      <FormField
        label="Name in this app"
        name="label"
        maxLength={80}
        hint="Magento does not send the integration's name to the app. Use the same name as in System › Extensions › Integrations to tell stores apart."
      />
      <div>
        <SubmitButton variant="secondary" size="small" pendingLabel="Saving…">
          Save name
        </SubmitButton>
      </div>
    </ActionForm>
  );
}
