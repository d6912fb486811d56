import { notFound } from "next/navigation";
import { clientForInstallation, getStoreForUser, requireUser } from "@/lib/kit";
import { describeApiError, type ApiErrorView } from "@/lib/dashboard/api-error-view";

export type StoreSummary = NonNullable<Awaited<ReturnType<typeof getStoreForUser>>>;

/** The signed-in user and one of their stores (404 for someone else's store; /login when signed out). */
export async function loadStore(id: string, subPath = "") {
  const user = await requireUser(`/stores/${encodeURIComponent(id)}${subPath}`);
  const store = await getStoreForUser(id, user.id);
  if (!store) notFound();
  return { user, store };
}

/** The installation's signed client (after loadStore checked access). */
export async function storeClient(installationId: string, userId: string, storeCode?: string) {
  return clientForInstallation(installationId, userId, storeCode ? { storeCode } : undefined);
}

export type Attempt<T> = { ok: true; value: T } | { ok: false; error: ApiErrorView };

/**
 * Runs a store call; a failure becomes a plain value the page renders instead of a crash. Plain on purpose: in
 * development React serialises what server components await (for its dev tools), and an Error carrying the
 * transport's cause chain broke that serialisation ("frame.join is not a function" on the server,
 * "chunk.reason.enqueueModel is not a function" in the browser): dev then showed "This page could not be shown"
 * where production shows "The store could not be reached".
 */
export async function attempt<T>(fn: () => Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    return { ok: false, error: describeApiError(error) };
  }
}
