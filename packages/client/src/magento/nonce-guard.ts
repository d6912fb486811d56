/**
 * Wraps a nonce source so that every nonce has Magento's own shape (NONCE_LENGTH characters of NONCE_ALPHABET;
 * never base64, whose "+ / =" break family D) and none is used twice by one client (the store consumes a nonce
 * even when the call fails).
 */
import { NONCE_ALPHABET, NONCE_LENGTH } from "../oauth/index.ts";

const REMEMBER = 4096;
const NONCE_SHAPE = new RegExp(`^[${NONCE_ALPHABET}]{${NONCE_LENGTH}}$`);

export function guardedNonce(source: () => string): () => string {
  const recent = new Set<string>();
  return () => {
    const n = source();
    if (!NONCE_SHAPE.test(n)) {
      throw new Error(`nonce source returned an unusable nonce "${n}" (want ${NONCE_LENGTH} characters of [0-9a-z])`);
    }
    if (recent.has(n)) throw new Error("nonce source repeated a nonce: the store rejects reused nonces");
    recent.add(n);
    if (recent.size > REMEMBER) recent.delete(recent.values().next().value as string);
    return n;
  };
}
