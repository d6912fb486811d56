/**
 * signRequest: Magento-compatible OAuth 1.0a signing (HMAC-SHA256 by default, HMAC-SHA1, PLAINTEXT, RSA-SHA1).
 *
 * oauth-1.0a is used for what it gets right: the signing key `enc(consumer_secret)&enc(token_secret)` (with the
 * `&` kept when there is no token secret: last_ampersand) and the hash plumbing (its hash_function contract and
 * its built-in PLAINTEXT). What it gets wrong for Magento — the base string (byte-wise sort, undecoded bracket
 * names, repeated names, no URL normalisation; see base-string.ts) — and its slow header builder are hand-written.
 */
import OAuth from "oauth-1.0a";
import { createHmac, createSign } from "node:crypto";
import { buildBaseStringFromEncoded } from "./base-string";
import { rfc3986Encode } from "./encoding";
import { formatEncodedAuthorizationHeader } from "./header";
import type { SignatureMethod, SignInput, SignedRequest } from "./types";

const hmacSha256: OAuth.HashFunction = (base, key) => createHmac("sha256", key).update(base).digest("base64");
const hmacSha1: OAuth.HashFunction = (base, key) => createHmac("sha1", key).update(base).digest("base64");

function hashFunctionFor(method: SignatureMethod, rsaPrivateKeyPem: string | undefined): OAuth.HashFunction | undefined {
  switch (method) {
    case "HMAC-SHA256":
      return hmacSha256;
    case "HMAC-SHA1":
      return hmacSha1;
    case "PLAINTEXT":
      return undefined; // oauth-1.0a's own PLAINTEXT: the signature is the signing key itself
    case "RSA-SHA1": {
      if (!rsaPrivateKeyPem) throw new TypeError("RSA-SHA1 signing needs secrets.rsaPrivateKeyPem");
      const pem = rsaPrivateKeyPem;
      return (base) => createSign("RSA-SHA1").update(base).sign(pem, "base64");
    }
    default:
      throw new TypeError(`Unknown OAuth signature method: ${String(method)}`);
  }
}

export function signRequest(input: SignInput): SignedRequest {
  const signatureMethod: SignatureMethod = input.signatureMethod ?? "HMAC-SHA256";
  const { secrets } = input;
  if (!Number.isSafeInteger(input.timestamp) || input.timestamp <= 0) {
    throw new RangeError("oauth_timestamp must be a positive integer of Unix seconds"); // Magento rejects ≤ 0
  }
  if (!input.nonce) throw new TypeError("oauth_nonce must not be empty");

  // Header order: sorted names, signature last (the store does not care; this matches research §4.7).
  const oauthParams: Array<readonly [string, string]> = [
    ["oauth_consumer_key", secrets.consumerKey],
    ["oauth_nonce", input.nonce],
    ["oauth_signature_method", signatureMethod],
    ["oauth_timestamp", String(input.timestamp)],
  ];
  // Request-token step: no oauth_token at all (an empty one is "token length is invalid").
  if (secrets.token) oauthParams.push(["oauth_token", secrets.token]);
  // Access step: Magento reads oauth_verifier only from the Authorization header.
  if (input.verifier !== undefined) oauthParams.push(["oauth_verifier", input.verifier]);
  oauthParams.push(["oauth_version", "1.0"]);

  // Names are fixed unreserved ASCII; values are encoded once for both the base string and the header.
  const encodedOauth = oauthParams.map(([name, value]) => [name, rfc3986Encode(value)] as const);
  const baseString = buildBaseStringFromEncoded({
    method: input.method,
    url: input.url,
    oauthParams: encodedOauth,
    formParams: input.formParams,
    mode: input.mode,
  });

  const oauth = new OAuth({
    consumer: { key: secrets.consumerKey, secret: secrets.consumerSecret },
    signature_method: signatureMethod,
    hash_function: hashFunctionFor(signatureMethod, secrets.rsaPrivateKeyPem),
  });
  const signature = oauth.hash_function(baseString, oauth.getSigningKey(secrets.tokenSecret ?? ""));

  const record: Record<string, string> = {};
  for (const [name, value] of oauthParams) record[name] = value;
  record.oauth_signature = signature;

  return { authorization: formatEncodedAuthorizationHeader(encodedOauth, signature), signature, baseString, oauthParams: record };
}
