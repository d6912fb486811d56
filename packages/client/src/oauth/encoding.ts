/**
 * RFC 3986 percent-encoding exactly as PHP's rawurlencode (what Magento signs with):
 * everything except A–Z a–z 0–9 - . _ ~ is encoded as UTF-8 bytes with UPPERCASE hex;
 * a space is %20 (never +) and ! ' ( ) * are encoded too.
 */

/** RFC 3986 unreserved characters, the only ones rawurlencode leaves alone (a regex character-class body). */
export const UNRESERVED_CLASS = "A-Za-z0-9\\-._~";
const UNRESERVED_ONLY = new RegExp(`^[${UNRESERVED_CLASS}]*$`);
/** Byte → unreserved? Derived from UNRESERVED_CLASS once, so the byte loops below cost one array read. */
const UNRESERVED_BYTES = Uint8Array.from({ length: 256 }, (_, b) =>
  b < 0x80 && UNRESERVED_ONLY.test(String.fromCharCode(b)) ? 1 : 0,
);
const SUB_DELIMS_KEPT_BY_ENCODE_URI_COMPONENT = /[!'()*]/g;
const SUB_DELIM_TEST = /[!'()*]/;
const HEX = "0123456789ABCDEF";

function escapeSubDelim(c: string): string {
  return "%" + c.charCodeAt(0).toString(16).toUpperCase();
}

/** PHP rawurlencode on the UTF-8 bytes of `value`. Throws URIError on a lone surrogate (not representable as UTF-8). */
export function rfc3986Encode(value: string): string {
  // hot path (keys, nonces, timestamps, tokens): one scan, and the string comes back as it is
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0x80 || UNRESERVED_BYTES[c] !== 1) {
      const encoded = encodeURIComponent(value);
      return SUB_DELIM_TEST.test(encoded)
        ? encoded.replace(SUB_DELIMS_KEPT_BY_ENCODE_URI_COMPONENT, escapeSubDelim)
        : encoded;
    }
  }
  return value;
}

export function isUnreservedByte(b: number): boolean {
  return UNRESERVED_BYTES[b] === 1;
}

function isUpperHex(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46);
}

/** True when `s` holds only unreserved chars and uppercase %XX escapes of bytes that are not unreserved. */
function isCanonicalEncoded(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isUnreservedByte(c)) continue;
    if (c !== 0x25) return false;
    const hi = s.charCodeAt(i + 1);
    const lo = s.charCodeAt(i + 2);
    if (!isUpperHex(hi) || !isUpperHex(lo) || isUnreservedByte(hexValue(hi) * 16 + hexValue(lo))) return false;
    i += 2;
  }
  return true;
}

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x37;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  return -1;
}

/**
 * rawurlencode(rawurldecode(raw)) computed byte for byte without ever building the decoded string, so a
 * query part as sent on the wire maps to exactly what PHP signs — even for escapes that are not valid UTF-8.
 * `+` stays `+` (encoded as %2B): Magento's query extraction never treats it as a space.
 */
export function reencodeRawComponent(raw: string): string {
  if (UNRESERVED_ONLY.test(raw)) return raw;
  // Hot path: what a client builds is already canonical (uppercase escapes of reserved bytes only).
  if (isCanonicalEncoded(raw)) return raw;
  if (!raw.includes("%")) return rfc3986Encode(raw);
  let out = "";
  let literalStart = 0;
  for (let i = 0; i < raw.length; i++) {
    if (raw.charCodeAt(i) !== 0x25) continue;
    const hi = hexValue(raw.charCodeAt(i + 1));
    const lo = hexValue(raw.charCodeAt(i + 2));
    if (hi < 0 || lo < 0) continue; // a malformed escape stays a literal "%" (PHP rawurldecode does the same)
    if (i > literalStart) out += rfc3986Encode(raw.slice(literalStart, i));
    const byte = hi * 16 + lo;
    out += isUnreservedByte(byte) ? String.fromCharCode(byte) : "%" + HEX[hi] + HEX[lo];
    i += 2;
    literalStart = i + 1;
  }
  if (literalStart < raw.length) out += rfc3986Encode(raw.slice(literalStart));
  return out;
}

/** Same for an application/x-www-form-urlencoded component as PHP urldecode/parse_str read it: `+` is a space. */
export function reencodeFormComponent(raw: string): string {
  return reencodeRawComponent(raw.includes("+") ? raw.replaceAll("+", "%20") : raw);
}

/** Decodes an rfc3986-encoded string (as produced above) to its raw bytes; used for family E's byte-order sort. */
export function encodedToBytes(encoded: string): Uint8Array {
  if (!encoded.includes("%")) return Buffer.from(encoded, "latin1");
  const bytes: number[] = [];
  for (let i = 0; i < encoded.length; i++) {
    const c = encoded.charCodeAt(i);
    if (c === 0x25) {
      const hi = hexValue(encoded.charCodeAt(i + 1));
      const lo = hexValue(encoded.charCodeAt(i + 2));
      if (hi >= 0 && lo >= 0) {
        bytes.push(hi * 16 + lo);
        i += 2;
        continue;
      }
    }
    bytes.push(c);
  }
  return Uint8Array.from(bytes);
}

/** Encodes an already-encoded string once more (only "%" changes): PHP rawurlencode(rawurlencode(v)) for family D. */
export function encodeEncoded(encoded: string): string {
  return encoded.includes("%") ? encoded.replaceAll("%", "%25") : encoded;
}
