"use client";

import type { FormState } from "@/lib/forms";
import { ActionForm, FormField, SubmitButton } from "@/app/components/form/ActionForm";

export function EditProductForm({
  action,
  initial,
}: {
  action: (prev: FormState, form: FormData) => Promise<FormState>;
  initial: { name: string; price: string; qty: string };
}) {
  return (
    <ActionForm action={action} initialValues={initial} aria-label="Edit product">
      <div className="form-row">
        <FormField label="Name" name="name" required maxLength={255} />
        <FormField
          label="Price"
          name="price"
          inputMode="decimal"
          required
          hint="0 or more, at most 2 decimals, with a dot"
        />
        <FormField label="Quantity" name="qty" inputMode="numeric" required hint="A whole number, 0 or more" />
      </div>
      <div className="form-actions">
        <SubmitButton pendingLabel="Saving…">Save to store</SubmitButton>
        <span className="muted">Sends a signed PUT /V1/products/{"{sku}"}.</span>
      </div>
    </ActionForm>
  );
}
