/**
 * A literal OAuth 1.0a signer for the dev store's quirk tests: the test states what the store must sign (the
 * normalised URL and every decoded parameter, as bytes), and this only percent-encodes bytes (RFC 3986), sorts
 * by encoded name and computes the HMAC. So the expected Magento behaviour is written in the test itself, not
 * re-derived by a second model of Magento (the reference signer) that could share a mistake with the store.
 * The sort is plain byte order: the tests that use it keep digit runs out of parameter names, where PHP's
 * natural order (strnatcmp) and byte order agree.
 */
import { createHmac } from "node:crypto";
import { freshNonce } from "./devstore-client";

/** A PHP string: UTF-8 text given as a JS string, or raw bytes as a Buffer. */
export type Bytes = string | Buffer;

export interface OAuthCreds {
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
}

/** RFC 3986 percent-encoding of every byte outside `A-Z a-z 0-9 - . _ ~`, uppercase hex. */
export function encodeBytes(value: Bytes): string {
  let out = "";
  for (const b of Buffer.isBuffer(value) ? value : Buffer.from(value, "utf8")) {
    const ch = String.fromCharCode(b);
    out += /[A-Za-z0-9\-._~]/.test(ch) ? ch : "%" + b.toString(16).toUpperCase().padStart(2, "0");
  }
  return out;
}

/** The protocol parameters a client sends (HMAC-SHA256, version 1.0), with `extra` added or overriding. */
export function protocolParams(c: OAuthCreds, extra: Record<string, string> = {}): Record<string, string> {
  return {
    oauth_consumer_key: c.consumerKey,
    oauth_nonce: freshNonce(),
    oauth_signature_method: "HMAC-SHA256",
    oauth_timestamp: String(Math.floor(Date.now() / 1000)),
    oauth_version: "1.0",
    ...(c.token === undefined ? {} : { oauth_token: c.token }),
    ...extra,
  };
}

/** `METHOD&enc(signedUrl)&enc(k=v&…)` over exactly the given (decoded) parameters. */
export function baseStringOf(method: string, signedUrl: string, params: Iterable<readonly [Bytes, Bytes]>): string {
  const pairs = [...params].map(([k, v]) => [encodeBytes(k), encodeBytes(v)] as const);
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const paramString = pairs.map(([k, v]) => `${k}=${v}`).join("&");
  return [method.toUpperCase(), encodeBytes(signedUrl), encodeBytes(paramString)].join("&");
}

export function hmacSignature(base: string, c: OAuthCreds): string {
  return createHmac("sha256", `${encodeBytes(c.consumerSecret)}&${encodeBytes(c.tokenSecret ?? "")}`)
    .update(base)
    .digest("base64");
}

/** Signs `params` (plus `others`, e.g. query or body pairs the store must include) for `signedUrl`. */
export function signExplicitly(
  method: string,
  signedUrl: string,
  params: Record<string, string>,
  c: OAuthCreds,
  others: [Bytes, Bytes][] = [],
): string {
  return hmacSignature(baseStringOf(method, signedUrl, [...Object.entries(params), ...others]), c);
}

/** `OAuth k="enc(v)", …` with the signature last. */
export function oauthHeader(params: Record<string, string>, signature: string): string {
  return (
    "OAuth " +
    Object.entries({ ...params, oauth_signature: signature })
      .map(([k, v]) => `${k}="${encodeBytes(v)}"`)
      .join(", ")
  );
}

/** The same pairs as a form body or query string (every name and value percent-encoded). */
export function formEncode(pairs: Record<string, string>): string {
  return Object.entries(pairs)
    .map(([k, v]) => `${encodeBytes(k)}=${encodeBytes(v)}`)
    .join("&");
}
