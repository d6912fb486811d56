import { cache } from "react";
import { notFound } from "next/navigation";
import { door, requireUser } from "@/app/_kit";
import type { StoreSummary } from "@/lib/kit";

export { attempt, type Attempt } from "@/lib/dashboard";
export type { StoreSummary };

/** One read per request: the layout and the page of a view share it (the ownership check happens once). */
const viewOf = cache(async (id: string, userId: string) => (await door({ id: userId })).stores.view(id));

/**
 * The signed-in user, one of their stores and its signed client (404 for someone else's store; /login when
 * signed out), and the user's door (app/_kit). `client()` throws when the store has no working token: call it
 * inside attempt(). The user is read once per request too (getCurrentUser is cached per render).
 */
export async function loadStore(id: string, subPath = "") {
  const user = await requireUser(`/stores/${encodeURIComponent(id)}${subPath}`);
  const view = await viewOf(id, user.id);
  if (!view) notFound();
  return { user, store: view.store, client: view.client, linkRequests: view.linkRequests, door: await door(user) };
}

/** The store's summary read again, after a call that may have changed its state (a revocation 401). */
export async function reloadStore(id: string, userId: string): Promise<StoreSummary> {
  const store = await (await door({ id: userId })).stores.get(id);
  if (!store) notFound();
  return store;
}
