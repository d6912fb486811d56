/**
 * The dev store's own verifier (devstore/src/auth/signature.ts) against the golden vectors of research §4.7
 * and against the tests' reference signer on each family's special cases (path escapes for C, etc.).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { refAuthorization, refSign, type RefFamily } from "../helpers/reference-oauth";
import { prepareRequest, requestUrlParts } from "../../devstore/src/auth/oauth-request";
import { computeSignature, normalisedUrl } from "../../devstore/src/auth/signature";
import { strnatcmp } from "../../devstore/src/auth/php-strings";

const CK = "a6aa81cc3e65e2960a4879392445e718";
const CS = "uc83htqfl8q7uvq8qwjo67pfghvm8il2";
const AT = "0lnuajnuzeei2o8xcddii5us77xnb6v0";
const ATS = "1c6d2hycnir5ygf39fycs6zhtaagx8pd";

function storeSignature(family: RefFamily, method: string, url: string, oauth: Record<string, string>, consumerSecret: string, tokenSecret?: string) {
  const u = new URL(url);
  const rawUri = url.slice(url.indexOf(u.host) + u.host.length);
  const req = {
    method,
    rawUri,
    headers: { host: u.host, authorization: refAuthorization(oauth, "placeholder"), ...(u.protocol === "https:" ? { "x-forwarded-proto": "https" } : {}) },
    body: "",
  };
  const params = prepareRequest(req);
  params.delete("oauth_signature");
  return computeSignature(family, oauth.oauth_signature_method!, { method, ...requestUrlParts(req), params }, consumerSecret, tokenSecret);
}

const v1Oauth = {
  oauth_consumer_key: CK,
  oauth_nonce: "kllo9940pd9333jh",
  oauth_signature_method: "HMAC-SHA256",
  oauth_timestamp: "1700000000",
  oauth_token: AT,
  oauth_version: "1.0",
};

describe("golden vectors (research §4.7)", () => {
  it.each(["A", "B", "C", "D", "E"] as RefFamily[])("V1 signs the same in family %s", (f) => {
    expect(storeSignature(f, "GET", "https://shop.example.com/rest/V1/products?searchCriteria%5BpageSize%5D=2", v1Oauth, CS, ATS)).toBe(
      "EzCFxS87gczSs1i3zIyYuj42OUuDbq5KAsDAKM+75+8=",
    );
  });

  it("V1 is the same for a raw bracket query", () => {
    expect(storeSignature("C", "GET", "https://shop.example.com/rest/V1/products?searchCriteria[pageSize]=2", v1Oauth, CS, ATS)).toBe(
      "EzCFxS87gczSs1i3zIyYuj42OUuDbq5KAsDAKM+75+8=",
    );
  });

  it("V2 (a date filter) differs in family D only", () => {
    const p = "searchCriteria%5BfilterGroups%5D%5B0%5D%5Bfilters%5D%5B0%5D";
    const url = `https://shop.example.com/rest/V1/orders?${p}%5Bfield%5D=created_at&${p}%5Bvalue%5D=2024-10-25%2000%3A00%3A00&${p}%5BconditionType%5D=gt`;
    for (const f of ["A", "B", "C", "E"] as RefFamily[]) expect(storeSignature(f, "GET", url, v1Oauth, CS, ATS)).toBe("PDoJTaO4Pk0QRD7WnhSrrXdDV/5BAMZZRb5ucCI+3m8=");
    expect(storeSignature("D", "GET", url, v1Oauth, CS, ATS)).toBe("Sa+mtgXf3SLdwmnbpOaRY06wxrdA7lg0mt6VycR9BXY=");
  });

  it("V6 (POST with a JSON body) ignores the body", () => {
    expect(storeSignature("C", "POST", "https://shop.example.com/rest/default/V1/products", v1Oauth, CS, ATS)).toBe("3jectIU65A5XZZXVcVBPJuNVHVnwilxPijTNvmme2Cs=");
  });

  it("handshake vectors: request token (empty token secret) and access token", () => {
    const req = { oauth_consumer_key: CK, oauth_nonce: "9f3kq0zpl2m8x7c4v6b1n5a0s2d4f6g8", oauth_signature_method: "HMAC-SHA256", oauth_timestamp: "1700000000", oauth_version: "1.0" };
    expect(storeSignature("A", "POST", "https://shop.example.com/oauth/token/request", req, CS)).toBe("QoGR/ak8NuyHGgbV7VnLFTiqiw338mf8pSKkeRXrCvc=");
    const acc = {
      oauth_consumer_key: CK,
      oauth_nonce: "h7d2k9s0w1q3e5r7t9y0u2i4o6p8a1s3",
      oauth_signature_method: "HMAC-SHA256",
      oauth_timestamp: "1700000005",
      oauth_token: "4cqw0r7vo0s5goyyqnjb72sqj3vxwr0h",
      oauth_verifier: "5b1rl9rmy7m5twx8zoufgajgrmlhmqmt",
      oauth_version: "1.0",
    };
    expect(storeSignature("C", "POST", "https://shop.example.com/oauth/token/access", acc, CS, "rig3x3j5a9z5j6d4ubjwyf9f1l21itrr")).toBe(
      "FG77a8jrnkFyBj7YW5H9xH25zAuqyh7hqbAOlL7mAfU=",
    );
  });
});

describe("family differences against the reference signer", () => {
  it("C decodes reserved escapes in the path; A, D and E keep them", () => {
    const parts = { scheme: "http", host: "shop.example.com", rawUri: "/rest/V1/products/ABC%2F10%3Ax%40y%2Bz" };
    expect(normalisedUrl("C", parts)).toBe("http://shop.example.com/rest/V1/products/ABC/10:x@y+z");
    expect(normalisedUrl("A", parts)).toBe("http://shop.example.com/rest/V1/products/ABC%2F10%3Ax%40y%2Bz");
    expect(normalisedUrl("D", { ...parts, rawUri: "/rest/V1/products/a%2fb%41" })).toBe("http://shop.example.com/rest/V1/products/a%2FbA");
    const url = "http://shop.example.com/rest/V1/products/ABC%2F10";
    for (const f of ["A", "C", "D", "E"] as RefFamily[]) {
      expect(storeSignature(f, "GET", url, v1Oauth, CS, ATS), f).toBe(refSign({ method: "GET", url, oauthParams: v1Oauth, consumerSecret: CS, tokenSecret: ATS, family: f }));
    }
    expect(storeSignature("C", "GET", url, v1Oauth, CS, ATS)).not.toBe(storeSignature("A", "GET", url, v1Oauth, CS, ATS));
  });

  it("E keeps an explicit default port and host case; A–D drop and lowercase them", () => {
    expect(normalisedUrl("E", { scheme: "https", host: "Shop.Example.com:443", rawUri: "/x" })).toBe("https://Shop.Example.com:443/x");
    expect(normalisedUrl("B", { scheme: "https", host: "Shop.Example.com:443", rawUri: "/x" })).toBe("https://shop.example.com/x");
  });

  it("drops query params without exactly one '=' and keeps the last of repeated names (A–D)", () => {
    const url = "http://shop.example.com/rest/V1/x?flag&a=1&a=2&b=c=d";
    for (const f of ["A", "D"] as RefFamily[]) {
      expect(storeSignature(f, "GET", url, v1Oauth, CS, ATS)).toBe(refSign({ method: "GET", url, oauthParams: v1Oauth, consumerSecret: CS, tokenSecret: ATS, family: f }));
    }
  });

  it("agrees with the reference on random printable query values in every family", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 12 }), fc.constantFrom<RefFamily>("A", "B", "C", "D"), (value, f) => {
        const url = `http://shop.example.com/rest/V1/products?searchCriteria%5Bfilter%5D=${encodeURIComponent(value)}`;
        return storeSignature(f, "GET", url, v1Oauth, CS, ATS) === refSign({ method: "GET", url, oauthParams: v1Oauth, consumerSecret: CS, tokenSecret: ATS, family: f });
      }),
      { numRuns: 300 },
    );
  });
});

describe("strnatcmp", () => {
  it("orders digit runs by value", () => {
    const keys = ["f%5B10%5D", "f%5B2%5D", "f%5B1%5D", "f%5B0%5D"];
    expect([...keys].sort(strnatcmp)).toEqual(["f%5B0%5D", "f%5B1%5D", "f%5B2%5D", "f%5B10%5D"]);
    expect(strnatcmp("a", "b")).toBe(-1);
    expect(strnatcmp("B", "a")).toBe(-1);
    expect(strnatcmp("x9", "x10")).toBe(-1);
    expect(strnatcmp("abc", "abc")).toBe(0);
  });
});
