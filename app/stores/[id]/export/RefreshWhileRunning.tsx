"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";

/** While an export runs, the page refreshes its data every few seconds (progress, then the download link). */
export function RefreshWhileRunning({ running, seconds = 2 }: { running: boolean; seconds?: number }) {
  const router = useRouter();
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => router.refresh(), seconds * 1000);
    return () => clearInterval(t);
  }, [running, seconds, router]);
  return null;
}
