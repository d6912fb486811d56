/**
 * strnatcmp against PHP's documented results. Sources of the expectations:
 * - php.net strnatcmp() example: usort(["img12.png","img10.png","img2.png","img1.png"], "strnatcmp")
 *   → img1.png, img2.png, img10.png, img12.png (strcmp gives img1, img10, img12, img2);
 * - php.net natsort() examples: negative numbers ["-5","3","-2","0","-1000","9","1"] → -2, -5, -1000, 0, 1, 3, 9
 *   (the "-" is an ordinary byte, the digits after it compare as numbers) and zero padding
 *   ["09","8","10","009","011","0"] → 0, 8, 009/09 (equal), 10, 011;
 * - Martin Pool's natural-order rules that PHP's strnatcmp.c ships (its README's sorted list has
 *   x2-g8 < x2-y08 < x2-y7 < x8-y8 and 1.001 < 1.002 < 1.010 < 1.02 < 1.1 < 1.3: a run starting with "0"
 *   compares left-aligned, like a decimal fraction);
 * - PHP 8's strnatcmp.c itself: leading zeros skipped at the start of the string only, whitespace skipped,
 *   empty strings first, case-sensitive byte comparison otherwise.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { strnatcmp } from "../../src/oauth/index.ts";
import { refNaturalCompare } from "../../../../tests/helpers/reference-oauth.ts";

const sign = (n: number) => Math.sign(n);

const TABLE: Array<[string, string, -1 | 0 | 1]> = [
  // php.net strnatcmp example
  ["img12.png", "img10.png", 1],
  ["img2.png", "img10.png", -1],
  ["img1.png", "img2.png", -1],
  ["img12.png", "img12.png", 0],
  // Martin Pool / PHP: fractional runs (leading 0 inside the string → left-aligned)
  ["x2-g8", "x2-y7", -1],
  ["x2-y08", "x2-y7", -1],
  ["x2-y7", "x8-y8", -1],
  ["1.010", "1.02", -1],
  ["1.002", "1.010", -1],
  ["1.02", "1.1", -1],
  ["a012", "a12", -1],
  ["a5b", "a05b", 1],
  ["img1", "img01", 1],
  // leading zeros at the very start are skipped ("equal-by-number" strings compare equal)
  ["0012", "12", 0],
  ["012", "12", 0],
  ["009", "09", 0],
  ["0", "00", 0],
  ["007", "5", 1],
  ["0", "8", -1],
  ["011", "10", 1],
  // natsort negative numbers: "-" is a byte, digits after it are a number
  ["-2", "-5", -1],
  ["-5", "-1000", -1],
  ["-1000", "0", -1],
  // longest run wins, otherwise the first differing digit
  ["x10", "x9", 1],
  ["x10y", "x10", 1],
  ["x100", "x99", 1],
  ["123456789012345678901234567890", "123456789012345678901234567891", -1],
  // whitespace is skipped
  ["a  b", "a b", 0],
  [" a", "a", 0],
  ["a b", "ab", 0],
  // empty strings and prefixes
  ["", "", 0],
  ["", "a", -1],
  ["a", "", 1],
  ["abc", "abcd", -1],
  // case-sensitive byte order outside digit runs
  ["B", "a", -1],
  ["a", "A", 1],
  ["a1", "a-b", 1], // '1' (0x31) > '-' (0x2D)
  ["a1", "a%5B", 1], // '1' > '%' (0x25)
  // Magento's bracketed indices as they appear encoded in the base string
  ["searchCriteria%5BfilterGroups%5D%5B2%5D", "searchCriteria%5BfilterGroups%5D%5B10%5D", -1],
  ["searchCriteria%5BsortOrders%5D%5B9%5D%5Bfield%5D", "searchCriteria%5BsortOrders%5D%5B10%5D%5Bfield%5D", -1],
  ["%5B2%5D", "%5B10%5D", -1],
  ["%5B0%5D", "%5B10%5D", -1],
  ["oauth_consumer_key", "oauth_nonce", -1],
  ["oauth_version", "searchCriteria%5BpageSize%5D", -1],
  ["a%20b", "a%3Ab", 1], // "20" vs "3": the longer run wins, unlike a byte sort
];

describe("strnatcmp (PHP 8 port)", () => {
  it.each(TABLE)("strnatcmp(%j, %j) = %i", (a, b, expected) => {
    expect(sign(strnatcmp(a, b))).toBe(expected);
    expect(sign(strnatcmp(b, a))).toBe((-expected as number) || 0);
  });

  it("sorts the php.net examples like PHP", () => {
    expect(["img12.png", "img10.png", "img2.png", "img1.png"].sort(strnatcmp)).toEqual([
      "img1.png",
      "img2.png",
      "img10.png",
      "img12.png",
    ]);
    expect(["-5", "3", "-2", "0", "-1000", "9", "1"].sort(strnatcmp)).toEqual([
      "-2",
      "-5",
      "-1000",
      "0",
      "1",
      "3",
      "9",
    ]);
    expect(["x8-y8", "x2-y7", "x2-g8", "x2-y08"].sort(strnatcmp)).toEqual(["x2-g8", "x2-y08", "x2-y7", "x8-y8"]);
  });

  it("compares UTF-8 bytes, not UTF-16 units", () => {
    // U+FF01 is EF BC 81 in UTF-8, U+1F600 is F0 9F 98 80: byte order puts the emoji last, UTF-16 order first.
    expect(sign(strnatcmp("\u{1F600}", "\uFF01"))).toBe(1);
  });

  it("is antisymmetric and reflexive on random strings", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."0123456789ab -.%") }),
        fc.string({ unit: fc.constantFrom(..."0123456789ab -.%") }),
        (a, b) => {
          expect(strnatcmp(a, a)).toBe(0);
          expect(sign(strnatcmp(a, b))).toBe(-sign(strnatcmp(b, a)) || 0);
        },
      ),
    );
  });

  it("agrees with the plain chunked reference where PHP's extra rules cannot apply", () => {
    // Letters and digit runs without leading zeros: only "digit runs compare as numbers" matters.
    const run = fc.oneof(fc.stringMatching(/^[a-zA-Z]{1,3}$/), fc.integer({ min: 1, max: 10_000 }).map(String));
    const word = fc.array(run, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(word, word, (a, b) => {
        const ref = sign(refNaturalCompare(a, b));
        if (ref !== 0) expect(sign(strnatcmp(a, b))).toBe(ref);
      }),
    );
  });
});

/**
 * A literal, shortcut-free transliteration of PHP 8's strnatcmp_ex (C pointers become indices, reading past the
 * end yields the NUL terminator), used to check the optimised port on random strings built from the bytes
 * that matter: digits (with zeros), whitespace, letters and the bytes below "0" that appear in encoded names.
 */
