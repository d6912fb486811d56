import { cache } from "react";
import { notFound } from "next/navigation";
import { getStoreForUser, openStoreView, requireUser } from "@/app/_kit";

export { attempt, type Attempt } from "@/lib/dashboard";
export type StoreSummary = NonNullable<Awaited<ReturnType<typeof getStoreForUser>>>;

/** One read per request: the layout and the page of a view share it (the ownership check happens once). */
const viewOf = cache((id: string, userId: string) => openStoreView(id, userId));

/**
 * The signed-in user, one of their stores and its signed client (404 for someone else's store; /login when
 * signed out). `client()` throws when the store has no working token: call it inside attempt(). The user is read
 * once per request too (getCurrentUser is cached per render).
 */
export async function loadStore(id: string, subPath = "") {
  const user = await requireUser(`/stores/${encodeURIComponent(id)}${subPath}`);
  const view = await viewOf(id, user.id);
  if (!view) notFound();
  return { user, store: view.store, client: view.client, linkRequests: view.linkRequests };
}

/** The store's summary read again, after a call that may have changed its state (a revocation 401). */
export async function reloadStore(id: string, userId: string): Promise<StoreSummary> {
  const store = await getStoreForUser(id, userId);
  if (!store) notFound();
  return store;
}
