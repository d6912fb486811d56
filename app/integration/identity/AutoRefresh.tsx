"use client";

import { useEffect } from "react";

/** Reloads the page after `seconds` so the server can re-check the token exchange. */
export function AutoRefresh({ seconds }: { seconds: number }) {
  useEffect(() => {
    const t = setTimeout(() => window.location.reload(), seconds * 1000);
    return () => clearTimeout(t);
  }, [seconds]);
  return null;
}
