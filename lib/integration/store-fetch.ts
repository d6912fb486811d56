import { lookup as systemDnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { isIP } from "node:net";
import { Agent, fetch as undiciFetch } from "undici";
import { isPrivateAddress } from "@/lib/integration/private-address";

/** `dns.lookup`'s callback form, as `net.connect` calls it (one address, or all of them with `{ all: true }`). */
export type DnsLookup = (
  hostname: string,
  options: LookupOptions,
  callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void;

export class PrivateAddressError extends Error {
  override readonly name = "PrivateAddressError";
  readonly code = "EPRIVATEADDRESS";
}

/** `dnsLookup` with every answer checked: a private address fails the lookup, so no connection is made. */
export function guardLookup(dnsLookup: DnsLookup): DnsLookup {
  return (hostname, options, callback) => {
    dnsLookup(hostname, options, (err, address, family) => {
      if (err) return callback(err, address, family);
      const all = Array.isArray(address) ? address.map((a) => a.address) : [address];
      const bad = all.find((a) => isPrivateAddress(a));
      if (bad) {
        return callback(
          new PrivateAddressError(`${hostname} resolves to a private address (${bad}); set ALLOW_PRIVATE_STORE_URLS=true for local stores`),
          address,
          family,
        );
      }
      callback(null, address, family);
    });
  };
}

/**
 * The fetch for every call to an address a store or a user supplies (token exchange, REST, manual mode, portal). Checking a host's DNS answer before
 * the call is not enough: a rebinding DNS server can answer a public address to the check and 127.0.0.1 to the
 * connection. Here the check runs inside the connection's own lookup, so the address checked is the address
 * dialled; IP literals (which skip the lookup) are checked before the request. One keep-alive pool per app.
 */
export function createStoreFetch(opts: { allowPrivate: boolean; dnsLookup?: DnsLookup }): typeof fetch {
  const dnsLookup: DnsLookup = opts.dnsLookup ?? (systemDnsLookup as unknown as DnsLookup);
  const guardedLookup = guardLookup(dnsLookup);
  const agent = new Agent({
    keepAliveTimeout: 10_000,
    connections: 64,
    // With private addresses allowed only an injected resolver (tests) replaces the system one.
    ...(opts.allowPrivate ? (opts.dnsLookup ? { connect: { lookup: opts.dnsLookup } } : {}) : { connect: { lookup: guardedLookup } }),
  });
  return (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    if (!opts.allowPrivate) {
      const host = new URL(input instanceof Request ? input.url : String(input)).hostname.replace(/^\[|\]$/g, "");
      if (isIP(host) && isPrivateAddress(host)) {
        throw new TypeError("fetch failed", {
          cause: new PrivateAddressError(`${host} is a private address; set ALLOW_PRIVATE_STORE_URLS=true for local stores`),
        });
      }
    }
    return undiciFetch(input as Parameters<typeof undiciFetch>[0], { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher: agent });
  }) as unknown as typeof fetch;
}
