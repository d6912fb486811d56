import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isPrivateAddress } from "@/lib/integration/private-address";

/**
 * `store_base_url` as the store posts it (`StoreManager::getStore()->getBaseUrl()`): http(s), trailing slash,
 * maybe `index.php/`. We keep it verbatim apart from what the WHATWG parser normalises (lowercase host,
 * punycode for unicode hosts, canonical IPv4/IPv6, default port dropped) and add a missing trailing slash.
 */
export const STORE_URL_MAX_LENGTH = 2048;

export type StoreUrlResult = { ok: true; url: string; host: string } | { ok: false; reason: string };

const DNS_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa", ".lan", ".intranet", ".corp", ".localdomain"];

export function normaliseStoreBaseUrl(raw: string, opts: { allowPrivate: boolean }): StoreUrlResult {
  if (raw.length > STORE_URL_MAX_LENGTH) return { ok: false, reason: `is longer than ${STORE_URL_MAX_LENGTH} characters` };
  // Control characters, spaces and backslashes are parsed leniently by URL(); a real store never sends them.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u0020\u007f\\]/.test(raw)) return { ok: false, reason: "contains spaces, control characters or backslashes" };
  if (!/^https?:\/\//i.test(raw)) return { ok: false, reason: "must start with http:// or https://" };
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { ok: false, reason: "is not a valid URL" };
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return { ok: false, reason: "must be an http or https URL" };
  const authority = raw.slice(raw.indexOf("//") + 2).split(/[/?#]/)[0] ?? "";
  if (u.username || u.password || authority.includes("@")) {
    return { ok: false, reason: "must not contain a user name or password" };
  }
  if (raw.includes("#")) return { ok: false, reason: "must not contain a fragment (#)" };
  if (u.search || raw.includes("?")) return { ok: false, reason: "must not contain a query string" };
  // Port 0 is "any port" to the socket API: no store listens there, and connecting to it is undefined behaviour.
  if (u.port === "0") return { ok: false, reason: "has port 0, which no server listens on" };
  const hostCheck = checkHost(u.hostname, opts);
  if (!hostCheck.ok) return hostCheck;
  const path = u.pathname.endsWith("/") ? u.pathname : `${u.pathname}/`;
  // `shop.example.com.` is the same host as `shop.example.com`: one Store row, one origin for success_call_back.
  const host = u.hostname.endsWith(".") ? `${u.hostname.slice(0, -1)}${u.port ? `:${u.port}` : ""}` : u.host;
  // The parser resolves `..` and `%2e%2e` silently: look at what was sent.
  if (/%2e|\/\.\.?(\/|$)/i.test(raw.slice(raw.indexOf("//") + 2))) return { ok: false, reason: "must not contain dot segments" };
  return { ok: true, url: `${u.protocol}//${host}${path}`, host: u.hostname.replace(/\.$/, "") };
}

/** Host rules: a DNS name (punycode after normalisation) or an IP literal; private ones only when allowed. */
export function checkHost(hostname: string, opts: { allowPrivate: boolean }): { ok: true } | { ok: false; reason: string } {
  const host = hostname.replace(/\.$/, "");
  if (!host) return { ok: false, reason: "has no host" };
  const literal = host.startsWith("[") ? host.slice(1, -1) : host;
  if (isIP(literal)) {
    if (!opts.allowPrivate && isPrivateAddress(literal)) {
      return { ok: false, reason: `points to a private, loopback or reserved address (${literal}); set ALLOW_PRIVATE_STORE_URLS=true for local stores` };
    }
    return { ok: true };
  }
  if (host.length > 253 || !host.split(".").every((l) => DNS_LABEL.test(l))) {
    return { ok: false, reason: "has an invalid host name" };
  }
  if (host.split(".").some((l) => l.startsWith("xn--") && !isValidPunycodeLabel(l))) {
    return { ok: false, reason: "has an invalid internationalised host name" };
  }
  if (!opts.allowPrivate) {
    if (host === "localhost" || !host.includes(".") || LOCAL_SUFFIXES.some((s) => host.endsWith(s))) {
      return { ok: false, reason: `is a local host name (${host}); set ALLOW_PRIVATE_STORE_URLS=true for local stores` };
    }
  }
  return { ok: true };
}

function isValidPunycodeLabel(label: string): boolean {
  try {
    return new URL(`http://${label}.example/`).hostname.startsWith(label);
  } catch {
    return false;
  }
}

export type Lookup = (host: string) => Promise<Array<{ address: string; family: number }>>;
export const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * Before talking to a store, resolve its host and refuse private answers (SSRF guard; a public name may point
 * at 127.0.0.1 or the cloud metadata address). Skipped when private store URLs are allowed.
 */
export async function assertPublicStoreHost(
  storeUrl: string,
  opts: { allowPrivate: boolean; lookup?: Lookup },
): Promise<{ ok: true } | { ok: false; kind: "private" | "unresolvable"; reason: string }> {
  if (opts.allowPrivate) return { ok: true };
  const host = new URL(storeUrl).hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return isPrivateAddress(host) ? { ok: false, kind: "private", reason: `${host} is a private address` } : { ok: true };
  let answers: Array<{ address: string }>;
  try {
    answers = await (opts.lookup ?? systemLookup)(host);
  } catch (e) {
    // Not a private address: the name does not resolve (typo, expired domain, DNS down). Said as such.
    return { ok: false, kind: "unresolvable", reason: `cannot resolve ${host} (${(e as { code?: string }).code ?? "DNS error"})` };
  }
  if (answers.length === 0) return { ok: false, kind: "unresolvable", reason: `${host} has no address` };
  const bad = answers.find((a) => isPrivateAddress(a.address));
  if (bad) return { ok: false, kind: "private", reason: `${host} resolves to a private address (${bad.address})` };
  return { ok: true };
}

export function originOf(url: string): string {
  return new URL(url).origin;
}
