/**
 * Golden vectors of docs/signature-families.md#golden-vectors (derived from each family's PHP signature code),
 * plus the OAuth Core 1.0 / RFC 5849 photos examples. Expected values are copied from those sources, never
 * computed by the code under test.
 */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildBaseString, signRequest, type SignatureMode } from "../../src/oauth/index.ts";

const CONSUMER_KEY = "a6aa81cc3e65e2960a4879392445e718";
const CONSUMER_SECRET = "uc83htqfl8q7uvq8qwjo67pfghvm8il2";
const ACCESS = {
  consumerKey: CONSUMER_KEY,
  consumerSecret: CONSUMER_SECRET,
  token: "0lnuajnuzeei2o8xcddii5us77xnb6v0",
  tokenSecret: "1c6d2hycnir5ygf39fycs6zhtaagx8pd",
};
const NONCE = "kllo9940pd9333jh";
const TS = 1700000000;

const V1_URL = "https://shop.example.com/rest/V1/products?searchCriteria%5BpageSize%5D=2";
const V1_BASE =
  "GET&https%3A%2F%2Fshop.example.com%2Frest%2FV1%2Fproducts&oauth_consumer_key%3Da6aa81cc3e65e2960a4879392445e718%26oauth_nonce%3Dkllo9940pd9333jh%26oauth_signature_method%3DHMAC-SHA256%26oauth_timestamp%3D1700000000%26oauth_token%3D0lnuajnuzeei2o8xcddii5us77xnb6v0%26oauth_version%3D1.0%26searchCriteria%255BpageSize%255D%3D2";
const V1_SIG = "EzCFxS87gczSs1i3zIyYuj42OUuDbq5KAsDAKM+75+8=";
const V1_HEADER =
  'OAuth oauth_consumer_key="a6aa81cc3e65e2960a4879392445e718", oauth_nonce="kllo9940pd9333jh", oauth_signature_method="HMAC-SHA256", oauth_timestamp="1700000000", oauth_token="0lnuajnuzeei2o8xcddii5us77xnb6v0", oauth_version="1.0", oauth_signature="EzCFxS87gczSs1i3zIyYuj42OUuDbq5KAsDAKM%2B75%2B8%3D"';

const V2_PREFIX = "searchCriteria%5BfilterGroups%5D%5B0%5D%5Bfilters%5D%5B0%5D";
const V2_URL =
  `https://shop.example.com/rest/V1/orders?${V2_PREFIX}%5Bfield%5D=created_at` +
  `&${V2_PREFIX}%5Bvalue%5D=2024-10-25%2000%3A00%3A00&${V2_PREFIX}%5BconditionType%5D=gt`;
const V2_SIG: Record<SignatureMode, string> = {
  standard: "PDoJTaO4Pk0QRD7WnhSrrXdDV/5BAMZZRb5ucCI+3m8=",
  C: "PDoJTaO4Pk0QRD7WnhSrrXdDV/5BAMZZRb5ucCI+3m8=",
  D: "Sa+mtgXf3SLdwmnbpOaRY06wxrdA7lg0mt6VycR9BXY=",
  E: "PDoJTaO4Pk0QRD7WnhSrrXdDV/5BAMZZRb5ucCI+3m8=",
};

const ALL_MODES: SignatureMode[] = ["standard", "C", "D", "E"];

describe("V1 (docs/signature-families.md#vector-v1): GET with searchCriteria[pageSize]", () => {
  it.each(ALL_MODES)("mode %s gives the same base string, signature and header", (mode) => {
    const signed = signRequest({ method: "GET", url: V1_URL, secrets: ACCESS, nonce: NONCE, timestamp: TS, mode });
    expect(signed.baseString).toBe(V1_BASE);
    expect(signed.signature).toBe(V1_SIG);
    expect(signed.authorization).toBe(V1_HEADER);
  });

  it("signs a raw (unencoded) bracket query the same as the encoded one", () => {
    const raw = signRequest({
      method: "GET",
      url: "https://shop.example.com/rest/V1/products?searchCriteria[pageSize]=2",
      secrets: ACCESS,
      nonce: NONCE,
      timestamp: TS,
    });
    expect(raw.signature).toBe(V1_SIG);
  });

  it("normalises an uppercase host and the default port, and ignores the fragment", () => {
    const signed = signRequest({
      method: "get",
      url: "https://SHOP.Example.COM:443/rest/V1/products?searchCriteria%5BpageSize%5D=2#top",
      secrets: ACCESS,
      nonce: NONCE,
      timestamp: TS,
    });
    expect(signed.baseString).toBe(V1_BASE);
    expect(signed.signature).toBe(V1_SIG);
  });

  it("family E signs host and port as sent", () => {
    const signed = signRequest({
      method: "GET",
      url: "https://shop.example.com:443/rest/V1/products?searchCriteria%5BpageSize%5D=2",
      secrets: ACCESS,
      nonce: NONCE,
      timestamp: TS,
      mode: "E",
    });
    expect(signed.baseString).toContain("https%3A%2F%2Fshop.example.com%3A443%2Frest");
    expect(signed.signature).not.toBe(V1_SIG);
  });
});

