/**
 * Adobe Commerce webhook signature (docs/store-events.md, "Commerce webhooks"): the header
 * `x-adobe-commerce-webhook-signature` holds a base64 RSA PKCS#1 v1.5 SHA-256 signature made with the instance's
 * private key ("Regenerate key pair" in the store's admin). Adobe's two samples disagree on which bytes are
 * signed: one verifies the base64 text of the raw body, the other the raw body. A signature over either is
 * accepted; both readings are bound to the same received bytes, so neither lets a body be changed.
 */
import { createPublicKey, createHash, verify, type KeyObject } from "node:crypto";

export const COMMERCE_SIGNATURE_HEADER = "x-adobe-commerce-webhook-signature";

/** Which bytes a verified signature covered. */
export type CommerceSignedBytes = "base64-of-body" | "raw-body";

export type SignatureCheck<T extends string> = { ok: true; signed: T } | { ok: false; reason: SignatureRefusal };

/** Why a delivery's signature was refused (shown on the Events page; the sender hears none of it). */
export type SignatureRefusal = "unsigned" | "malformed signature" | "no key configured" | "signature does not match";

/** Strict base64 (standard alphabet, padded): a signature in another spelling is malformed, not re-decoded. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function decodeStrictBase64(text: string): Buffer | null {
  const t = text.trim();
  if (t.length === 0 || t.length > 4096 || !BASE64.test(t)) return null;
  return Buffer.from(t, "base64");
}

/** A PEM public key (SPKI, or an RSA PKCS#1 public key) as a key object; null when it is not an RSA public key. */
export function parseRsaPublicKey(pem: string): KeyObject | null {
  try {
    const key = createPublicKey({ key: pem, format: "pem" });
    return key.asymmetricKeyType === "rsa" ? key : null;
  } catch {
    return null;
  }
}

/** SHA-256 of the key's DER (SPKI), hex in pairs: what the Events page shows to compare with the store's key. */
export function keyFingerprint(key: KeyObject): string {
  const der = key.export({ type: "spki", format: "der" });
  return createHash("sha256").update(der).digest("hex").match(/../g)!.join(":");
}

/**
 * Verifies `signatureHeader` over `rawBody` with `key`. Both readings are tried every time (no early return on
 * the first), so the time taken does not depend on which one matched.
 */
export function verifyCommerceSignature(
  rawBody: Buffer,
  signatureHeader: string | null,
  key: KeyObject | null,
): SignatureCheck<CommerceSignedBytes> {
  if (signatureHeader === null || signatureHeader.trim() === "") return { ok: false, reason: "unsigned" };
  const signature = decodeStrictBase64(signatureHeader);
  if (!signature) return { ok: false, reason: "malformed signature" };
  if (!key) return { ok: false, reason: "no key configured" };
  const overBase64 = safeVerify(Buffer.from(rawBody.toString("base64"), "latin1"), key, signature);
  const overRaw = safeVerify(rawBody, key, signature);
  if (overBase64) return { ok: true, signed: "base64-of-body" };
  if (overRaw) return { ok: true, signed: "raw-body" };
  return { ok: false, reason: "signature does not match" };
}

export function safeVerify(data: Buffer, key: KeyObject, signature: Buffer): boolean {
  try {
    return verify("sha256", data, key, signature);
  } catch {
    return false;
  }
}
