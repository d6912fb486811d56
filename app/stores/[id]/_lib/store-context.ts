import { notFound } from "next/navigation";
import { clientForInstallation, getStoreForUser, requireUser } from "@/app/_kit";
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

const currencies = (globalThis as unknown as { __storeCurrency?: Map<string, { code: string | undefined; at: number }> }).__storeCurrency ?? new Map();
(globalThis as unknown as { __storeCurrency?: typeof currencies }).__storeCurrency = currencies;

/**
 * The store's base currency (default store view's base_currency_code), for prices that carry no currency of
 * their own (products). Cached per installation for 10 minutes; undefined when the store does not say.
 */
export async function storeCurrency(installationId: string, userId: string): Promise<string | undefined> {
  const hit = currencies.get(installationId);
  if (hit && Date.now() - hit.at < 10 * 60_000) return hit.code;
  const r = await attempt(async () => {
    const client = await storeClient(installationId, userId);
    const res = await client.request<Array<{ code?: string; base_currency_code?: string }>>({ method: "GET", path: "/V1/store/storeConfigs", fields: "code,base_currency_code" });
    const rows = Array.isArray(res.data) ? res.data : [];
    return (rows.find((c) => c.code === "default") ?? rows[0])?.base_currency_code;
  });
  const code = r.ok && typeof r.value === "string" && /^[A-Z]{3}$/.test(r.value) ? r.value : undefined;
  currencies.set(installationId, { code, at: Date.now() });
  return code;
}
