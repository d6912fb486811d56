"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { Suspense, useEffect, useState } from "react";

/**
 * A thin bar at the top while the app moves to another page: a click on a same-origin link (or a GET form)
 * starts it, the new URL stops it. Store pages can take a second (they call the store), and without it a click
 * looks ignored.
 */
function Progress() {
  const pathname = usePathname();
  const search = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [seen, setSeen] = useState(`${pathname}?${search.toString()}`);
  const here = `${pathname}?${search.toString()}`;
  if (here !== seen) {
    setSeen(here);
    setBusy(false);
  }

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.("a");
      if (!a || a.target || a.hasAttribute("download")) return;
      const url = new URL(a.href, location.href);
      if (url.origin !== location.origin || (url.pathname === location.pathname && url.search === location.search))
        return;
      setBusy(true);
    };
    const onSubmit = (e: SubmitEvent) => {
      const form = e.target as HTMLFormElement;
      if (!e.defaultPrevented && form.method.toLowerCase() === "get") setBusy(true);
    };
    document.addEventListener("click", onClick);
    document.addEventListener("submit", onSubmit);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("submit", onSubmit);
    };
  }, []);

  return (
    <div
      className={`nav-progress${busy ? " nav-progress--busy" : ""}`}
      role="progressbar"
      aria-label="Loading the next page"
      aria-hidden={!busy}
      aria-busy={busy}
      hidden={!busy}
    />
  );
}

export function NavigationProgress() {
  return (
    <Suspense fallback={null}>
      <Progress />
    </Suspense>
  );
}
