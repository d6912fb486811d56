/**
 * The dev store's own verifier (packages/devstore/src/auth/signature.ts) against golden vectors
 * and against the tests' reference signer on each family's special cases (path escapes for C, etc.).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { refAuthorization, refSign, type RefFamily } from "../../../tests/helpers/reference-oauth";
import { prepareRequest, requestUrlParts } from "../src/auth/oauth-request";
import { baseString, computeSignature, normalisedUrl } from "../src/auth/signature";
import { rawurldecode, rawurlencode, strnatcmp } from "../src/auth/php-strings";
import { baseStringOf } from "../../../tests/helpers/explicit-signer";

const CK = "a6aa81cc3e65e2960a4879392445e718";
const CS = "uc83htqfl8q7uvq8qwjo67pfghvm8il2";
const AT = "0lnuajnuzeei2o8xcddii5us77xnb6v0";
const ATS = "1c6d2hycnir5ygf39fycs6zhtaagx8pd";

/** What the store's request helper makes of `url` with `oauth` in the header: the subject it signs. */
function storeSubject(method: string, url: string, oauth: Record<string, string>) {
  const u = new URL(url);
  const rawUri = url.slice(url.indexOf(u.host) + u.host.length);
  const req = {
    method,
    rawUri,
    headers: {
      host: u.host,
      authorization: refAuthorization(oauth, "placeholder"),
      ...(u.protocol === "https:" ? { "x-forwarded-proto": "https" } : {}),
    },
    body: "",
  };
  const params = prepareRequest(req);
  params.delete("oauth_signature");
  return { method, ...requestUrlParts(req), params };
}

function storeSignature(
  family: RefFamily,
  method: string,
  url: string,
  oauth: Record<string, string>,
  consumerSecret: string,
  tokenSecret?: string,
) {
  return computeSignature(
    family,
    oauth.oauth_signature_method!,
    storeSubject(method, url, oauth),
    consumerSecret,
    tokenSecret,
  );
}

const v1Oauth = {
  oauth_consumer_key: CK,
  oauth_nonce: "kllo9940pd9333jh",
  oauth_signature_method: "HMAC-SHA256",
  oauth_timestamp: "1700000000",
  oauth_token: AT,
  oauth_version: "1.0",
};

describe("golden vectors", () => {
  it.each(["A", "B", "C", "D", "E"] as RefFamily[])("V1 signs the same in family %s", (f) => {
    expect(
      storeSignature(
        f,
        "GET",
        "https://shop.example.com/rest/V1/products?searchCriteria%5BpageSize%5D=2",
        v1Oauth,
        CS,
        ATS,
      ),
    ).toBe("EzCFxS87gczSs1i3zIyYuj42OUuDbq5KAsDAKM+75+8=");
  });

  it("V1 is the same for a raw bracket query", () => {
    expect(
      storeSignature(
        "C",
        "GET",
        "https://shop.example.com/rest/V1/products?searchCriteria[pageSize]=2",
        v1Oauth,
        CS,
        ATS,
      ),
    ).toBe("EzCFxS87gczSs1i3zIyYuj42OUuDbq5KAsDAKM+75+8=");
  });

  it("V2 (a date filter) differs in family D only", () => {
    const p = "searchCriteria%5BfilterGroups%5D%5B0%5D%5Bfilters%5D%5B0%5D";
    const url = `https://shop.example.com/rest/V1/orders?${p}%5Bfield%5D=created_at&${p}%5Bvalue%5D=2024-10-25%2000%3A00%3A00&${p}%5BconditionType%5D=gt`;
    for (const f of ["A", "B", "C", "E"] as RefFamily[])
      expect(storeSignature(f, "GET", url, v1Oauth, CS, ATS)).toBe("PDoJTaO4Pk0QRD7WnhSrrXdDV/5BAMZZRb5ucCI+3m8=");
    expect(storeSignature("D", "GET", url, v1Oauth, CS, ATS)).toBe("Sa+mtgXf3SLdwmnbpOaRY06wxrdA7lg0mt6VycR9BXY=");
  });

  it("V6 (POST with a JSON body) ignores the body", () => {
    expect(storeSignature("C", "POST", "https://shop.example.com/rest/default/V1/products", v1Oauth, CS, ATS)).toBe(
      "3jectIU65A5XZZXVcVBPJuNVHVnwilxPijTNvmme2Cs=",
    );
  });

  it("handshake vectors: request token (empty token secret) and access token", () => {
    const req = {
      oauth_consumer_key: CK,
      oauth_nonce: "9f3kq0zpl2m8x7c4v6b1n5a0s2d4f6g8",
      oauth_signature_method: "HMAC-SHA256",
      oauth_timestamp: "1700000000",
      oauth_version: "1.0",
    };
    expect(storeSignature("A", "POST", "https://shop.example.com/oauth/token/request", req, CS)).toBe(
      "QoGR/ak8NuyHGgbV7VnLFTiqiw338mf8pSKkeRXrCvc=",
    );
    const acc = {
      oauth_consumer_key: CK,
      oauth_nonce: "h7d2k9s0w1q3e5r7t9y0u2i4o6p8a1s3",
      oauth_signature_method: "HMAC-SHA256",
      oauth_timestamp: "1700000005",
      oauth_token: "4cqw0r7vo0s5goyyqnjb72sqj3vxwr0h",
      oauth_verifier: "5b1rl9rmy7m5twx8zoufgajgrmlhmqmt",
      oauth_version: "1.0",
    };
    expect(
      storeSignature(
        "C",
        "POST",
        "https://shop.example.com/oauth/token/access",
        acc,
        CS,
        "rig3x3j5a9z5j6d4ubjwyf9f1l21itrr",
      ),
    ).toBe("FG77a8jrnkFyBj7YW5H9xH25zAuqyh7hqbAOlL7mAfU=");
  });
});

