/**
 * The PHP string functions Magento's OAuth code relies on, ported for the dev store's own verifier.
 * Written from the PHP manual and php-src (ext/standard/url.c, strnatcmp.c, main/php_variables.c), independently
 * of packages/client/src/oauth.
 *
 * PHP strings are bytes. Here a "byte string" is a JS string whose every char code is one byte (0–255): that is how
 * Node hands over header values (latin1), and what rawurldecode returns, so `%E9` stays the byte E9 and is signed
 * as `%E9` again, as in PHP. A char above U+00FF cannot be a byte; the encoders take such a char as its UTF-8 bytes.
 */

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const ALL_UNRESERVED = /^[A-Za-z0-9\-._~]*$/;
const NOT_ASCII = /[\u0080-\uffff]/;
const HEX_ESCAPE = /%([0-9A-Fa-f]{2})/g;

function hex(b: number): string {
  return "%" + (b < 16 ? "0" : "") + b.toString(16).toUpperCase();
}

/** UTF-8 text (e.g. a body Node decoded as UTF-8) as the byte string PHP would hold. */
export function bytesFromUtf8(text: string): string {
  return NOT_ASCII.test(text) ? Buffer.from(text, "utf8").toString("latin1") : text;
}

/** Percent-encodes every byte outside `keep` with uppercase hex; `space` is what a 0x20 byte becomes. */
function encodeBytes(value: string, keep: RegExp, space: string): string {
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x20) out += space;
    else if (c < 0x80 && keep.test(value[i]!)) out += value[i];
    else if (c <= 0xff) out += hex(c);
    else {
      const cp = value.codePointAt(i)!;
      if (cp > 0xffff) i++;
      for (const b of Buffer.from(String.fromCodePoint(cp), "utf8")) out += hex(b);
    }
  }
  return out;
}

/** PHP `rawurlencode` (RFC 3986): every byte but `A-Z a-z 0-9 - . _ ~` as %XX with uppercase hex. */
export function rawurlencode(value: string): string {
  if (ALL_UNRESERVED.test(value)) return value;
  // ASCII fast path: encodeURIComponent leaves only ! ' ( ) * beyond the unreserved set, and writes uppercase hex.
  if (!NOT_ASCII.test(value)) return encodeURIComponent(value).replace(/[!'()*]/g, (c) => hex(c.charCodeAt(0)));
  return encodeBytes(value, UNRESERVED, "%20");
}

/** PHP `urlencode` (used by http_build_query): like rawurlencode but space → `+` and `~` encoded. */
export function urlencode(value: string): string {
  return encodeBytes(value, /[A-Za-z0-9\-._]/, "+");
}

/** PHP `rawurldecode` on a byte string: `%XX` becomes that byte; `+` stays `+`; a malformed `%` stays literal. */
export function rawurldecode(value: string): string {
  return value.includes("%")
    ? value.replace(HEX_ESCAPE, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
    : value;
}

/** PHP `urldecode`: like rawurldecode, and `+` becomes a space. */
export function urldecode(value: string): string {
  return rawurldecode(value.includes("+") ? value.replace(/\+/g, " ") : value);
}

/** The bytes PHP `trim()` strips by default: space, \t, \n, \r, \0, \x0B (not \f, not NBSP as JS trim does). */
const PHP_TRIMMED = new Set([0x20, 0x09, 0x0a, 0x0d, 0x00, 0x0b]);

/** PHP `trim()` with its default characters, nothing else. */
export function phpTrim(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && PHP_TRIMMED.has(value.charCodeAt(start))) start++;
  while (end > start && PHP_TRIMMED.has(value.charCodeAt(end - 1))) end--;
  return value.slice(start, end);
}

/** `http_build_query` of string pairs (PHP_QUERY_RFC1738: spaces as `+`). */
export function httpBuildQuery(pairs: Record<string, string>): string {
  return Object.entries(pairs)
    .map(([k, v]) => `${urlencode(k)}=${urlencode(v)}`)
    .join("&");
}

/** One `name=value` piece as `parse_str` registers it: the top-level name, what follows it (`[a][b]`), the value. */
interface ParsedPiece {
  base: string;
  /** The bracket part (`[a][b]`) when the name makes an array, else undefined. */
  brackets: string | undefined;
  value: string;
}

/**
 * `parse_str`'s reading of each piece (php_variables.c): urldecoded name and value (`+` is a space), leading spaces
 * of the name dropped, `.` and space in the top-level name turned into `_`, a `[` without a closing `]` turned into
 * `_`, a piece without `=` given an empty value, a piece with an empty name ignored.
 */
function parseStrPieces(input: string): ParsedPiece[] {
  const out: ParsedPiece[] = [];
  for (const part of input.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const name = urldecode(eq < 0 ? part : part.slice(0, eq)).replace(/^ +/, "");
    const value = eq < 0 ? "" : urldecode(part.slice(eq + 1));
    const open = name.indexOf("[");
    const head = (open < 0 ? name : name.slice(0, open)).replace(/[. ]/g, "_");
    if (head === "") continue;
    if (open < 0) out.push({ base: head, brackets: undefined, value });
    else if (name.indexOf("]", open) < 0)
      out.push({ base: `${head}_${name.slice(open + 1)}`, brackets: undefined, value });
    else out.push({ base: head, brackets: name.slice(open), value });
  }
  return out;
}

/**
 * `parse_str` for form bodies, with bracketed names kept flat (`a[b]` one key; the dev store never needs PHP's
 * nested arrays: REST bodies are JSON and are never signed). The last of repeated names wins.
 */
export function parseStrFlat(input: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of parseStrPieces(input)) out.set(p.brackets === undefined ? p.base : p.base + p.brackets, p.value);
  return out;
}

/** Marks a parse_str entry that is a PHP array (`a[b]=…` makes `a` an array). */
export const PHP_ARRAY: unique symbol = Symbol("php array");

/**
 * The top level of what `parse_str` returns, in PHP's insertion order: each name's string value, or PHP_ARRAY when
 * its last assignment made it an array. A later piece replaces an earlier one with the same name in place.
 */
export function parseStrTopLevel(input: string): Map<string, string | typeof PHP_ARRAY> {
  const out = new Map<string, string | typeof PHP_ARRAY>();
  for (const p of parseStrPieces(input)) out.set(p.base, p.brackets === undefined ? p.value : PHP_ARRAY);
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

/** PHP `strnatcmp` (php-src strnatcmp_ex, case-sensitive): digit runs compare by value, the rest byte-wise. */
export function strnatcmp(a: string, b: string): number {
  // Byte strings (encoded names are even ASCII): char codes are the bytes PHP compares.
  const A = codes(a);
  const B = codes(b);
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
        for (; ; ai++, bi++) {
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
        for (; ; ai++, bi++) {
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
