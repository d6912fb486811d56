import { NextResponse, type NextRequest } from "next/server";
import { getEnv } from "@/lib/env";
import { contentSecurityPolicy } from "@/lib/security-headers";
import {
  ADMIN_POPUP_COOKIE,
  ADMIN_POPUP_TTL_MS,
  adminPopupMarker,
  cameFromStoreAdmin,
  STARTED_LINK_COOKIE,
  STARTED_LINK_TTL_MS,
  startedLinkCookie,
  isIdentityNext,
  isPopupPage,
  POPUP_HEADER,
  successCallbackOrigin,
  isIdentityPath,
  isMagentoToken,
  REQUEST_PATH_HEADER,
  requestPathOf,
  cookieFlags,
  cookieName,
  UNPREFIXED_COOKIES,
  usesHostPrefix,
} from "@magento-integration/handshake/proxy";
import { declaresTooLargeBody } from "@/lib/body-limit";
import { refusalLog } from "@magento-integration/sync/bulk";
import { createLogger } from "@/lib/log";

let oversized: ReturnType<typeof refusalLog> | undefined;

/**
 * Runs before every page (Node.js runtime): a fresh CSP nonce per request (Next puts it on its own scripts), and
 * on the identity link, whether the popup came from the store's admin (packages/handshake/src/integration/admin-popup.ts).
 */
export function proxy(request: NextRequest) {
  // a page path takes at most 1 MB (server actions: next.config.mjs): refused here, one log line a minute
  if (declaresTooLargeBody(request.method, request.headers.get("content-length"))) {
    (oversized ??= refusalLog(createLogger(), "request to a page")).note("body_over_1_mb");
    return new NextResponse("The request is larger than 1 MB. Bulk edit files go through the Bulk edit page.\n", {
      status: 413,
      headers: { "Content-Type": "text/plain; charset=utf-8", Connection: "close" },
    });
  }
  const env = getEnv();
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const { pathname, searchParams } = request.nextUrl;
  const csp = contentSecurityPolicy({
    nonce,
    dev: env.nodeEnv === "development",
    https: env.appUrl.startsWith("https:"),
    formTargets: formTargets(request),
  });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", csp);
  // popup pages render without the app's navigation (app/layout.tsx); never trust a client-sent value
  headers.set(POPUP_HEADER, isPopupPage(pathname, searchParams) ? "1" : "0");
  // the page asked for, so sign-in can bring the visitor back to it (packages/handshake/src/auth/return-path.ts)
  headers.set(REQUEST_PATH_HEADER, requestPathOf(pathname, searchParams));

  // The identity link opened from the store's admin: remember it for this popup (the sign-in in between loses
  // the Referer). Also added to this request's own cookies, so the page rendering now sees it.
  const popupCookie = cookieName(ADMIN_POPUP_COOKIE, env);
  let marker: string | undefined;
  if (isIdentityPath(pathname) && request.method === "GET") {
    const key = searchParams.get("oauth_consumer_key");
    const scb = searchParams.get("success_call_back");
    if (
      key &&
      scb &&
      key.length <= 64 &&
      scb.length <= 2048 &&
      cameFromStoreAdmin(request.headers.get("referer"), scb)
    ) {
      marker = adminPopupMarker(env.sessionSecret, key, scb, Date.now());
      const others = (request.headers.get("cookie") ?? "")
        .split(/;\s*/)
        .filter((c) => c && !c.startsWith(`${popupCookie}=`));
      headers.set("cookie", [...others, `${popupCookie}=${marker}`].join("; "));
    }
  }
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  // This browser opened the identity link from the store's admin: /stores may offer to finish a link the popup
  // left undone (packages/handshake/src/integration/link-offer.ts). A link opened from anywhere else (a mail, a chat) is offered
  // nothing there: its own confirmation page is the only way in.
  const startedKey = marker ? searchParams.get("oauth_consumer_key") : null;
  if (startedKey && isMagentoToken(startedKey)) {
    response.cookies.set(
      cookieName(STARTED_LINK_COOKIE, env),
      startedLinkCookie(env.sessionSecret, startedKey, Date.now()),
      { ...cookieFlags(env), maxAge: STARTED_LINK_TTL_MS / 1000 },
    );
  }
  if (marker) {
    response.cookies.set(popupCookie, marker, { ...cookieFlags(env), maxAge: ADMIN_POPUP_TTL_MS / 1000 });
  }
  // Over https the kit's cookies are `__Host-` ones (packages/handshake/src/cookie-names.ts): the unprefixed ones of an earlier
  // version are never read (a sibling subdomain can plant those), and are deleted here, so a browser signed in
  // before simply signs in again.
  if (usesHostPrefix(env)) {
    for (const name of UNPREFIXED_COOKIES)
      if (request.cookies.has(name)) response.cookies.set(name, "", { ...cookieFlags(env), maxAge: 0 });
  }
  return response;
}

/** The store admin a popup page may hand the browser back to after a form (the address is validated on use). */
function formTargets(request: NextRequest): string[] {
  const { pathname, searchParams } = request.nextUrl;
  let scb = isIdentityPath(pathname) ? searchParams.get("success_call_back") : null;
  if (!scb && isPopupPage(pathname, searchParams)) {
    const next = searchParams.get("next");
    if (isIdentityNext(next) && next)
      scb = new URLSearchParams(next.slice(next.indexOf("?") + 1)).get("success_call_back");
  }
  const origin = scb ? successCallbackOrigin(scb) : null;
  return origin ? [origin] : [];
}

/**
 * Every page, prefetches included: a `Purpose: prefetch` or `Next-Router-Prefetch: 1` request gets the same CSP
 * and the same proxy-set headers as a navigation. A matcher that skipped them let such a request reach the page
 * without a CSP and with whatever `content-security-policy` or `x-kit-popup` header the client wrote.
 */
export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|api/).*)"],
};
