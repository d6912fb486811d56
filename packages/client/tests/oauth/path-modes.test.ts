/**
 * URL normalisation per family (docs/signature-families.md#request-url) on cases the property test leaves out, with expectations
 * derived by hand from the store code: Zend (A/B) host lowercased + default port dropped, path as sent;
 * Laminas\Uri::normalizePath (C); Magento Helper\Uri\Http (D); family E as sent.
 */
import { describe, expect, it } from "vitest";
import { normaliseUrl, signRequest } from "../../src/oauth/index.ts";
import { refEncode, refSign } from "../../../../tests/helpers/reference-oauth.ts";

describe("normaliseUrl", () => {
  const url = "HTTPS://Shop.Example.com:443/rest/V1/products/ABC%2F10%3Ax%41%e2%82%ac";

  it("standard: lowercase scheme/host, :443 dropped, path escapes as sent", () => {
    expect(normaliseUrl(url, "standard")).toBe("https://shop.example.com/rest/V1/products/ABC%2F10%3Ax%41%e2%82%ac");
  });

  it("C: reserved and unreserved escapes decoded, other hex uppercased (the #37830 SKU bug)", () => {
    expect(normaliseUrl(url, "C")).toBe("https://shop.example.com/rest/V1/products/ABC/10:xA%E2%82%AC");
  });

  it("D: only unreserved escapes decoded, hex uppercased", () => {
    expect(normaliseUrl(url, "D")).toBe("https://shop.example.com/rest/V1/products/ABC%2F10%3AxA%E2%82%AC");
  });

  it("E: host and port as sent", () => {
    expect(normaliseUrl(url, "E")).toBe("https://Shop.Example.com:443/rest/V1/products/ABC%2F10%3Ax%41%e2%82%ac");
  });

  it("keeps a non-default port and drops :80 only for http", () => {
    expect(normaliseUrl("http://h:80/a")).toBe("http://h/a");
    expect(normaliseUrl("https://h:80/a")).toBe("https://h:80/a");
    expect(normaliseUrl("http://h:8080/a")).toBe("http://h:8080/a");
    expect(normaliseUrl("http://h")).toBe("http://h/");
  });

  it("C: a decoded %25 stays %25 unless two hex digits follow (Laminas encodePath)", () => {
    expect(normaliseUrl("https://h/p/100%25", "C")).toBe("https://h/p/100%25");
    expect(normaliseUrl("https://h/p/50%25AB", "C")).toBe("https://h/p/50%AB");
  });

  it("C: a raw ( or ) stays as sent (Laminas encodePath allows them), their escapes stay escapes", () => {
    expect(normaliseUrl("https://h/rest/V1/products/a(b)c", "C")).toBe("https://h/rest/V1/products/a(b)c");
    expect(normaliseUrl("https://h/rest/V1/products/a%28b%29", "C")).toBe("https://h/rest/V1/products/a%28b%29");
    expect(normaliseUrl("https://h/rest/V1/products/a b*", "C")).toBe("https://h/rest/V1/products/a%20b%2A");
  });

  it("C and D remove dot segments, standard keeps them", () => {
    expect(normaliseUrl("https://h/rest/V1/products/../orders", "C")).toBe("https://h/rest/V1/orders");
    expect(normaliseUrl("https://h/rest/V1/./products", "D")).toBe("https://h/rest/V1/products");
    expect(normaliseUrl("https://h/rest/V1/./products", "standard")).toBe("https://h/rest/V1/./products");
  });
});

describe("SKUs with reserved characters in the path", () => {
  const secrets = { consumerKey: "ck", consumerSecret: "cs", token: "tk", tokenSecret: "ts" };
  const params = {
    oauth_consumer_key: "ck",
    oauth_nonce: "n0nce",
    oauth_signature_method: "HMAC-SHA256",
    oauth_timestamp: "1700000000",
    oauth_token: "tk",
    oauth_version: "1.0",
  };
  const url = `https://shop.example.com/rest/V1/products/${refEncode("ABC/10:x")}`;

  it.each([
    ["standard", "A"],
    ["C", "C"],
    ["D", "D"],
    ["E", "E"],
  ] as const)("mode %s matches reference family %s", (mode, family) => {
    const signed = signRequest({ method: "GET", url, secrets, nonce: "n0nce", timestamp: 1700000000, mode });
    expect(signed.signature).toBe(
      refSign({ method: "GET", url, oauthParams: params, consumerSecret: "cs", tokenSecret: "ts", family }),
    );
  });

  it("C signs a different path than standard for ABC%2F10", () => {
    const standard = signRequest({ method: "GET", url, secrets, nonce: "n0nce", timestamp: 1700000000 });
    const c = signRequest({ method: "GET", url, secrets, nonce: "n0nce", timestamp: 1700000000, mode: "C" });
    expect(standard.baseString).toContain("ABC%252F10%253Ax");
    expect(c.baseString).toContain("ABC%2F10%3Ax");
    expect(c.signature).not.toBe(standard.signature);
  });
});

describe("family E orders raw names by bytes", () => {
  it("puts [ (0x5B) after letters' uppercase but before lowercase, unlike the encoded natural sort", () => {
    const url = "https://h/p?a%5Bx%5D=1&aB=2&ab=3";
    const e = signRequest({
      method: "GET",
      url,
      secrets: { consumerKey: "k", consumerSecret: "s" },
      nonce: "n",
      timestamp: 1,
      mode: "E",
    });
    const std = signRequest({
      method: "GET",
      url,
      secrets: { consumerKey: "k", consumerSecret: "s" },
      nonce: "n",
      timestamp: 1,
    });
    const order = (base: string) =>
      decodeURIComponent(base.split("&")[2]!)
        .split("&")
        .map((p) => p.split("=")[0])
        .filter((n) => !n!.startsWith("oauth_"));
    expect(order(e.baseString)).toEqual(["aB", "a%5Bx%5D", "ab"]); // raw "aB" < "a[x]" < "ab"
    expect(order(std.baseString)).toEqual(["a%5Bx%5D", "aB", "ab"]); // encoded "%" (0x25) sorts first
  });

  it("uses UTF-8 byte order for astral characters", () => {
    const url = `https://h/p?${refEncode("\u{1F600}")}=1&${refEncode("\uFF01")}=2`;
    const e = signRequest({
      method: "GET",
      url,
      secrets: { consumerKey: "k", consumerSecret: "s" },
      nonce: "n",
      timestamp: 1,
      mode: "E",
    });
    const params = decodeURIComponent(e.baseString.split("&")[2]!);
    expect(params.indexOf(refEncode("\uFF01"))).toBeLessThan(params.indexOf(refEncode("\u{1F600}")));
  });
});
