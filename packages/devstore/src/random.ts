import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** Magento's `Helper\Oauth::generateRandomString`: `length` characters of [0-9a-z]. */
export function randomToken(length = 32): string {
  const bytes = randomBytes(length * 2);
  let out = "";
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 252) out += ALPHABET[b % 36]; // 252 = 7 × 36: no modulo bias
  }
  return out.length === length ? out : out + randomToken(length - out.length);
}
