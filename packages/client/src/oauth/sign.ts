/**
 * Magento-compatible OAuth 1.0a signing (HMAC-SHA256 by default, HMAC-SHA1, PLAINTEXT, RSA-SHA1).
 *
 * oauth-1.0a is used for what it gets right: the signing key `enc(consumer_secret)&enc(token_secret)` (with the
 * `&` kept when there is no token secret: last_ampersand) and its built-in PLAINTEXT. What it gets wrong for
 * Magento — the base string (byte-wise sort, undecoded bracket names, repeated names, no URL normalisation; see
 * base-string.ts) — is hand-written, and so is what it does slowly per call: it builds a new signing key string
 * and re-encodes the consumer key and token on every call, and its header builder sorts and maps again. A
 * signer made once per set of secrets (createSigner) keeps the HMAC keys as KeyObjects and the encoded values.
 */
import OAuth from "oauth-1.0a";
import { createHmac, createSecretKey, createSign } from "node:crypto";
import { baseStringFromLayout, parameterLayout, type ParameterLayout } from "./base-string.ts";
import { rfc3986Encode } from "./encoding.ts";
import { authorizationHeaderOf } from "./header.ts";
import { parseUrl } from "./url.ts";
import type { OAuthSecrets, SignatureMethod, SignatureMode, SignInput, SignedRequest } from "./types.ts";

/** One request to sign with a signer's secrets: SignInput without them. */
export type SignerInput = Omit<SignInput, "secrets">;

export interface Signer {
  /** The Authorization header value alone (the REST client's hot path). */
  authorization(input: SignerInput): string;
  /** Header, signature, base string and the oauth_* parameters sent. */
  sign(input: SignerInput): SignedRequest;
}

function checkInput(input: SignerInput): void {
  if (!Number.isSafeInteger(input.timestamp) || input.timestamp <= 0) {
    throw new RangeError("oauth_timestamp must be a positive integer of Unix seconds"); // Magento rejects ≤ 0
  }
  if (!input.nonce) throw new TypeError("oauth_nonce must not be empty");
}

export function createSigner(secrets: OAuthSecrets): Signer {
  const signingKey = new OAuth({
    consumer: { key: secrets.consumerKey, secret: secrets.consumerSecret },
  }).getSigningKey(secrets.tokenSecret ?? "");
  const hmacKey = createSecretKey(Buffer.from(signingKey, "utf8")); // a KeyObject: no string-to-key conversion per call
  const hmac = (algorithm: "sha256" | "sha1", base: string): string =>
    createHmac(algorithm, hmacKey).update(base).digest("base64");
  let plaintext: OAuth | undefined;

  function signatureOf(method: SignatureMethod, base: string): string {
    switch (method) {
      case "HMAC-SHA256":
        return hmac("sha256", base);
      case "HMAC-SHA1":
        return hmac("sha1", base);
      case "PLAINTEXT":
        // oauth-1.0a's own PLAINTEXT: the signature is the signing key itself
        plaintext ??= new OAuth({
          consumer: { key: secrets.consumerKey, secret: secrets.consumerSecret },
          signature_method: "PLAINTEXT",
        });
        return plaintext.hash_function(base, signingKey);
      case "RSA-SHA1":
        if (!secrets.rsaPrivateKeyPem) throw new TypeError("RSA-SHA1 signing needs secrets.rsaPrivateKeyPem");
        return createSign("RSA-SHA1").update(base).sign(secrets.rsaPrivateKeyPem, "base64");
      default:
        throw new TypeError(`Unknown OAuth signature method: ${String(method)}`);
    }
  }

  // Names are fixed unreserved ASCII; the values that never change are encoded once, here.
  const consumerKey = rfc3986Encode(secrets.consumerKey);
  const token = secrets.token ? rfc3986Encode(secrets.token) : undefined;
  // Request-token step: no oauth_token at all (an empty one is "token length is invalid"). Access step: Magento
  // reads oauth_verifier only from the Authorization header.
  const names = token ? WITH_TOKEN : WITHOUT_TOKEN;
  const layouts = new Map<string, ParameterLayout>(); // per query seen: the sort is done once (base-string.ts)

  function layoutFor(
    input: SignerInput,
    mode: SignatureMode,
    oauthNames: readonly string[],
    query: string | undefined,
  ): ParameterLayout {
    if (input.formParams) return parameterLayout(mode, oauthNames, input.formParams, query);
    const key = `${mode}\u0000${oauthNames.length}\u0000${query ?? ""}`;
    let layout = layouts.get(key);
    if (!layout) {
      layout = parameterLayout(mode, oauthNames, undefined, query);
      if (layouts.size >= LAYOUTS_KEPT) layouts.delete(layouts.keys().next().value as string);
      layouts.set(key, layout);
    }
    return layout;
  }

  function signed(input: SignerInput): {
    oauthNames: readonly string[];
    values: string[];
    baseString: string;
    signature: string;
    method: SignatureMethod;
  } {
    checkInput(input);
    const method: SignatureMethod = input.signatureMethod ?? "HMAC-SHA256";
    const mode = input.mode ?? "standard";
    const withVerifier = input.verifier !== undefined;
    const oauthNames = withVerifier ? names.withVerifier : names.plain;
    // in the order of `oauthNames` (sorted, the header's order too: docs/signature-families.md#authorization-header), values RFC 3986-encoded
    const values = [consumerKey, rfc3986Encode(input.nonce), method, String(input.timestamp)];
    if (token) values.push(token);
    if (withVerifier) values.push(rfc3986Encode(input.verifier!));
    values.push("1.0");
    const url = parseUrl(input.url);
    const baseString = baseStringFromLayout(
      input.method,
      url,
      mode,
      layoutFor(input, mode, oauthNames, url.query),
      values,
    );
    return { oauthNames, values, baseString, signature: signatureOf(method, baseString), method };
  }

  return {
    authorization(input) {
      const s = signed(input);
      return authorizationHeaderOf(s.oauthNames, s.values, s.signature);
    },
    sign(input) {
      const s = signed(input);
      const oauthParams: Record<string, string> = {
        oauth_consumer_key: secrets.consumerKey,
        oauth_nonce: input.nonce,
        oauth_signature_method: s.method,
        oauth_timestamp: String(input.timestamp),
      };
      if (secrets.token) oauthParams.oauth_token = secrets.token;
      if (input.verifier !== undefined) oauthParams.oauth_verifier = input.verifier;
      oauthParams.oauth_version = "1.0";
      oauthParams.oauth_signature = s.signature;
      return {
        authorization: authorizationHeaderOf(s.oauthNames, s.values, s.signature),
        signature: s.signature,
        baseString: s.baseString,
        oauthParams,
      };
    },
  };
}

/** Queries a signer keeps the parameter layout of (a client repeats its calls; a pager's pages pass through). */
const LAYOUTS_KEPT = 64;

const names = (token: boolean) => {
  const head = [
    "oauth_consumer_key",
    "oauth_nonce",
    "oauth_signature_method",
    "oauth_timestamp",
    ...(token ? ["oauth_token"] : []),
  ];
  return { plain: [...head, "oauth_version"], withVerifier: [...head, "oauth_verifier", "oauth_version"] } as const;
};
const WITH_TOKEN = names(true);
const WITHOUT_TOKEN = names(false);

/** Signs one request with a throwaway signer (for one-off calls; a client keeps its signer). */
export function signRequest(input: SignInput): SignedRequest {
  return createSigner(input.secrets).sign(input);
}
