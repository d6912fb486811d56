/**
 * Every page passes through the proxy, prefetches included: a `Purpose: prefetch` (a browser's <link
 * rel=prefetch>, later shown as a page) or `Next-Router-Prefetch: 1` request gets a CSP, and the internal headers
 * a page trusts (`content-security-policy`, whose nonce Next stamps on its scripts, and `x-kit-popup`) are the
 * proxy's own, never the client's.
 */
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { config, proxy } from "@/proxy";
import { POPUP_HEADER } from "@magento-integration/handshake";

const PREFETCHES: Array<Record<string, string>> = [
  { purpose: "prefetch" },
  { "next-router-prefetch": "1" },
  { "sec-purpose": "prefetch" },
  { purpose: "prefetch", "next-router-prefetch": "1" },
];

describe("the proxy's matcher", () => {
  for (const headers of PREFETCHES) {
    it(`runs the proxy for a page requested with ${JSON.stringify(headers)}`, () => {
      for (const url of ["/", "/stores", "/login", "/integration/identity?oauth_consumer_key=x"]) {
        expect(unstable_doesMiddlewareMatch({ config, url, headers })).toBe(true);
      }
    });
  }
  it("still skips static files and API routes", () => {
    expect(unstable_doesMiddlewareMatch({ config, url: "/_next/static/chunks/a.js" })).toBe(false);
    expect(unstable_doesMiddlewareMatch({ config, url: "/api/health" })).toBe(false);
  });
});

/** The request headers the proxy forwards to the page (NextResponse.next's override list). */
function forwarded(res: Response): Map<string, string> {
  const names = (res.headers.get("x-middleware-override-headers") ?? "").split(",").filter(Boolean);
  return new Map(names.map((n) => [n, res.headers.get(`x-middleware-request-${n}`) ?? ""]));
}

describe("client-sent internal headers", () => {
  it("are replaced by the proxy's on a prefetch request", () => {
    const req = new NextRequest("http://127.0.0.1:3000/stores", {
      headers: {
        purpose: "prefetch",
        "next-router-prefetch": "1",
        "content-security-policy": "script-src 'nonce-attacker'",
        [POPUP_HEADER]: "1",
      },
    });
    const res = proxy(req);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("nonce-attacker");
    const toPage = forwarded(res);
    expect(toPage.get("content-security-policy")).toBe(csp);
    expect(toPage.get(POPUP_HEADER)).toBe("0");
  });
});
