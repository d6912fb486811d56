import { createHash } from "node:crypto";

/**
 * A consumer key as it may appear outside the Installation row: in job refs and keys (the Jobs view, `GET
 * /api/ops/jobs`) and in log lines. Knowing a key is enough to race the merchant's activation
 * (docs/security.md, residual risks), so the key itself is never written there: a SHA-256 digest (96 bits,
 * base64url) names the same key without giving it away. The key is 32 random characters, so the digest cannot be
 * turned back into it by guessing.
 */
export function consumerKeyDigest(consumerKey: string): string {
  return createHash("sha256").update(`kit-consumer-key\u0000${consumerKey}`).digest("base64url").slice(0, 16);
}

/** The job ref of a consumer key's callbacks: `key:<digest>`. */
export const consumerKeyRef = (consumerKey: string): string => `key:${consumerKeyDigest(consumerKey)}`;
