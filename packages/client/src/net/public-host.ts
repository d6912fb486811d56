import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isPrivateAddress } from "./private-address.ts";

/**
 * Is a store's host somewhere a public Magento store can be? `checkHost` judges the name or literal as written
 * (syntax, private literals, local names); `assertPublicStoreHost` asks DNS before a call. Neither replaces the
 * connect-time check of the guarded fetch (store-fetch.ts), which sees the address actually dialled.
 */
const DNS_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const LOCAL_SUFFIXES = [
  ".localhost",
  ".local",
  ".internal",
  ".home.arpa",
  ".lan",
  ".intranet",
  ".corp",
  ".localdomain",
];

/** Host rules: a DNS name (punycode after normalisation) or an IP literal; private ones only when allowed. */
export function checkHost(
  hostname: string,
  opts: { allowPrivate: boolean },
): { ok: true } | { ok: false; reason: string } {
  const host = hostname.replace(/\.$/, "");
  if (!host) return { ok: false, reason: "has no host" };
  const literal = host.startsWith("[") ? host.slice(1, -1) : host;
  if (isIP(literal)) {
    if (!opts.allowPrivate && isPrivateAddress(literal)) {
      return {
        ok: false,
        reason: `points to a private, loopback or reserved address (${literal}); set ALLOW_PRIVATE_STORE_URLS=true for local stores`,
      };
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
      return {
        ok: false,
        reason: `is a local host name (${host}); set ALLOW_PRIVATE_STORE_URLS=true for local stores`,
      };
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
  if (isIP(host))
    return isPrivateAddress(host)
      ? { ok: false, kind: "private", reason: `${host} is a private address` }
      : { ok: true };
  let answers: Array<{ address: string }>;
  try {
    answers = await (opts.lookup ?? systemLookup)(host);
  } catch (e) {
    // Not a private address: the name does not resolve (typo, expired domain, DNS down). Said as such.
    return {
      ok: false,
      kind: "unresolvable",
      reason: `cannot resolve ${host} (${(e as { code?: string }).code ?? "DNS error"})`,
    };
  }
  if (answers.length === 0) return { ok: false, kind: "unresolvable", reason: `${host} has no address` };
  const bad = answers.find((a) => isPrivateAddress(a.address));
  if (bad) return { ok: false, kind: "private", reason: `${host} resolves to a private address (${bad.address})` };
  return { ok: true };
}
