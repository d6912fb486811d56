/** Nonces as Magento makes them: 32 characters of [0-9a-z] (never base64: "+ / =" break family D). */
import { randomFillSync } from "node:crypto";

export const NONCE_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
export const NONCE_LENGTH = 32;
/** 252 = 7 × 36: bytes ≥ 252 are rejected so every character is equally likely (no modulo bias). */
const ACCEPT_BELOW = 256 - (256 % NONCE_ALPHABET.length);

/** node:crypto bytes drawn from a pool refilled 4 KiB at a time (one CSPRNG call per ~100 nonces); each byte is used once. */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;
function pooledRandomBytes(n: number): Uint8Array {
  if (poolOffset + n > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + n);
  poolOffset += n;
  return bytes;
}

/** The nonce's characters as bytes, written into one scratch buffer and read out as a single flat string. */
const ALPHABET_CODES = Buffer.from(NONCE_ALPHABET, "latin1");
const scratch = Buffer.alloc(NONCE_LENGTH);

export function generateNonce(randomBytes: (n: number) => Uint8Array = pooledRandomBytes): string {
  let length = 0;
  for (let rounds = 0; length < NONCE_LENGTH; rounds++) {
    if (rounds > 64) throw new Error("generateNonce: the random source keeps returning rejected bytes");
    const bytes = randomBytes(NONCE_LENGTH + 8);
    for (let i = 0; i < bytes.length && length < NONCE_LENGTH; i++) {
      const b = bytes[i]!;
      if (b < ACCEPT_BELOW) scratch[length++] = ALPHABET_CODES[b % NONCE_ALPHABET.length]!;
    }
  }
  return scratch.toString("latin1", 0, NONCE_LENGTH);
}
