"use client";

import { useActionState } from "react";
import { Alert, Button } from "@/app/components/ui";
import { runProbeAction, type ProbeState } from "./actions";

export function ProbeButton({ installationId }: { installationId: string }) {
  const [state, action, pending] = useActionState<ProbeState, FormData>(runProbeAction, {});
  return (
    <form action={action} className="stack">
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
