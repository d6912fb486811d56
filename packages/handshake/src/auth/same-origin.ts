/**
 * CSRF check for state-changing route handlers (server actions get Next's own Origin check). The session cookie
 * is SameSite=Lax; on top, a POST must come from our own origin: `Sec-Fetch-Site: same-origin`, or an Origin
 * header equal to the request's own origin. A request with neither header (curl, old browsers) is refused.
 */
export function isSameOriginRequest(headers: Headers, requestUrl: string): boolean {
  const site = headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const origin = headers.get("origin");
  if (!origin || origin === "null") return false;
  const host = headers.get("x-forwarded-host") ?? headers.get("host");
  try {
    const o = new URL(origin);
    if (host && o.host === host) return true;
    return o.origin === new URL(requestUrl).origin;
  } catch {
    return false;
  }
}
