/**
 * The PHP string functions Magento's OAuth code relies on, ported for the dev store's own verifier.
 * Written from the PHP manual and php-src (ext/standard/strnatcmp.c), independently of lib/oauth.
 */

const UNRESERVED = /[A-Za-z0-9\-._~]/;

function utf8Bytes(value: string): Uint8Array {
  return Buffer.from(value, "utf8");
}

function hex(b: number): string {
  return "%" + (b < 16 ? "0" : "") + b.toString(16).toUpperCase();
}

/** PHP `rawurlencode` (RFC 3986): all but `A-Z a-z 0-9 - . _ ~` as %XX with uppercase hex. */
export function rawurlencode(value: string): string {
  if (/^[A-Za-z0-9\-._~]*$/.test(value)) return value;
  try {
    // encodeURIComponent leaves only ! ' ( ) * beyond the unreserved set, and writes uppercase hex
    return encodeURIComponent(value).replace(/[!'()*]/g, (c) => hex(c.charCodeAt(0)));
  } catch {
    return rawurlencodeBytes(value); // lone surrogates: encode the UTF-8 replacement bytes like PHP sees them
  }
}

function rawurlencodeBytes(value: string): string {
  let out = "";
  for (const b of utf8Bytes(value)) {
    const ch = String.fromCharCode(b);
    out += b < 0x80 && UNRESERVED.test(ch) ? ch : hex(b);
  }
  return out;
}

/** PHP `urlencode` (used by http_build_query): like rawurlencode but space → `+` and `~` encoded. */
export function urlencode(value: string): string {
  let out = "";
  for (const b of utf8Bytes(value)) {
    const ch = String.fromCharCode(b);
    if (b === 0x20) out += "+";
    else if (b < 0x80 && /[A-Za-z0-9\-._]/.test(ch)) out += ch;
    else out += hex(b);
  }
  return out;
}

function isHex(code: number | undefined): boolean {
  return code !== undefined && ((code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102));
}

function decodeBytes(value: string, plusIsSpace: boolean): string {
  const src = utf8Bytes(value);
  const out: number[] = [];
  for (let i = 0; i < src.length; i++) {
    const b = src[i]!;
    if (b === 0x25 && isHex(src[i + 1]) && isHex(src[i + 2])) {
      out.push(parseInt(String.fromCharCode(src[i + 1]!, src[i + 2]!), 16));
      i += 2;
    } else if (plusIsSpace && b === 0x2b) out.push(0x20);
    else out.push(b);
  }
  return Buffer.from(out).toString("utf8");
}

/** PHP `rawurldecode`: `%XX` only; `+` stays `+`; a malformed `%` stays literal. */
export function rawurldecode(value: string): string {
  return value.includes("%") ? decodeBytes(value, false) : value;
}

/** PHP `urldecode`: like rawurldecode, and `+` becomes a space. */
export function urldecode(value: string): string {
  return decodeBytes(value, true);
}

/** `http_build_query` of string pairs (PHP_QUERY_RFC1738: spaces as `+`). */
export function httpBuildQuery(pairs: Record<string, string>): string {
  return Object.entries(pairs)
    .map(([k, v]) => `${urlencode(k)}=${urlencode(v)}`)
    .join("&");
}

/**
 * PHP `parse_str` for flat form bodies and query strings: `+` is a space, `.` and space in names become `_`,
 * a part without `=` gets an empty value, the last of repeated names wins. Bracketed names are kept flat
 * (the dev store never needs PHP's nested arrays: REST bodies are JSON and are never signed).
 */
export function parseStrFlat(input: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of input.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const rawName = eq < 0 ? part : part.slice(0, eq);
    const rawValue = eq < 0 ? "" : part.slice(eq + 1);
    const name = urldecode(rawName);
    if (name === "") continue;
    const bracket = name.indexOf("[");
    const base = (bracket < 0 ? name : name.slice(0, bracket)).replace(/[. ]/g, "_");
    out.set(bracket < 0 ? base : base + name.slice(bracket), urldecode(rawValue));
  }
  return out;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

function at(s: ArrayLike<number>, i: number): number {
  return i < s.length ? s[i]! : 0;
}

function codes(s: string): number[] {
  const out = new Array<number>(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);
const NON_ASCII = /[\u0080-\uffff]/;

/** PHP `strnatcmp` (php-src strnatcmp_ex, case-sensitive): digit runs compare by value, the rest byte-wise. */
export function strnatcmp(a: string, b: string): number {
  // Encoded names are ASCII: compare char codes directly; other input is compared as UTF-8 bytes, like PHP.
  const A: ArrayLike<number> = NON_ASCII.test(a) ? utf8Bytes(a) : codes(a);
  const B: ArrayLike<number> = NON_ASCII.test(b) ? utf8Bytes(b) : codes(b);
  if (A.length === 0 || B.length === 0) return A.length === B.length ? 0 : A.length > B.length ? 1 : -1;
  let ai = 0;
  let bi = 0;
  let leading = true;
  for (;;) {
    let ca = at(A, ai);
    let cb = at(B, bi);
    while (leading && ca === 48 && ai + 1 < A.length && isDigit(A[ai + 1]!)) ca = at(A, ++ai);
    while (leading && cb === 48 && bi + 1 < B.length && isDigit(B[bi + 1]!)) cb = at(B, ++bi);
    leading = false;
    while (isSpace(ca)) ca = at(A, ++ai);
    while (isSpace(cb)) cb = at(B, ++bi);
    if (isDigit(ca) && isDigit(cb)) {
      const fractional = ca === 48 || cb === 48;
      let result = 0;
      if (fractional) {
        // compare_left: digit by digit, the first difference decides
        for (;; ai++, bi++) {
          const da = ai < A.length && isDigit(A[ai]!);
          const db = bi < B.length && isDigit(B[bi]!);
          if (!da && !db) break;
          if (!da) return -1;
          if (!db) return 1;
          if (A[ai]! !== B[bi]!) return A[ai]! < B[bi]! ? -1 : 1;
        }
      } else {
        // compare_right: the longer run wins; otherwise the first difference (bias)
        let bias = 0;
        for (;; ai++, bi++) {
          const da = ai < A.length && isDigit(A[ai]!);
          const db = bi < B.length && isDigit(B[bi]!);
          if (!da && !db) {
            result = bias;
            break;
          }
          if (!da) return -1;
          if (!db) return 1;
          if (bias === 0 && A[ai]! !== B[bi]!) bias = A[ai]! < B[bi]! ? -1 : 1;
        }
      }
      if (result !== 0) return result;
      if (ai >= A.length && bi >= B.length) return 0;
      if (ai >= A.length) return -1;
      if (bi >= B.length) return 1;
      ca = at(A, ai);
      cb = at(B, bi);
    }
    if (ca !== cb) return ca < cb ? -1 : 1;
    ai++;
    bi++;
    if (ai >= A.length && bi >= B.length) return 0;
    if (ai >= A.length) return -1;
    if (bi >= B.length) return 1;
  }
}

/** PHP's loose `$a != '1.0'` for the oauth_version check: numeric strings compare as numbers. */
export function looseEqualsVersion(value: string, expected = "1.0"): boolean {
  const numeric = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;
  if (numeric.test(value)) return Number(value) === Number(expected);
  return value === expected;
}

/** PHP `(int)` cast of a numeric-leading string ("123abc" → 123, "abc" → 0). */
export function phpIntCast(value: string): number {
  const m = /^\s*([+-]?\d+)/.exec(value);
  return m ? Number(m[1]) : 0;
}
