"use client";

import { ActionForm, FormField, SubmitButton } from "@/app/components/form/ActionForm";
import { addManualStoreAction } from "./actions";

export function ManualForm() {
  return (
    <ActionForm action={addManualStoreAction} autoComplete="off" aria-label="Store tokens">
      <FormField label="Store base URL" name="baseUrl" placeholder="https://shop.example.com/" required />
      <FormField label="Consumer Key" name="consumerKey" required spellCheck={false} />
      <FormField label="Consumer Secret" name="consumerSecret" type="password" required autoComplete="off" />
      <FormField label="Access Token" name="accessToken" type="password" required autoComplete="off" />
      <FormField label="Access Token Secret" name="accessTokenSecret" type="password" required autoComplete="off" />
      <div className="form-actions">
        <SubmitButton pendingLabel="Checking with the store…">Verify and save</SubmitButton>
      </div>
    </ActionForm>
  );
}
