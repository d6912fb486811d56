/**
 * Why a connection failed, as a problem of the kit's one vocabulary (packages/client/src/magento/store-advice.ts), read from the
 * error codes in an error's `cause` chain. Node's system errors and undici's errors carry no class of their own
 * that survives fetch's wrapping (`TypeError: fetch failed`, the socket error as its cause): their `code` is the API.
 * The guarded fetch refuses a private address at connect time with EPRIVATEADDRESS (./store-fetch.ts).
 */
import type { StoreProblem } from "../magento/store-advice.ts";

export type NetworkProblem = Extract<
  StoreProblem,
  "dns_failed" | "connection_refused" | "connection_lost" | "tls_failed" | "private_address" | "timeout"
>;

const BY_CODE: Readonly<Record<string, NetworkProblem>> = {
  EPRIVATEADDRESS: "private_address",
  ENOTFOUND: "dns_failed",
  EAI_AGAIN: "dns_failed",
  EAI_NONAME: "dns_failed",
  ECONNREFUSED: "connection_refused",
  ECONNRESET: "connection_lost",
  EPIPE: "connection_lost",
  EHOSTUNREACH: "connection_lost",
  ENETUNREACH: "connection_lost",
  UND_ERR_SOCKET: "connection_lost",
  ETIMEDOUT: "timeout",
  UND_ERR_CONNECT_TIMEOUT: "timeout",
  UND_ERR_HEADERS_TIMEOUT: "timeout",
  UND_ERR_BODY_TIMEOUT: "timeout",
  // TLS: the certificate (expired, self-signed, wrong host) or the handshake itself
  CERT_HAS_EXPIRED: "tls_failed",
  CERT_NOT_YET_VALID: "tls_failed",
  DEPTH_ZERO_SELF_SIGNED_CERT: "tls_failed",
  SELF_SIGNED_CERT_IN_CHAIN: "tls_failed",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "tls_failed",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "tls_failed",
  ERR_TLS_CERT_ALTNAME_INVALID: "tls_failed",
  ERR_SSL_WRONG_VERSION_NUMBER: "tls_failed",
  EPROTO: "tls_failed",
};

/** The network problem an error (or one of its causes, up to 6 deep) names by its code, or undefined. */
export function networkProblemOf(error: unknown): NetworkProblem | undefined {
  for (let c = error, depth = 0; c instanceof Error && depth < 6; c = c.cause, depth++) {
    const code = (c as NodeJS.ErrnoException).code;
    if (typeof code === "string" && Object.hasOwn(BY_CODE, code)) return BY_CODE[code];
  }
  return undefined;
}
