"use client";

import { useActionState } from "react";
import { Alert, Button } from "@/app/components/ui";
import { useHydrated } from "@/app/components/form/use-hydrated";
import { runProbeAction, type ProbeState } from "./actions";

export function ProbeButton({ installationId }: { installationId: string }) {
  const [state, action, pending] = useActionState<ProbeState, FormData>(runProbeAction, {});
  const hydrated = useHydrated();
  return (
    <form action={action} className="stack" data-hydrated={hydrated ? "true" : undefined}>
      <input type="hidden" name="installationId" value={installationId} />
      <div>
        <Button type="submit" variant="secondary" disabled={pending}>
          {pending ? "Probing…" : "Run health probe"}
        </Button>
      </div>
      {state.result ? (
        <Alert
          tone={state.result.ok ? "success" : "error"}
          title={state.result.ok ? "Store reachable, token works" : "Probe failed"}
        >
          <p>{state.result.text}</p>
        </Alert>
      ) : null}
    </form>
  );
}
