import { timingSafeEqual } from "node:crypto";
import type { SecretBox } from "@magento-integration/storage";

/**
 * Magento never changes an integration's consumer secret (Reauthorize re-posts the same one): whether a posted
 * or pasted secret equals a sealed one is how the kit tells the store from a forger. Compared in constant time;
 * a sealed value that cannot be opened (key rotated away, damaged) matches nothing.
 */
export function sealedSecretEquals(box: Pick<SecretBox, "open">, sealed: string, candidate: string): boolean {
  let stored: string;
  try {
    stored = box.open(sealed);
  } catch {
    return false;
  }
  const a = Buffer.from(stored, "utf8");
  const b = Buffer.from(candidate, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}
