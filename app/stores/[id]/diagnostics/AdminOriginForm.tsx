"use client";

import { useActionState } from "react";
import { Alert, Button, Field } from "@/app/components/ui";
import { setAdminOriginAction, type AdminOriginState } from "./actions";

/** The admin's origin when it differs from the storefront's (accepted for success_call_back). */
export function AdminOriginForm({ installationId, current }: { installationId: string; current: string | null }) {
  const [state, action, pending] = useActionState<AdminOriginState, FormData>(setAdminOriginAction, {});
  return (
    <form action={action} className="stack">
      <input type="hidden" name="installationId" value={installationId} />
      <Field
        label="Admin origin"
        name="adminOrigin"
        defaultValue={current ?? ""}
        placeholder="https://admin.example.com"
        hint="Only if the Magento admin runs on another host than the store. Leave empty otherwise."
        error={state.error}
      />
      <div>
        <Button type="submit" variant="secondary" size="small" disabled={pending}>
          Save admin origin
        </Button>
      </div>
      {state.saved ? <Alert tone="success">Admin origin: {state.saved}</Alert> : null}
    </form>
  );
}
