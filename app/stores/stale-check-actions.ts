"use server";

import { refreshStaleStores, requireUser } from "@/app/_kit";

/** The stores list asks stores it has not heard from lately (lib/verbs/stores.ts refreshStale). */
export async function refreshStaleStoresAction(): Promise<{ changed: number }> {
  const user = await requireUser("/stores");
  const { changed } = await refreshStaleStores(user.id);
  return { changed };
}