describe("family differences against the reference signer", () => {
  it("C decodes reserved escapes in the path; A, D and E keep them", () => {
    const parts = { scheme: "http", host: "shop.example.com", rawUri: "/rest/V1/products/ABC%2F10%3Ax%40y%2Bz" };
    expect(normalisedUrl("C", parts)).toBe("http://shop.example.com/rest/V1/products/ABC/10:x@y+z");
    expect(normalisedUrl("A", parts)).toBe("http://shop.example.com/rest/V1/products/ABC%2F10%3Ax%40y%2Bz");
    expect(normalisedUrl("D", { ...parts, rawUri: "/rest/V1/products/a%2fb%41" })).toBe(
      "http://shop.example.com/rest/V1/products/a%2FbA",
    );
    const url = "http://shop.example.com/rest/V1/products/ABC%2F10";
    for (const f of ["A", "C", "D", "E"] as RefFamily[]) {
      expect(storeSignature(f, "GET", url, v1Oauth, CS, ATS), f).toBe(
        refSign({ method: "GET", url, oauthParams: v1Oauth, consumerSecret: CS, tokenSecret: ATS, family: f }),
      );
    }
    expect(storeSignature("C", "GET", url, v1Oauth, CS, ATS)).not.toBe(
      storeSignature("A", "GET", url, v1Oauth, CS, ATS),
    );
  });

  it("E keeps an explicit default port and host case; A–D drop and lowercase them", () => {
    expect(normalisedUrl("E", { scheme: "https", host: "Shop.Example.com:443", rawUri: "/x" })).toBe(
      "https://Shop.Example.com:443/x",
    );
    expect(normalisedUrl("B", { scheme: "https", host: "Shop.Example.com:443", rawUri: "/x" })).toBe(
      "https://shop.example.com/x",
    );
  });

  it("drops query params without exactly one '=' and keeps the last of repeated names (A–D)", () => {
    const url = "http://shop.example.com/rest/V1/x?flag&a=1&a=2&b=c=d";
    for (const f of ["A", "D"] as RefFamily[]) {
      expect(storeSignature(f, "GET", url, v1Oauth, CS, ATS)).toBe(
        refSign({ method: "GET", url, oauthParams: v1Oauth, consumerSecret: CS, tokenSecret: ATS, family: f }),
      );
    }
  });

  it("agrees with the reference on random printable query values in every family", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 0, maxLength: 12 }),
        fc.constantFrom<RefFamily>("A", "B", "C", "D"),
        (value, f) => {
          const url = `http://shop.example.com/rest/V1/products?searchCriteria%5Bfilter%5D=${encodeURIComponent(value)}`;
          return (
            storeSignature(f, "GET", url, v1Oauth, CS, ATS) ===
            refSign({ method: "GET", url, oauthParams: v1Oauth, consumerSecret: CS, tokenSecret: ATS, family: f })
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("path normalisation of the Laminas families (C 2.4.6–2.4.7, D 2.4.8)", () => {
  const url = (f: RefFamily, rawUri: string) => normalisedUrl(f, { scheme: "http", host: "shop.example.com", rawUri });

  it("removes dot segments before decoding escapes, so an escaped .. is signed as a literal ..", () => {
    for (const f of ["C", "D"] as RefFamily[]) {
      expect(url(f, "/products/%2E%2E/x"), f).toBe("http://shop.example.com/products/../x");
      expect(url(f, "/rest/V1/x/../products/./y"), f).toBe("http://shop.example.com/rest/V1/products/y");
    }
    expect(url("C", "/rest/V1/products/a%2F..%2Fb")).toBe("http://shop.example.com/rest/V1/products/a/../b");
    expect(url("D", "/rest/V1/products/a%2F..%2Fb")).toBe("http://shop.example.com/rest/V1/products/a%2F..%2Fb");
  });

  it("runs Laminas encodePath last: a stray % and characters outside the path set are encoded, ( and ) are kept", () => {
    for (const f of ["C", "D"] as RefFamily[])
      expect(url(f, "/p/%zz{b}|(x)"), f).toBe("http://shop.example.com/p/%25zz%7Bb%7D%7C(x)");
    expect(url("A", "/p/%zz{b}|(x)")).toBe("http://shop.example.com/p/%zz{b}|(x)");
  });

  it("C decodes %25 (its decode set has %), D keeps it; both uppercase the escapes they keep", () => {
    expect(url("C", "/p/%2541%2f")).toBe("http://shop.example.com/p/%41/");
    expect(url("D", "/p/%2541%2f")).toBe("http://shop.example.com/p/%2541%2F");
  });

  it("A, B and E sign the path exactly as sent", () => {
    for (const f of ["A", "B", "E"] as RefFamily[])
      expect(url(f, "/products/%2E%2E/x%2f"), f).toBe("http://shop.example.com/products/%2E%2E/x%2f");
  });
});

describe("PHP byte strings", () => {
  it("a non-UTF-8 escape stays its byte through rawurldecode and rawurlencode", () => {
    expect(rawurlencode(rawurldecode("%E9"))).toBe("%E9");
    expect(rawurlencode(rawurldecode("a%E9%C3%A9%FFb"))).toBe("a%E9%C3%A9%FFb");
  });

  it("a query value %E9 enters the base string as the byte E9 (%2525E9 would be the double-encoded form)", () => {
    const base = baseString("B", storeSubject("GET", "http://shop.example.com/rest/V1/x?v=%E9", v1Oauth));
    expect(base.endsWith("%26v%3D%25E9")).toBe(true);
  });
});

describe("family E (2.4.9): the query is also parse_str()ed and array_merge()d", () => {
  it("merges every parse_str key, oauth_* included; bracket arrays dropped; + as space, . as _, bare flag as flag=", () => {
    const url =
      "https://shop.example.com/rest/V1/products?q=a+b&a.b=c&flag&oauth_extra=zz&s%5Bk%5D=v+w&oauth_nonce=fromquery";
    const expected = baseStringOf("GET", "https://shop.example.com/rest/V1/products", [
      ["a.b", "c"], // the helper's own flat extraction
      ["a_b", "c"], // parse_str's name for a.b
      ["flag", ""], // dropped by the helper (no "="), kept by parse_str
      ["oauth_consumer_key", CK],
      ["oauth_extra", "zz"], // skipped by the helper, merged from parse_str
      ["oauth_nonce", "fromquery"], // the query's value replaces the header's
      ["oauth_signature_method", "HMAC-SHA256"],
      ["oauth_timestamp", "1700000000"],
      ["oauth_token", AT],
      ["oauth_version", "1.0"],
      ["q", "a b"], // parse_str's value replaces the helper's "a+b"
      ["s[k]", "v+w"], // the helper's flat key; parse_str's nested `s` array is removed
    ]);
    expect(baseString("E", storeSubject("GET", url, v1Oauth))).toBe(expected);
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
