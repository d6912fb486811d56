import { notFound } from "next/navigation";
import { door, requireUser, storePage } from "@/app/_kit";
import type { StoreSummary } from "@/lib/kit";

export { attempt, type Attempt } from "@/lib/dashboard";
export type { StoreSummary };

/**
 * The signed-in user, one of their stores and its signed client (404 for someone else's store; /login when
 * signed out), and the user's door (app/_kit). `client()` throws when the store has no working token: call it
 * inside attempt(). One database query per render for the layouts and the page: the session, the user, the store
 * and its link requests (storePage; getCurrentUser reads the same under /stores/<id>).
 */
export async function loadStore(id: string, subPath = "") {
  const user = await requireUser(`/stores/${encodeURIComponent(id)}${subPath}`);
  const { view } = await storePage(id);
  if (!view) notFound();
  return { user, store: view.store, client: view.client, linkRequests: view.linkRequests, door: await door(user) };
}
