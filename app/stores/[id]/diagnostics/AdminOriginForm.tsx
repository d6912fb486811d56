"use client";

import type { FormState } from "@/lib/forms";
import { ActionForm, FormField, SubmitButton } from "@/app/components/form/ActionForm";

/** The admin's origin when it differs from the storefront's (accepted for success_call_back). */
export function AdminOriginForm({
  action,
  current,
}: {
  action: (prev: FormState, form: FormData) => Promise<FormState>;
  current: string | null;
}) {
  return (
    <ActionForm action={action} initialValues={{ adminOrigin: current ?? "" }} aria-label="Admin origin">
      <FormField
        label="Admin origin"
        name="adminOrigin"
        placeholder="https://admin.example.com"
        hint="Only if the Magento admin runs on another host than the store. Leave empty otherwise."
      />
      <div>
        <SubmitButton variant="secondary" size="small" pendingLabel="Saving…">
          Save admin origin
        </SubmitButton>
      </div>
    </ActionForm>
  );
}
