import { lookup as systemDnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { isIP } from "node:net";
import { Agent, buildConnector, fetch as undiciFetch, type Dispatcher } from "undici";
import { isPrivateAddress } from "./private-address.ts";
import type { FetchWithDispatcher } from "../magento/transport.ts";
import { KitError } from "../kit-error.ts";

/** `dns.lookup`'s callback form, as `net.connect` calls it (one address, or all of them with `{ all: true }`). */
export type DnsLookup = (
  hostname: string,
  options: LookupOptions,
  callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void;

export class PrivateAddressError extends KitError {
  static override readonly brand: string = "PrivateAddressError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "private_address", ...options });
  }
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
          new PrivateAddressError(
            `${hostname} resolves to a private address (${bad}); set ALLOW_PRIVATE_STORE_URLS=true for local stores`,
          ),
          address,
          family,
        );
      }
      callback(null, address, family);
    });
  };
}

/** Keep-alive connections per store origin (the REST client's own pool uses the same bound). */
const CONNECTIONS_PER_ORIGIN = 16;

/**
 * The undici Agent for every call to an address a store or a user supplies (token exchange, REST, manual mode,
 * portal): one keep-alive pool per origin. Checking a host's DNS answer before the call is not enough: a rebinding
 * DNS server can answer a public address to the check and 127.0.0.1 to the connection. Here the check runs in
 * the connector, once per new connection and not per request: a host name is checked inside the connection's
 * own lookup (the address checked is the address dialled), an IP literal (which skips the lookup) right before.
 */
export function createStoreDispatcher(opts: { allowPrivate: boolean; dnsLookup?: DnsLookup }): Dispatcher {
  const dnsLookup: DnsLookup = opts.dnsLookup ?? (systemDnsLookup as unknown as DnsLookup);
  // With private addresses allowed only an injected resolver (tests) replaces the system one.
  const lookup = opts.allowPrivate ? opts.dnsLookup : guardLookup(dnsLookup);
  const connector = buildConnector(lookup ? { lookup } : {});
  const guardedConnect: buildConnector.connector = (options, callback) => {
    const host = options.hostname.replace(/^\[|\]$/g, "");
    if (!opts.allowPrivate && isIP(host) && isPrivateAddress(host)) {
      return callback(
        new PrivateAddressError(`${host} is a private address; set ALLOW_PRIVATE_STORE_URLS=true for local stores`),
        null,
      );
    }
    return connector(options, callback);
  };
  return new Agent({ keepAliveTimeout: 10_000, connections: CONNECTIONS_PER_ORIGIN, connect: guardedConnect });
}

/**
 * The same as a fetch, for code that speaks fetch (the developer portal). It carries its Agent as `dispatcher`,
 * so packages/client/src/magento sends through the Agent directly (undici's fetch layer costs several times its dispatch per
 * call); every check lives in the Agent's connector, so both paths are guarded alike.
 */
export function createStoreFetch(opts: { allowPrivate: boolean; dnsLookup?: DnsLookup }): FetchWithDispatcher {
  const dispatcher = createStoreDispatcher(opts);
  const guardedFetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    })) as unknown as typeof fetch;
  return Object.assign(guardedFetch, { dispatcher });
}
