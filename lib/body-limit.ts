/**
 * The bound on a request body that every page path takes (server actions, sign-in included, signed out or not):
 * 1 MB, as next.config.mjs sets for server actions and for what the proxy holds. A post that declares more is
 * refused by proxy.ts before Next reads it, with one log line per minute however many arrive
 * (packages/sync/src/bulk/refusal-log.ts); bulk edit files have their own route under /api (packages/sync/src/bulk/upload-body.ts).
 */
export const PAGE_BODY_MAX_BYTES = 1024 * 1024;

/** True when a request declares a body longer than the page paths take. */
export function declaresTooLargeBody(method: string, contentLength: string | null): boolean {
  return method !== "GET" && method !== "HEAD" && Number(contentLength ?? "0") > PAGE_BODY_MAX_BYTES;
}
