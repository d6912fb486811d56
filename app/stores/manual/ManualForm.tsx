"use client";

import { useActionState } from "react";
import { Alert, Button, Field } from "@/app/components/ui";
import { addManualStoreAction, type ManualFormState } from "./actions";

export function ManualForm() {
  const [state, action, pending] = useActionState<ManualFormState, FormData>(addManualStoreAction, {});
  const err = (f: string) => (state.field === f ? state.error : undefined);
  return (
    <form action={action} className="stack" autoComplete="off">
      {state.error && !state.field ? <Alert tone="error">{state.error}</Alert> : null}
      <Field label="Store base URL" name="baseUrl" placeholder="https://shop.example.com/" required defaultValue={state.values?.baseUrl} error={err("baseUrl")} />
      <Field label="Consumer Key" name="consumerKey" required spellCheck={false} defaultValue={state.values?.consumerKey} error={err("consumerKey")} />
      <Field label="Consumer Secret" name="consumerSecret" type="password" required error={err("consumerSecret")} />
      <Field label="Access Token" name="accessToken" type="password" required error={err("accessToken")} />
      <Field label="Access Token Secret" name="accessTokenSecret" type="password" required error={err("accessTokenSecret")} />
      <div className="form-actions">
        <Button type="submit" disabled={pending}>
          {pending ? "Checking with the store…" : "Verify and save"}
        </Button>
      </div>
    </form>
  );
}
