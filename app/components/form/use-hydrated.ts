"use client";

import { useEffect, useState } from "react";

/**
 * True once React owns the component in the browser. Forms render it as `data-hydrated`, so a browser test (or a
 * script) waits for it before clicking: a click that lands before hydration is a plain form post, not the action.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
