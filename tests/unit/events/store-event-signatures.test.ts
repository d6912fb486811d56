/**
 * Golden vectors (tests/fixtures/store-events/make.sh: keys and signatures made by the openssl CLI, not by the
 * kit) for both store-event channels, and every tampering of them refused. Says which bytes are signed:
 * Commerce: RSA-SHA256 PKCS#1 v1.5 over the base64 text of the raw body, or over the raw body; I/O Events:
 * RSA-SHA256 over the raw body, with either of two keys.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { KeyObject } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  keyFingerprint,
  parseRsaPublicKey,
  verifyCommerceSignature,
  isAdobeKeyPath,
  verifyIoSignature,
  type IoKeyLoader,
} from "@magento-integration/sync/events";

const dir = join(__dirname, "..", "..", "fixtures", "store-events");
const file = (name: string) => readFileSync(join(dir, name));
const text = (name: string) => file(name).toString("utf8").trim();
const key = (name: string) => parseRsaPublicKey(text(name))!;

describe("Commerce webhook signature (openssl vectors)", () => {
  const body = file("commerce-body.json");
  const commerceKey = key("commerce-public.pem");

  it("a signature over the base64 text of the raw body verifies, and says so", () => {
    expect(verifyCommerceSignature(body, text("commerce-sig-over-base64.txt"), commerceKey)).toEqual({
      ok: true,
      signed: "base64-of-body",
    });
  });

  it("a signature over the raw body verifies too, and says so", () => {
    expect(verifyCommerceSignature(body, text("commerce-sig-over-raw.txt"), commerceKey)).toEqual({
      ok: true,
      signed: "raw-body",
    });
  });

  it("one changed body byte fails both readings", () => {
    for (const sig of ["commerce-sig-over-base64.txt", "commerce-sig-over-raw.txt"]) {
      const tampered = Buffer.from(body);
      tampered[tampered.indexOf("34")] = "4".charCodeAt(0); // price 34 → 44
      expect(verifyCommerceSignature(tampered, text(sig), commerceKey)).toEqual({
        ok: false,
        reason: "signature does not match",
      });
    }
  });

  it("the signature sent as the body's own base64 (the body-as-signature confusion) is refused", () => {
    expect(verifyCommerceSignature(body, body.toString("base64"), commerceKey)).toMatchObject({ ok: false });
  });

  it("a signature over the base64 text does not verify the base64 text sent as a body", () => {
    const asBody = Buffer.from(body.toString("base64"));
    expect(verifyCommerceSignature(asBody, text("commerce-sig-over-raw.txt"), commerceKey)).toMatchObject({
      ok: false,
    });
  });

  it("another instance's key (the merchant regenerated the pair) is refused", () => {
    expect(verifyCommerceSignature(body, text("commerce-sig-other-key.txt"), commerceKey)).toEqual({
      ok: false,
      reason: "signature does not match",
    });
    expect(verifyCommerceSignature(body, text("commerce-sig-over-base64.txt"), key("other-public.pem"))).toMatchObject({
      ok: false,
    });
  });

  it("base64 variants of a valid signature (url-safe alphabet, no padding, inner spaces) are malformed", () => {
    const sig = text("commerce-sig-over-base64.txt");
    const urlSafe = sig.replace(/\+/g, "-").replace(/\//g, "_");
    const variants = [urlSafe, sig.replace(/=+$/, ""), `${sig.slice(0, 10)} ${sig.slice(10)}`];
    for (const v of variants)
      if (v !== sig) expect(verifyCommerceSignature(body, v, commerceKey)).toMatchObject({ ok: false });
  });

  it("unsigned, an empty header, or no key configured are refused saying which", () => {
    expect(verifyCommerceSignature(body, null, commerceKey)).toEqual({ ok: false, reason: "unsigned" });
    expect(verifyCommerceSignature(body, " ", commerceKey)).toEqual({ ok: false, reason: "unsigned" });
    expect(verifyCommerceSignature(body, text("commerce-sig-over-base64.txt"), null)).toEqual({
      ok: false,
      reason: "no key configured",
    });
  });

  it("the fingerprint is the SHA-256 of the key's DER, as openssl computes it", () => {
    // openssl pkey -pubin -in commerce-public.pem -outform DER | openssl dgst -sha256
    const fp = keyFingerprint(commerceKey);
    expect(fp).toBe(text("commerce-public.fingerprint.txt"));
    expect(fp).not.toBe(keyFingerprint(key("other-public.pem")));
  });

  it("a PEM that is not an RSA public key is refused as a key", () => {
    expect(parseRsaPublicKey("-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----")).toBeNull();
    expect(parseRsaPublicKey("not a key")).toBeNull();
  });
});

describe("I/O Events signature (openssl vectors)", () => {
  const body = file("io-body.json");
  const keys: Record<string, KeyObject> = {
    "/prod/keys/pub-key-one.pem": key("io1-public.pem"),
    "/prod/keys/pub-key-two.pem": key("io2-public.pem"),
  };
  const asked: string[] = [];
  const loader: IoKeyLoader = async (path) => {
    asked.push(path);
    return keys[path] ?? null;
  };
  const headers = (h: Record<string, string>) => ({ get: (n: string) => h[n.toLowerCase()] ?? null });
  const good = {
    "x-adobe-digital-signature-1": text("io-sig-1.txt"),
    "x-adobe-digital-signature-2": text("io-sig-2.txt"),
    "x-adobe-public-key1-path": "/prod/keys/pub-key-one.pem",
    "x-adobe-public-key2-path": "/prod/keys/pub-key-two.pem",
  };

  it("both signatures over the raw body verify; the first is enough", async () => {
    expect(await verifyIoSignature(body, headers(good), loader)).toEqual({ ok: true, signed: "signature-1" });
  });

  it("either one alone is enough (key rotation)", async () => {
    const second = { ...good, "x-adobe-digital-signature-1": text("io-sig-2.txt") }; // wrong one in slot 1
    expect(await verifyIoSignature(body, headers(second), loader)).toEqual({ ok: true, signed: "signature-2" });
  });

  it("the signatures swapped between the slots (each checked with the other's key) are refused", async () => {
    const swapped = {
      ...good,
      "x-adobe-digital-signature-1": text("io-sig-2.txt"),
      "x-adobe-digital-signature-2": text("io-sig-1.txt"),
    };
    expect(await verifyIoSignature(body, headers(swapped), loader)).toEqual({
      ok: false,
      reason: "signature does not match",
    });
  });

  it("one changed body byte is refused", async () => {
    const tampered = Buffer.from(body.toString("utf8").replace("Joust", "JousT"));
    expect(await verifyIoSignature(tampered, headers(good), loader)).toEqual({
      ok: false,
      reason: "signature does not match",
    });
  });

  it("a signature over the base64 text of the body is not an I/O signature", async () => {
    const asBase64 = Buffer.from(body.toString("base64"));
    expect(await verifyIoSignature(asBase64, headers(good), loader)).toMatchObject({ ok: false });
  });

  it("the legacy HMAC header alone is refused, named as such", async () => {
    expect(await verifyIoSignature(body, headers({ "x-adobe-signature": text("io-legacy-hmac.txt") }), loader)).toEqual(
      { ok: false, reason: "legacy HMAC signature" },
    );
  });

  it("a forged key path (another host, traversal, a query) is refused before any key is fetched", async () => {
    asked.length = 0;
    for (const path of [
      "//evil.test/keys/pub-key-x.pem",
      "/prod/keys/../../x.pem",
      "/prod/keys/pub-key-x.pem?x=1",
      "https://evil.test/prod/keys/a.pem",
      "/prod/keys/pub-key-%2e.pem",
      "@evil.test/prod/keys/a.pem",
    ]) {
      expect(await verifyIoSignature(body, headers({ ...good, "x-adobe-public-key1-path": path }), loader)).toEqual({
        ok: false,
        reason: "forged key path",
      });
      expect(isAdobeKeyPath(path)).toBe(false);
    }
    expect(asked).toEqual([]);
  });

  it("unsigned and malformed signatures are refused saying which", async () => {
    expect(await verifyIoSignature(body, headers({}), loader)).toEqual({ ok: false, reason: "unsigned" });
    expect(
      await verifyIoSignature(
        body,
        headers({ ...good, "x-adobe-digital-signature-1": "!!", "x-adobe-digital-signature-2": "??" }),
        loader,
      ),
    ).toEqual({ ok: false, reason: "malformed signature" });
  });

  it("a key that cannot be loaded refuses the delivery", async () => {
    const none: IoKeyLoader = async () => null;
    expect(await verifyIoSignature(body, headers(good), none)).toEqual({ ok: false, reason: "key unavailable" });
  });
});
