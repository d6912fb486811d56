import { checkHost, parseStrictUrl, type UrlProblem } from "@magento-integration/client/net";

/**
 * `store_base_url` as the store posts it (`StoreManager::getStore()->getBaseUrl()`): http(s), trailing slash,
 * maybe `index.php/`. We keep it verbatim apart from what the WHATWG parser normalises (lowercase host,
 * punycode for unicode hosts, canonical IPv4/IPv6, default port dropped) and add a missing trailing slash.
 */
export const STORE_URL_MAX_LENGTH = 2048;

export type StoreUrlResult = { ok: true; url: string; host: string } | { ok: false; reason: string };

/** Each problem as the end of a sentence that starts with the field's name ("store_base_url …"). */
const REASONS: Record<UrlProblem, string> = {
  too_long: `is longer than ${STORE_URL_MAX_LENGTH} characters`,
  bad_characters: "contains spaces, control characters or backslashes",
  not_http: "must start with http:// or https://",
  unparsable: "is not a valid URL",
  credentials: "must not contain a user name or password",
  fragment: "must not contain a fragment (#)",
  query: "must not contain a query string",
  port_zero: "has port 0, which no server listens on",
  dot_segments: "must not contain dot segments",
  path: "must not contain a path",
  not_canonical: "is not in canonical form",
};

export function normaliseStoreBaseUrl(raw: string, opts: { allowPrivate: boolean }): StoreUrlResult {
  const parsed = parseStrictUrl(raw, { maxLength: STORE_URL_MAX_LENGTH });
  if (!parsed.ok) return { ok: false, reason: REASONS[parsed.problem] };
  const u = parsed.url;
  const hostCheck = checkHost(u.hostname, opts);
  if (!hostCheck.ok) return hostCheck;
  const path = u.pathname.endsWith("/") ? u.pathname : `${u.pathname}/`;
  // `shop.example.com.` is the same host as `shop.example.com`: one Store row, one origin for success_call_back.
  const host = u.hostname.endsWith(".") ? `${u.hostname.slice(0, -1)}${u.port ? `:${u.port}` : ""}` : u.host;
  return { ok: true, url: `${u.protocol}//${host}${path}`, host: u.hostname.replace(/\.$/, "") };
}

export function originOf(url: string): string {
  return new URL(url).origin;
}
