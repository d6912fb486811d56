/**
 * Adobe I/O Events webhook signature (docs/store-events.md, "I/O Events"): `x-adobe-digital-signature-1` and `-2`
 * are base64 RSA-SHA256 signatures over the raw body, made with the keys whose paths `x-adobe-public-key1-path`
 * and `-2-path` name on Adobe's fixed key host. Two keys let Adobe rotate: the delivery passes when either
 * verifies. The host is never taken from the request: only the path is, and only in Adobe's own shape.
 */
import type { KeyObject } from "node:crypto";
import { decodeStrictBase64, safeVerify, type SignatureCheck } from "./commerce-signature.ts";

export const IO_SIGNATURE_HEADERS = ["x-adobe-digital-signature-1", "x-adobe-digital-signature-2"] as const;
export const IO_KEY_PATH_HEADERS = ["x-adobe-public-key1-path", "x-adobe-public-key2-path"] as const;
/** The legacy scheme (HMAC with the client secret): never accepted, only named when refused. */
export const IO_LEGACY_HEADER = "x-adobe-signature";

/** Which signature verified. */
export type IoSignedBy = "signature-1" | "signature-2";

/**
 * A key path as Adobe sends it, e.g. `/prod/keys/pub-key-<uuid>.pem`: one environment segment, `keys`, a file
 * name of letters, digits and dashes ending in `.pem`. Anything else (another host `//evil.test/x`, `..`, a query,
 * an `@`, percent-escapes) is refused before any fetch.
 */
const KEY_PATH = /^\/[a-z0-9-]{1,32}\/keys\/[A-Za-z0-9-]{1,128}\.pem$/;

export function isAdobeKeyPath(path: string): boolean {
  return KEY_PATH.test(path);
}

export interface IoHeaders {
  get(name: string): string | null;
}

/** Loads a public key by path from the fixed key host (io-key-cache.ts); null when it cannot be had. */
export type IoKeyLoader = (path: string) => Promise<KeyObject | null>;

export type IoSignatureCheck =
  SignatureCheck<IoSignedBy> | { ok: false; reason: "forged key path" | "key unavailable" | "legacy HMAC signature" };

export async function verifyIoSignature(
  rawBody: Buffer,
  headers: IoHeaders,
  loadKey: IoKeyLoader,
): Promise<IoSignatureCheck> {
  const pairs = [0, 1].map((i) => ({
    signature: headers.get(IO_SIGNATURE_HEADERS[i]!),
    path: headers.get(IO_KEY_PATH_HEADERS[i]!),
  }));
  const present = pairs.filter((p) => p.signature !== null && p.signature.trim() !== "");
  if (present.length === 0)
    return { ok: false, reason: headers.get(IO_LEGACY_HEADER) ? "legacy HMAC signature" : "unsigned" };
  // every path is checked before anything is fetched: one forged path refuses the delivery
  for (const p of pairs)
    if (p.path !== null && !isAdobeKeyPath(p.path)) return { ok: false, reason: "forged key path" };
  let sawKey = false;
  let sawSignature = false;
  const results: boolean[] = [];
  for (const p of pairs) {
    if (p.signature === null || p.signature.trim() === "") {
      results.push(false);
      continue;
    }
    const signature = decodeStrictBase64(p.signature);
    if (!signature) {
      results.push(false);
      continue;
    }
    sawSignature = true;
    const key = p.path === null ? null : await loadKey(p.path);
    if (key) sawKey = true;
    results.push(key !== null && safeVerify(rawBody, key, signature));
  }
  if (results[0]) return { ok: true, signed: "signature-1" };
  if (results[1]) return { ok: true, signed: "signature-2" };
  if (!sawSignature) return { ok: false, reason: "malformed signature" };
  if (!sawKey) return { ok: false, reason: "key unavailable" };
  return { ok: false, reason: "signature does not match" };
}
