/**
 * packages/client/src/net: every outbound connection of the kit and the rules for addresses that come from outside.
 * - strict-url.ts: the one strict parser for absolute http(s) URLs (store base URL, success_call_back, origins).
 * - public-host.ts: is a host public (syntax and DNS), before a call.
 * - private-address.ts: which IP literals are private, loopback or reserved.
 * - store-fetch.ts: the guarded fetch / undici Agent; refuses private addresses when each connection is made.
 * - read-capped.ts: a request's or response's body, read up to a bound (never `.text()` / `.json()`).
 */
export { parseStrictUrl, type StrictUrl, type UrlProblem, type UrlRules } from "./strict-url.ts";
export { assertPublicStoreHost, checkHost, systemLookup, type Lookup } from "./public-host.ts";
export { isPrivateAddress, ipv6Groups } from "./private-address.ts";
export { readCapped, readBytesWithin } from "./read-capped.ts";
export { networkProblemOf, type NetworkProblem } from "./network-problem.ts";
export {
  createStoreDispatcher,
  createStoreFetch,
  guardLookup,
  PrivateAddressError,
  type DnsLookup,
} from "./store-fetch.ts";
