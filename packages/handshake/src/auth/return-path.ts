/**
 * Where a signed-out visitor goes back to after signing in: the page they asked for, path and query, as the request
 * reached the app. proxy.ts writes it into a request header of its own on every page request (overwriting whatever
 * the client sent), so a page or server action deep in /stores/<id>/… can send the visitor to sign in without
 * losing their place. Pure: no Next imports.
 */
export const REQUEST_PATH_HEADER = "x-kit-request-path";

/** Next's own query parameters on client navigations: not part of the page's address. */
const FRAMEWORK_PARAMS = ["_rsc"];

/** The page's path and query (framework parameters dropped) for REQUEST_PATH_HEADER. */
export function requestPathOf(pathname: string, search: URLSearchParams): string {
  const kept = new URLSearchParams(search);
  for (const p of FRAMEWORK_PARAMS) kept.delete(p);
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Why sign-in is asked, shown on the sign-in page: `session_ended` when the browser had a session that is over. */
export type SignInReason = "session_ended";

/** The sign-in page's address for a return path (already checked by safeNextPath) and, when known, why. */
export function signInPath(next: string, reason?: SignInReason): string {
  return `/login?next=${encodeURIComponent(next)}${reason ? `&reason=${reason}` : ""}`;
}