function phpStrnatcmpLiteral(a: string, b: string): number {
  const A = [...Buffer.from(a, "utf8")];
  const B = [...Buffer.from(b, "utf8")];
  const aend = A.length;
  const bend = B.length;
  const ch = (s: number[], i: number) => (i < s.length ? s[i]! : 0);
  const digit = (c: number) => c >= 48 && c <= 57;
  const space = (c: number) => c === 32 || (c >= 9 && c <= 13);
  if (aend === 0 || bend === 0) return aend === bend ? 0 : aend > bend ? 1 : -1;
  let ap = 0;
  let bp = 0;
  let ca = ch(A, ap);
  let cb = ch(B, bp);
  while (ca === 48 && ap + 1 < aend && digit(ch(A, ap + 1))) ca = ch(A, ++ap);
  while (cb === 48 && bp + 1 < bend && digit(ch(B, bp + 1))) cb = ch(B, ++bp);
  for (;;) {
    while (space(ca)) ca = ch(A, ++ap);
    while (space(cb)) cb = ch(B, ++bp);
    if (digit(ca) && digit(cb)) {
      const fractional = ca === 48 || cb === 48;
      let result = 0;
      let bias = 0;
      for (; ; ap++, bp++) {
        const aNo = ap === aend || !digit(ch(A, ap));
        const bNo = bp === bend || !digit(ch(B, bp));
        if (aNo && bNo) {
          result = fractional ? 0 : bias;
          break;
        }
        if (aNo) {
          result = -1;
          break;
        }
        if (bNo) {
          result = 1;
          break;
        }
        if (ch(A, ap) !== ch(B, bp)) {
          if (fractional) {
            result = ch(A, ap) < ch(B, bp) ? -1 : 1;
            break;
          }
          if (bias === 0) bias = ch(A, ap) < ch(B, bp) ? -1 : 1;
        }
      }
      if (result !== 0) return result;
      if (ap === aend && bp === bend) return 0;
      if (ap === aend) return -1;
      if (bp === bend) return 1;
      ca = ch(A, ap);
      cb = ch(B, bp);
    }
    if (ca < cb) return -1;
    if (ca > cb) return 1;
    ++ap;
    ++bp;
    if (ap >= aend && bp >= bend) return 0;
    if (ap >= aend) return -1;
    if (bp >= bend) return 1;
    ca = ch(A, ap);
    cb = ch(B, bp);
  }
}

describe("strnatcmp matches a literal transliteration of strnatcmp.c", () => {
  it("on random strings of the interesting bytes", () => {
    const unit = fc.constantFrom(..."0019a b-%.\tZé");
    const prefix = fc.constantFrom("", "searchCriteria%5B", "x1", "00", " ");
    const str = fc.tuple(prefix, fc.string({ unit, maxLength: 8 })).map(([p, s]) => p + s);
    fc.assert(
      fc.property(str, str, (a, b) => {
        expect(sign(strnatcmp(a, b))).toBe(phpStrnatcmpLiteral(a, b));
      }),
      { numRuns: 5000 },
    );
  });
});
