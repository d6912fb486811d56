"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { refreshStaleStoresAction } from "./stale-check-actions";

/**
 * Once the list is on screen, asks the stores not heard from lately whether they still answer (in the background,
 * bounded on the server), and shows the list again if a state changed: a deleted integration stops showing as
 * connected without the merchant opening the store first.
 */
export function RefreshStaleStates() {
  const router = useRouter();
  const [checking, setChecking] = useState(true);
  useEffect(() => {
    let live = true;
    refreshStaleStoresAction()
      .then(({ changed }) => {
        if (live && changed > 0) router.refresh();
      })
      .catch(() => undefined) // the list stays as it was
      .finally(() => live && setChecking(false));
    return () => {
      live = false;
    };
  }, [router]);
  return (
    <p className="muted visually-hidden" role="status" data-testid="stale-check">
      {checking ? "Checking that each store still answers…" : "Store states are up to date."}
    </p>
  );
}
