"use server";

import { door, requireUser } from "@/app/_kit";

/** The stores list asks stores it has not heard from lately (lib/verbs/stores.ts refreshStale). */
export async function refreshStaleStoresAction(): Promise<{ changed: number }> {
  const user = await requireUser("/stores");
  const { changed } = await (await door(user)).stores.refreshStale();
  return { changed };
}
