/** Public types of the OAuth 1.0a core. packages/client/src/oauth is pure: no I/O, time and randomness are injected. */

/** Magento ≥ 2.4.4 accepts only HMAC-SHA256; ≤ 2.4.3 also HMAC-SHA1; PLAINTEXT and RSA-SHA1 are for other providers. */
export type SignatureMethod = "HMAC-SHA256" | "HMAC-SHA1" | "PLAINTEXT" | "RSA-SHA1";

/**
 * How the store builds its base string (docs/signature-families.md#families):
 * - "standard": RFC 5849 with natural (strnatcmp) ordering — families A/B, and every family for plain ASCII
 * - "C": 2.4.6–2.4.7 (Laminas) decode reserved escapes (%2F %3A %40 %26 %3D %2B %24 %2C %3B) in the path
 * - "D": likely 2.4.8, every parameter value rawurlencoded once more before signing
 * - "E": later code, byte-order sort, the Host signed as sent, and the query also read with parse_str
 */
export type SignatureMode = "standard" | "C" | "D" | "E";

export const SIGNATURE_MODES: readonly SignatureMode[] = ["standard", "D", "C", "E"];

export interface OAuthSecrets {
  consumerKey: string;
  consumerSecret: string;
  /** Request token (access step) or access token (API calls); absent on the request-token step. */
  token?: string;
  tokenSecret?: string;
  /** PEM private key, only for RSA-SHA1. */
  rsaPrivateKeyPem?: string;
}

export interface SignInput {
  method: string;
  /** Absolute URL exactly as it will be sent, query included and already RFC 3986-encoded. */
  url: string;
  /**
   * Decoded name/value pairs of an application/x-www-form-urlencoded body (never JSON). Keep names flat and
   * free of "." and spaces: Magento reads bodies with PHP parse_str, which rewrites those (and nests brackets).
   */
  formParams?: ReadonlyArray<readonly [string, string]>;
  secrets: OAuthSecrets;
  signatureMethod?: SignatureMethod;
  mode?: SignatureMode;
  /** Access-token step only: goes into the Authorization header and the signature. */
  verifier?: string;
  nonce: string;
  /** Unix seconds. */
  timestamp: number;
}

export interface SignedRequest {
  /** Full `Authorization` header value: `OAuth name="value", ...`. */
  authorization: string;
  signature: string;
  baseString: string;
  /** The oauth_* parameters sent in the header (signature included). */
  oauthParams: Record<string, string>;
}

export interface TokenPair {
  token: string;
  tokenSecret: string;
}
