"use client";

import { useEffect, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "./ui/Button";

/**
 * Asks the server for the page again every `everySeconds` while the tab is visible (a checkbox stops it: content
 * that updates by itself can be paused, WCAG 2.2.2), and on Refresh. The page is re-rendered in place: focus,
 * scroll and anything typed in its forms stay. `renderedAt` (the server's time of the render) shows how fresh it is.
 */
export function AutoRefresh({ everySeconds, renderedAt }: { everySeconds: number; renderedAt: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [auto, setAuto] = useState(true);

  useEffect(() => {
    if (!auto) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") startTransition(() => router.refresh());
    }, everySeconds * 1000);
    return () => clearInterval(timer);
  }, [auto, everySeconds, router]);

  return (
    <div className="auto-refresh">
      <label>
        <input type="checkbox" checked={auto} onChange={(e) => setAuto(e.target.checked)} />
        <span>Refresh every {everySeconds} s</span>
      </label>
      {/* aria-disabled, not disabled: a disabled button loses focus, and the control must keep it */}
      <Button
        type="button"
        variant="secondary"
        size="small"
        aria-disabled={pending}
        onClick={() => {
          if (!pending) startTransition(() => router.refresh());
        }}
      >
        {pending ? "Refreshing…" : "Refresh"}
      </Button>
      <span className="muted" data-testid="rendered-at">
        As of {renderedAt.replace("T", " ").slice(11, 19)} UTC
      </span>
    </div>
  );
}
