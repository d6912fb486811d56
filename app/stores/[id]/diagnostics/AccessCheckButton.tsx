"use client";

import { useActionState } from "react";
import { Alert, Button } from "@/app/components/ui";
import { useHydrated } from "@/app/components/form/use-hydrated";
import { checkAccessAction, type AccessCheckState } from "./actions";

/** Runs the granted-resources check (one signed read per resource); the table above shows the answers. */
export function AccessCheckButton({ installationId }: { installationId: string }) {
  const [state, action, pending] = useActionState<AccessCheckState, FormData>(checkAccessAction, {});
  const hydrated = useHydrated();
  return (
    <form action={action} className="stack" data-hydrated={hydrated ? "true" : undefined}>
      <input type="hidden" name="installationId" value={installationId} />
      <div>
        <Button type="submit" variant="secondary" size="small" disabled={pending}>
          {pending ? "Asking the store…" : "Check granted resources"}
        </Button>
      </div>
      <p role="status" className="form-status">
        {state.checkedAt && !pending ? "Checked just now: the table shows the store's answers." : null}
      </p>
      {state.error ? (
        <Alert tone="error" title="The check could not run">
          {state.error}
        </Alert>
      ) : null}
    </form>
  );
}
