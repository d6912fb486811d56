/** A store call whose failure becomes a plain value a page renders (lib/dashboard/api-error-view.ts) instead of a crash. */
import { describeApiError, type ApiErrorView } from "./api-error-view";

export type Attempt<T> = { ok: true; value: T } | { ok: false; error: ApiErrorView };

/**
 * Runs a store call. Plain on purpose: in development React serialises what server components await (for its
 * dev tools), and an Error carrying the transport's cause chain broke that serialisation ("frame.join is not a
 * function" on the server, "chunk.reason.enqueueModel is not a function" in the browser): dev then showed "This
 * page could not be shown" where production shows "The store could not be reached".
 */
export async function attempt<T>(fn: () => Promise<T> | T): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    return { ok: false, error: describeApiError(error) };
  }
}
