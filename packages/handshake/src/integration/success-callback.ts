import { parseStrictUrl, type UrlProblem } from "@magento-integration/client/net";

/**
 * `success_call_back` from the identity popup: Magento's admin route `…/admin/integration/loginSuccessCallback/`
 * (+ `key/<hash>/` when admin secret keys are on), which closes the popup. It comes from the browser's query
 * string, so without this check the identity page is an open redirect. We follow it only when:
 * - it is an absolute http(s) URL, exactly as the WHATWG parser would write it (no parser tricks), no userinfo,
 *   no query, no fragment;
 * - its origin is the store's origin, or the admin origin configured for that store;
 * - its path ends with `/admin/integration/loginSuccessCallback` + optional `/key/<hash>` + optional `/`.
 */
export type SuccessCallbackResult = { ok: true; url: string } | { ok: false; reason: string };

const PATH = /\/admin\/integration\/loginSuccessCallback(\/key\/[0-9A-Za-z]{1,128})?\/?$/;

/** Each problem as the popup tells it to the user (the first one the strict parser finds). */
const REASONS: Record<UrlProblem, string> = {
  too_long: "the return address is too long",
  bad_characters: "the return address contains spaces or control characters",
  not_http: "the return address is not an absolute http(s) URL",
  unparsable: "the return address is not a valid URL",
  credentials: "the return address contains a user name or password",
  fragment: "the return address has a query string or fragment",
  query: "the return address has a query string or fragment",
  port_zero: "the return address has port 0",
  dot_segments: "the return address is not in canonical form",
  path: "the return address is not Magento's loginSuccessCallback page",
  not_canonical: "the return address is not in canonical form",
};

const RULES = { maxLength: 2048, canonical: true } as const;

/** The origin a `success_call_back` would send the browser to, when it parses strictly (not yet checked against the store). */
export function successCallbackOrigin(raw: string): string | null {
  const parsed = parseStrictUrl(raw, RULES);
  return parsed.ok ? parsed.url.origin : null;
}

export function validateSuccessCallback(raw: string, allowedOrigins: readonly string[]): SuccessCallbackResult {
  const parsed = parseStrictUrl(raw, RULES);
  if (!parsed.ok) return { ok: false, reason: REASONS[parsed.problem] };
  const u = parsed.url;
  if (!allowedOrigins.includes(u.origin)) {
    return { ok: false, reason: `the return address (${u.origin}) is not your store's admin` };
  }
  if (!PATH.test(u.pathname))
    return { ok: false, reason: "the return address is not Magento's loginSuccessCallback page" };
  return { ok: true, url: raw };
}
