"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";

/**
 * A server action that found the session ended sends the browser here by a client-side navigation, which keeps the
 * root layout as it was (the header still naming the user): ask for the whole page once, header included.
 */
export function RefreshWhenSignedOut() {
  const router = useRouter();
  useEffect(() => router.refresh(), [router]);
  return null;
}
