import { describe, expect, it } from "vitest";
import { generateNonce, NONCE_ALPHABET } from "../../src/oauth/index.ts";

describe("generateNonce", () => {
  it("is 32 characters of [0-9a-z]", () => {
    for (let i = 0; i < 200; i++) expect(generateNonce()).toMatch(/^[0-9a-z]{32}$/);
  });

  it("does not repeat", () => {
    const seen = new Set(Array.from({ length: 5000 }, () => generateNonce()));
    expect(seen.size).toBe(5000);
  });

  it("maps injected bytes without modulo bias: bytes >= 252 are skipped", () => {
    const calls: number[] = [];
    let position = 0; // one continuous stream across calls: even positions are rejected bytes 252..255
    const source = (n: number) => {
      calls.push(n);
      return Uint8Array.from({ length: n }, () => {
        const i = position++;
        return i % 2 === 0 ? 252 + (i % 4) : i % 36;
      });
    };
    const nonce = generateNonce(source);
    const expected = Array.from({ length: 64 }, (_, i) => 2 * i + 1)
      .map((i) => NONCE_ALPHABET[i % 36])
      .join("");
    expect(nonce).toBe(expected.slice(0, 32));
    expect(calls.length).toBeGreaterThan(1);
  });

  it("uses every character with roughly equal frequency", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) for (const c of generateNonce()) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(36);
    const expectedEach = (2000 * 32) / 36;
    for (const n of counts.values()) expect(Math.abs(n - expectedEach) / expectedEach).toBeLessThan(0.15);
  });

  it("fails loudly on a random source that only returns rejected bytes", () => {
    expect(() => generateNonce((n) => new Uint8Array(n).fill(255))).toThrow(/random source/);
  });
});
