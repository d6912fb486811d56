/**
 * A faithful port of PHP 8's strnatcmp (ext/standard/strnatcmp.c, strnatcmp_ex with case sensitivity), which
 * Magento 2.4.0–2.4.8 uses to order base-string parameters (`uksort($params, 'strnatcmp')` on encoded names).
 *
 * PHP rules reproduced exactly (byte-wise, C locale):
 * - an empty string sorts before any non-empty one;
 * - leading zeros are skipped once, at the very start of each string only ("0012" vs "12" → equal so far);
 * - whitespace (space, \t, \n, \v, \f, \r) is skipped before every comparison step;
 * - two digit runs compare as numbers: right-aligned (longest run wins, else the first differing digit)
 *   unless either run starts with "0", then left-aligned ("fractional": the first differing digit wins);
 * - everything else compares byte by byte; "equal" strings (e.g. "a1" vs "a01" after a run) give 0.
 */

const NON_ASCII = /[^\u0000-\u007f]/; // eslint-disable-line no-control-regex -- a byte-range test, not a control-char match

/** Byte at `i`, or 0 past the end (PHP strings are NUL-terminated and the C code reads that NUL). */
function at(s: string, i: number): number {
  return i < s.length ? s.charCodeAt(i) : 0;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

/** Position pair threaded through the run comparisons (the C code's `char const **`). */
interface Cursor {
  a: number;
  b: number;
}

function compareRight(a: string, b: string, cur: Cursor): number {
  let bias = 0;
  for (; ; cur.a++, cur.b++) {
    const aDone = cur.a >= a.length || !isDigit(a.charCodeAt(cur.a));
    const bDone = cur.b >= b.length || !isDigit(b.charCodeAt(cur.b));
    if (aDone && bDone) return bias;
    if (aDone) return -1;
    if (bDone) return 1;
    const ca = a.charCodeAt(cur.a);
    const cb = b.charCodeAt(cur.b);
    if (ca < cb) {
      if (bias === 0) bias = -1;
    } else if (ca > cb) {
      if (bias === 0) bias = 1;
    }
  }
}

function compareLeft(a: string, b: string, cur: Cursor): number {
  for (; ; cur.a++, cur.b++) {
    const aDone = cur.a >= a.length || !isDigit(a.charCodeAt(cur.a));
    const bDone = cur.b >= b.length || !isDigit(b.charCodeAt(cur.b));
    if (aDone && bDone) return 0;
    if (aDone) return -1;
    if (bDone) return 1;
    const ca = a.charCodeAt(cur.a);
    const cb = b.charCodeAt(cur.b);
    if (ca < cb) return -1;
    if (ca > cb) return 1;
  }
}

/** strnatcmp_ex on two "byte strings" (every char code 0–255). */
function strnatcmpBytes(a: string, b: string): number {
  const aLen = a.length;
  const bLen = b.length;
  if (aLen === 0 || bLen === 0) return aLen === bLen ? 0 : aLen > bLen ? 1 : -1;

  // Shortcut (same result): skip the common prefix up to its last non-digit, non-space byte. Both cursors
  // would cross it in lock-step; resuming after a non-digit never splits a digit run.
  const limit = aLen < bLen ? aLen : bLen;
  let start = 0;
  while (start < limit && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  while (start > 0 && (isDigit(a.charCodeAt(start - 1)) || isSpace(a.charCodeAt(start - 1)))) start--;
  if (start === aLen) return start === bLen ? 0 : -1; // the C code's end-of-string check after that byte
  if (start === bLen) return 1;

  const cur: Cursor = { a: start, b: start };
  let ca = at(a, start);
  let cb = at(b, start);

  // skip over leading zeros (only at the start of the string, as PHP 8 does)
  if (start === 0) {
    while (ca === 0x30 && cur.a + 1 < aLen && isDigit(a.charCodeAt(cur.a + 1))) ca = at(a, ++cur.a);
    while (cb === 0x30 && cur.b + 1 < bLen && isDigit(b.charCodeAt(cur.b + 1))) cb = at(b, ++cur.b);
  }

  for (;;) {
    while (isSpace(ca)) ca = at(a, ++cur.a);
    while (isSpace(cb)) cb = at(b, ++cur.b);

    if (isDigit(ca) && isDigit(cb)) {
      const fractional = ca === 0x30 || cb === 0x30;
      const result = fractional ? compareLeft(a, b, cur) : compareRight(a, b, cur);
      if (result !== 0) return result;
      if (cur.a === aLen && cur.b === bLen) return 0;
      if (cur.a === aLen) return -1;
      if (cur.b === bLen) return 1;
      ca = at(a, cur.a);
      cb = at(b, cur.b);
    }

    if (ca < cb) return -1;
    if (ca > cb) return 1;

    ++cur.a;
    ++cur.b;
    if (cur.a >= aLen && cur.b >= bLen) return 0;
    if (cur.a >= aLen) return -1;
    if (cur.b >= bLen) return 1;
    ca = at(a, cur.a);
    cb = at(b, cur.b);
  }
}

/** UTF-8 bytes of `s` as a string of char codes 0–255 (ASCII strings are returned unchanged). */
function toByteString(s: string): string {
  return !NON_ASCII.test(s) ? s : Buffer.from(s, "utf8").toString("latin1");
}

/** PHP `strnatcmp($a, $b)` on the UTF-8 bytes of the two strings: negative, 0 or positive (−1/0/1). */
export function strnatcmp(a: string, b: string): number {
  return strnatcmpBytes(toByteString(a), toByteString(b));
}

/** Same, for strings already known to be ASCII (encoded parameter names): the signer's hot path. */
export function strnatcmpAscii(a: string, b: string): number {
  return strnatcmpBytes(a, b);
}