describe("V2 (docs/signature-families.md#vector-v2): date filter with a space and colons", () => {
  it.each(ALL_MODES)("mode %s", (mode) => {
    const signed = signRequest({ method: "GET", url: V2_URL, secrets: ACCESS, nonce: NONCE, timestamp: TS, mode });
    expect(signed.signature).toBe(V2_SIG[mode]);
  });

  it("family D shows the value rawurlencoded twice inside the base string", () => {
    const standard = signRequest({ method: "GET", url: V2_URL, secrets: ACCESS, nonce: NONCE, timestamp: TS });
    const d = signRequest({ method: "GET", url: V2_URL, secrets: ACCESS, nonce: NONCE, timestamp: TS, mode: "D" });
    expect(standard.baseString).toContain("2024-10-25%252000%253A00%253A00");
    expect(d.baseString).toContain("2024-10-25%25252000%25253A00%25253A00");
  });
});

describe("V6 (docs/signature-families.md#vector-v6): POST with a JSON body (bodies are never signed)", () => {
  it.each(ALL_MODES)("mode %s", (mode) => {
    const signed = signRequest({
      method: "POST",
      url: "https://shop.example.com/rest/default/V1/products",
      secrets: ACCESS,
      nonce: NONCE,
      timestamp: TS,
      mode,
    });
    expect(signed.signature).toBe("3jectIU65A5XZZXVcVBPJuNVHVnwilxPijTNvmme2Cs=");
  });
});

describe("handshake vectors (docs/signature-families.md#golden-vectors)", () => {
  it("request token: no oauth_token, key enc(cs)&", () => {
    const signed = signRequest({
      method: "POST",
      url: "https://shop.example.com/oauth/token/request",
      secrets: { consumerKey: CONSUMER_KEY, consumerSecret: CONSUMER_SECRET },
      nonce: "9f3kq0zpl2m8x7c4v6b1n5a0s2d4f6g8",
      timestamp: 1700000000,
    });
    expect(signed.baseString).toBe(
      "POST&https%3A%2F%2Fshop.example.com%2Foauth%2Ftoken%2Frequest&oauth_consumer_key%3Da6aa81cc3e65e2960a4879392445e718%26oauth_nonce%3D9f3kq0zpl2m8x7c4v6b1n5a0s2d4f6g8%26oauth_signature_method%3DHMAC-SHA256%26oauth_timestamp%3D1700000000%26oauth_version%3D1.0",
    );
    expect(signed.signature).toBe("QoGR/ak8NuyHGgbV7VnLFTiqiw338mf8pSKkeRXrCvc=");
    expect(signed.authorization).not.toContain("oauth_token");
    expect(signed.authorization).toContain('oauth_signature="QoGR%2Fak8NuyHGgbV7VnLFTiqiw338mf8pSKkeRXrCvc%3D"');
    expect(signed.oauthParams).not.toHaveProperty("oauth_token");
  });

  it('an empty token string is treated as no token (never oauth_token="")', () => {
    const signed = signRequest({
      method: "POST",
      url: "https://shop.example.com/oauth/token/request",
      secrets: { consumerKey: CONSUMER_KEY, consumerSecret: CONSUMER_SECRET, token: "", tokenSecret: "" },
      nonce: "9f3kq0zpl2m8x7c4v6b1n5a0s2d4f6g8",
      timestamp: 1700000000,
    });
    expect(signed.signature).toBe("QoGR/ak8NuyHGgbV7VnLFTiqiw338mf8pSKkeRXrCvc=");
    expect(signed.authorization).not.toContain("oauth_token");
  });

  it("access token: request token + verifier in the header, key enc(cs)&enc(request secret)", () => {
    const signed = signRequest({
      method: "POST",
      url: "https://shop.example.com/oauth/token/access",
      secrets: {
        consumerKey: CONSUMER_KEY,
        consumerSecret: CONSUMER_SECRET,
        token: "4cqw0r7vo0s5goyyqnjb72sqj3vxwr0h",
        tokenSecret: "rig3x3j5a9z5j6d4ubjwyf9f1l21itrr",
      },
      verifier: "5b1rl9rmy7m5twx8zoufgajgrmlhmqmt",
      nonce: "h7d2k9s0w1q3e5r7t9y0u2i4o6p8a1s3",
      timestamp: 1700000005,
    });
    expect(signed.signature).toBe("FG77a8jrnkFyBj7YW5H9xH25zAuqyh7hqbAOlL7mAfU=");
    expect(signed.authorization).toContain('oauth_verifier="5b1rl9rmy7m5twx8zoufgajgrmlhmqmt"');
    expect(signed.authorization).toContain('oauth_token="4cqw0r7vo0s5goyyqnjb72sqj3vxwr0h"');
    expect(signed.baseString).toContain("oauth_verifier%3D5b1rl9rmy7m5twx8zoufgajgrmlhmqmt");
  });
});

