import { notFound } from "next/navigation";
import { clientForInstallation, getStoreForUser, requireUser } from "@/lib/kit";

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

/** Runs a store call; a failure becomes a value the page renders instead of a crash. */
export async function attempt<T>(fn: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    return { ok: false, error };
  }
}
