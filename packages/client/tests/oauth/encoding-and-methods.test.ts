import { createVerify, generateKeyPairSync } from "node:crypto";
import OAuth from "oauth-1.0a";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reencodeRawComponent, rfc3986Encode, signRequest } from "../../src/oauth/index.ts";

describe("rfc3986Encode (PHP rawurlencode)", () => {
  it.each([
    ["a b", "a%20b"],
    ["!'()*", "%21%27%28%29%2A"],
    ["-._~", "-._~"],
    ["[]", "%5B%5D"],
    ["é", "%C3%A9"],
    ["+/=&%", "%2B%2F%3D%26%25"],
    ["\u{1F600}", "%F0%9F%98%80"],
  ])("%j → %s", (input, expected) => {
    expect(rfc3986Encode(input)).toBe(expected);
  });

  it("agrees with oauth-1.0a's percentEncode (what that package gets right)", () => {
    const oauth = new OAuth({ consumer: { key: "k", secret: "s" } });
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (s) => {
        expect(rfc3986Encode(s)).toBe(oauth.percentEncode(s));
      }),
    );
  });
});

describe("reencodeRawComponent = rawurlencode(rawurldecode(raw))", () => {
  it.each([
    ["searchCriteria%5BpageSize%5D", "searchCriteria%5BpageSize%5D"],
    ["searchCriteria[pageSize]", "searchCriteria%5BpageSize%5D"],
    ["a+b", "a%2Bb"], // + is not a space in Magento's query extraction
    ["%7e%41", "~A"], // unreserved escapes decoded, then not re-encoded
    ["%7E%41%5B", "~A%5B"], // also when the hex is already uppercase
    ["%e2%82%ac", "%E2%82%AC"], // hex uppercased
    ["100%", "100%25"], // malformed escape stays a literal %
    ["%zz%4", "%25zz%254"],
    ["%FF", "%FF"], // not valid UTF-8: kept byte for byte
  ])("%j → %s", (raw, expected) => {
    expect(reencodeRawComponent(raw)).toBe(expected);
  });

  it("round-trips any encoded string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (s) => {
        expect(reencodeRawComponent(rfc3986Encode(s))).toBe(rfc3986Encode(s));
      }),
    );
  });
});

describe("signature methods and the signing key", () => {
  const base = { method: "GET", url: "https://shop.example.com/rest/V1/products", nonce: "n", timestamp: 1700000000 };

  it("keeps the & in the key when there is no token secret, and encodes both secrets", () => {
    const noToken = signRequest({
      ...base,
      secrets: { consumerKey: "k", consumerSecret: "a b&c" },
      signatureMethod: "PLAINTEXT",
    });
    expect(noToken.signature).toBe("a%20b%26c&");
    const withToken = signRequest({
      ...base,
      secrets: { consumerKey: "k", consumerSecret: "cs", token: "t", tokenSecret: "t s" },
      signatureMethod: "PLAINTEXT",
    });
    expect(withToken.signature).toBe("cs&t%20s");
    expect(withToken.authorization).toContain('oauth_signature_method="PLAINTEXT"');
  });

  it("HMAC-SHA1 and HMAC-SHA256 differ and name themselves in the header", () => {
    const secrets = { consumerKey: "k", consumerSecret: "cs", token: "t", tokenSecret: "ts" };
    const sha1 = signRequest({ ...base, secrets, signatureMethod: "HMAC-SHA1" });
    const sha256 = signRequest({ ...base, secrets });
    expect(Buffer.from(sha1.signature, "base64")).toHaveLength(20);
    expect(Buffer.from(sha256.signature, "base64")).toHaveLength(32);
    expect(sha1.authorization).toContain('oauth_signature_method="HMAC-SHA1"');
    expect(sha256.authorization).toContain('oauth_signature_method="HMAC-SHA256"');
  });

  it("RSA-SHA1 signs the base string with the PEM private key", () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const signed = signRequest({
      ...base,
      secrets: { consumerKey: "k", consumerSecret: "cs", rsaPrivateKeyPem: pem },
      signatureMethod: "RSA-SHA1",
    });
    expect(signed.baseString).toContain("oauth_signature_method%3DRSA-SHA1");
    expect(createVerify("RSA-SHA1").update(signed.baseString).verify(publicKey, signed.signature, "base64")).toBe(true);
    expect(
      createVerify("RSA-SHA1")
        .update(signed.baseString + "x")
        .verify(publicKey, signed.signature, "base64"),
    ).toBe(false);
  });

  it("RSA-SHA1 without a key, a bad timestamp or an empty nonce are rejected", () => {
    expect(() =>
      signRequest({ ...base, secrets: { consumerKey: "k", consumerSecret: "cs" }, signatureMethod: "RSA-SHA1" }),
    ).toThrow(/rsaPrivateKeyPem/);
    expect(() => signRequest({ ...base, timestamp: 0, secrets: { consumerKey: "k", consumerSecret: "cs" } })).toThrow(
      RangeError,
    );
    expect(() => signRequest({ ...base, timestamp: 1.5, secrets: { consumerKey: "k", consumerSecret: "cs" } })).toThrow(
      RangeError,
    );
    expect(() => signRequest({ ...base, nonce: "", secrets: { consumerKey: "k", consumerSecret: "cs" } })).toThrow(
      /nonce/,
    );
    expect(() =>
      signRequest({ ...base, url: "/rest/V1/products", secrets: { consumerKey: "k", consumerSecret: "cs" } }),
    ).toThrow(/absolute/);
  });
});

describe("form body params", () => {
  it("are signed like query params; oauth_* body params are ignored; the query wins on a repeated name", () => {
    const secrets = { consumerKey: "k", consumerSecret: "cs" };
    const withForm = signRequest({
      method: "POST",
      url: "https://h/oauth/token/request?b=query",
      formParams: [
        ["a", "x y"],
        ["oauth_verifier", "ignored"],
        ["b", "body"],
      ],
      secrets,
      nonce: "n",
      timestamp: 1,
    });
    expect(withForm.baseString).toContain("a%3Dx%2520y");
    expect(withForm.baseString).toContain("b%3Dquery");
    expect(withForm.baseString).not.toContain("b%3Dbody");
    expect(withForm.baseString).not.toContain("ignored");
    expect(withForm.authorization).not.toContain("oauth_verifier");
  });
});

describe("header steps", () => {
  const url = "https://shop.example.com/oauth/token/access";
  it("request-token step: no oauth_token, no oauth_verifier", () => {
    const h = signRequest({
      method: "POST",
      url,
      secrets: { consumerKey: "k", consumerSecret: "cs" },
      nonce: "n",
      timestamp: 1,
    }).authorization;
    expect(h).not.toMatch(/oauth_token/);
    expect(h).not.toMatch(/oauth_verifier/);
    expect(h).toContain('oauth_version="1.0"');
  });
  it("access step: oauth_token and oauth_verifier", () => {
    const h = signRequest({
      method: "POST",
      url,
      secrets: { consumerKey: "k", consumerSecret: "cs", token: "rt", tokenSecret: "rs" },
      verifier: "v",
      nonce: "n",
      timestamp: 1,
    }).authorization;
    expect(h).toContain('oauth_token="rt"');
    expect(h).toContain('oauth_verifier="v"');
  });
});