describe("header format", () => {
  it('is `OAuth ` + name="value" pairs joined by ", ", oauth_version always sent, signature encoded', () => {
    const signed = signRequest({ method: "GET", url: V1_URL, secrets: ACCESS, nonce: NONCE, timestamp: TS });
    expect(signed.authorization.startsWith("OAuth ")).toBe(true);
    const pairs = signed.authorization.slice("OAuth ".length).split(", ");
    for (const pair of pairs) expect(pair).toMatch(/^oauth_[a-z_]+="[A-Za-z0-9\-._~%]*"$/);
    expect(pairs).toContain('oauth_version="1.0"');
    expect(pairs.at(-1)).toBe('oauth_signature="EzCFxS87gczSs1i3zIyYuj42OUuDbq5KAsDAKM%2B75%2B8%3D"');
    expect(signed.authorization).not.toContain("searchCriteria");
  });

  it("percent-encodes unusual oauth values in the header", () => {
    const signed = signRequest({
      method: "GET",
      url: "https://shop.example.com/rest/V1/store/storeViews",
      secrets: { ...ACCESS, consumerKey: "key with space/+" },
      nonce: NONCE,
      timestamp: TS,
    });
    expect(signed.authorization).toContain('oauth_consumer_key="key%20with%20space%2F%2B"');
  });
});

describe("OAuth Core 1.0 Appendix A.5 / RFC 5849 photos examples", () => {
  const photos = {
    consumerKey: "dpf43f3p2l4k3l03",
    consumerSecret: "kd94hf93k423kf44",
    token: "nnch734d00sl2jdk",
    tokenSecret: "pfkkdhi9sl3r4s00",
  };

  it("HMAC-SHA1 with oauth_version=1.0 (OAuth Core 1.0 A.5.1–A.5.3)", () => {
    const signed = signRequest({
      method: "GET",
      url: "http://photos.example.net/photos?file=vacation.jpg&size=original",
      secrets: photos,
      signatureMethod: "HMAC-SHA1",
      nonce: "kllo9940pd9333jh",
      timestamp: 1191242096,
    });
    expect(signed.baseString).toBe(
      "GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3Dkllo9940pd9333jh%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1191242096%26oauth_token%3Dnnch734d00sl2jdk%26oauth_version%3D1.0%26size%3Doriginal",
    );
    expect(signed.signature).toBe("tR3+Ty81lMeYAr/Fid0kMTYa/WM=");
  });

  it("RFC 5849 §1.2 resource request (no oauth_version) through buildBaseString", () => {
    const base = buildBaseString({
      method: "GET",
      url: "http://photos.example.net/photos?file=vacation.jpg&size=original",
      oauthParams: [
        ["oauth_consumer_key", "dpf43f3p2l4k3l03"],
        ["oauth_token", "nnch734d00sl2jdk"],
        ["oauth_signature_method", "HMAC-SHA1"],
        ["oauth_timestamp", "137131202"],
        ["oauth_nonce", "chapoH"],
      ],
    });
    const signature = createHmac("sha1", "kd94hf93k423kf44&pfkkdhi9sl3r4s00").update(base).digest("base64");
    expect(signature).toBe("MdpQcU8iPSUjWoN/UDMsK2sui9I=");
  });

  it("RFC 5849 §3.4.4 PLAINTEXT: the signature is enc(cs)&enc(ts)", () => {
    const signed = signRequest({
      method: "POST",
      url: "https://server.example.com/request_token",
      secrets: {
        consumerKey: "jd83jd92dhsh93js",
        consumerSecret: "ja893SD9",
        token: "hdk48Djdsa",
        tokenSecret: "xyz4992k83j47x0b",
      },
      signatureMethod: "PLAINTEXT",
      nonce: "n",
      timestamp: 1,
    });
    expect(signed.signature).toBe("ja893SD9&xyz4992k83j47x0b");
    expect(signed.authorization).toContain('oauth_signature="ja893SD9%26xyz4992k83j47x0b"');
  });
});

describe("Zend_Oauth / laminas-oauth HMACTest vectors (parameters only, no method or URL)", () => {
  // Their Hmac::sign($params) with no method/URL signs only enc(sorted parameter string); the key is
  // enc(consumer secret)&enc(token secret). We take the third component of our base string.
  const paramPart = () => {
    const base = buildBaseString({
      method: "GET",
      url: "http://unused.example/",
      oauthParams: [
        ["oauth_version", "1.0"],
        ["oauth_consumer_key", "dpf43f3p2l4k3l03"],
        ["oauth_signature_method", "HMAC-SHA1"],
        ["oauth_timestamp", "1191242090"],
        ["oauth_nonce", "hsu94j3884jdopsl"],
      ],
    });
    return base.split("&").slice(2).join("&");
  };

  it.each([
    ["1234567890&", "XYkaERjLVjp2yP/klDCGQ+hZ2So="],
    ["1234567890&0987654321", "b0J6H0jCEo+tvzVJy2G615sM6/M="],
  ])("key %s", (key, expected) => {
    expect(createHmac("sha1", key).update(paramPart()).digest("base64")).toBe(expected);
  });
});
