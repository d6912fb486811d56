import { describe, expect, it } from "vitest";
import {
  assertSentAsSigned,
  buildQuery,
  fillPath,
  normaliseBaseUrl,
  PathParamError,
  QueryError,
  restUrl,
  UnsignableUrlError,
} from "../../src/magento/addressing.ts";

describe("normaliseBaseUrl", () => {
  it("keeps the path verbatim (index.php/) and ensures a trailing slash", () => {
    expect(normaliseBaseUrl("https://shop.example.com/index.php/")).toBe("https://shop.example.com/index.php/");
    expect(normaliseBaseUrl("https://shop.example.com/index.php")).toBe("https://shop.example.com/index.php/");
    expect(normaliseBaseUrl("https://shop.example.com")).toBe("https://shop.example.com/");
    expect(normaliseBaseUrl("http://127.0.0.1:3100/magento/")).toBe("http://127.0.0.1:3100/magento/");
  });
  it("lowercases scheme and host and drops a default port (what fetch sends as Host)", () => {
    expect(normaliseBaseUrl("HTTPS://Shop.Example.com:443/Store/")).toBe("https://shop.example.com/Store/");
  });
  it("refuses query strings, fragments and non-http schemes", () => {
    expect(() => normaliseBaseUrl("https://x/?a=1")).toThrow(/query/);
    expect(() => normaliseBaseUrl("ftp://x/")).toThrow(/http/);
    expect(() => normaliseBaseUrl("not a url")).toThrow();
  });
});

describe("restUrl", () => {
  const base = "https://shop.example.com/index.php/";
  it("builds rest/V1, rest/{store}/V1 and rest/all/V1", () => {
    expect(restUrl(base, "/V1/products", undefined)).toBe("https://shop.example.com/index.php/rest/V1/products");
    expect(restUrl(base, "/V1/products", "default")).toBe(
      "https://shop.example.com/index.php/rest/default/V1/products",
    );
    expect(restUrl(base, "V1/cmsPage/1", "all")).toBe("https://shop.example.com/index.php/rest/all/V1/cmsPage/1");
  });
  it("puts the schema route under a store code", () => {
    expect(restUrl(base, "/schema", undefined)).toBe("https://shop.example.com/index.php/rest/default/schema");
    expect(restUrl(base, "/schema", "fr")).toBe("https://shop.example.com/index.php/rest/fr/schema");
  });
  it("refuses a store code that would change the path", () => {
    expect(() => restUrl(base, "/V1/x", "../admin")).toThrow(/store code/);
  });
});

describe("fillPath", () => {
  it("percent-encodes each parameter with RFC 3986", () => {
    expect(fillPath("/V1/products/{sku}", { sku: "ABC/10" })).toBe("/V1/products/ABC%2F10");
    expect(fillPath("/V1/products/{sku}/media/{entryId}", { sku: "a b+c?d#é", entryId: 5 })).toBe(
      "/V1/products/a%20b%2Bc%3Fd%23%C3%A9/media/5",
    );
    expect(fillPath("/V1/products/{sku}", { sku: "it's(*)!" })).toBe("/V1/products/it%27s%28%2A%29%21");
  });
  it("never encodes unreserved characters", () => {
    expect(fillPath("/V1/products/{sku}", { sku: "MH01-XS.Black_~" })).toBe("/V1/products/MH01-XS.Black_~");
  });
  it("names missing parameters", () => {
    expect(() => fillPath("/V1/carts/{cartId}/items/{itemId}", { cartId: 1 })).toThrow(PathParamError);
    expect(() => fillPath("/V1/carts/{cartId}/items/{itemId}", {})).toThrow(/cartId, itemId/);
    expect(() => fillPath("/V1/products/{sku}", { sku: "" })).toThrow(/sku/);
  });
  it("refuses . and .. (URL parsing would drop them as dot segments, and %2E counts as a dot too)", () => {
    expect(() => fillPath("/V1/products/{sku}", { sku: ".." })).toThrow(PathParamError);
    expect(() => fillPath("/V1/products/{sku}", { sku: ".." })).toThrow(/sku is "\.\.", a dot segment/);
    expect(() => fillPath("/V1/products/{sku}/media", { sku: "." })).toThrow(/dot segment/);
    expect(new URL("https://h/rest/V1/products/%2E%2E/media").pathname).toBe("/rest/V1/media"); // why they cannot be escaped
    expect(fillPath("/V1/products/{sku}", { sku: "..." })).toBe("/V1/products/...");
    expect(fillPath("/V1/products/{sku}", { sku: "a..b" })).toBe("/V1/products/a..b");
  });
  it("refuses a query string hidden in the path (it would escape RFC 3986 encoding)", () => {
    expect(() => fillPath("/V1/products?searchCriteria[pageSize]=1", {})).toThrow(/query/);
  });
});

describe("buildQuery", () => {
  it("encodes names and values per RFC 3986, always name=value", () => {
    expect(buildQuery([["searchCriteria[pageSize]", "2"]])).toBe("searchCriteria%5BpageSize%5D=2");
    expect(
      buildQuery([
        ["q", "a b"],
        ["empty", ""],
        ["fields", "items[sku,name]"],
      ]),
    ).toBe("q=a%20b&empty=&fields=items%5Bsku%2Cname%5D");
    expect(buildQuery([["v", "a=b&c+d"]])).toBe("v=a%3Db%26c%2Bd");
    expect(buildQuery([["v", "it's (*)!~"]])).toBe("v=it%27s%20%28%2A%29%21~");
  });
  it("never writes + or a repeated name, and keeps oauth_ out of the query", () => {
    expect(buildQuery([["q", "x y"]])).not.toContain("+");
    expect(() =>
      buildQuery([
        ["a", "1"],
        ["a", "2"],
      ]),
    ).toThrow(QueryError);
    expect(() => buildQuery([["oauth_token", "x"]])).toThrow(/Authorization header/);
    expect(() => buildQuery([["", "x"]])).toThrow(/empty/);
  });
  it("follows Magento's unanchored oauth_ rule: any name containing oauth_ + [a-z_-] is a protocol parameter", () => {
    expect(() => buildQuery([["my_oauth_token", "x"]])).toThrow(/Authorization header/);
    expect(
      buildQuery([
        ["oauth", "x"],
        ["oauth_", "y"],
        ["oauth_X", "z"],
      ]),
    ).toBe("oauth=x&oauth_=y&oauth_X=z");
  });
  it("refuses . or space in a name (PHP rewrites them to _, so family E signs another name)", () => {
    expect(() => buildQuery([["a.b", "1"]])).toThrow(/"\." or space/);
    expect(() => buildQuery([["my name", "1"]])).toThrow(QueryError);
    expect(buildQuery([["searchCriteria[filter_groups][0][filters][0][value]", "a.b c"]])).toContain("=a.b%20c");
  });
});

describe("assertSentAsSigned", () => {
  it("accepts what fetch sends unchanged", () => {
    expect(() =>
      assertSentAsSigned(
        "https://shop.example.com/index.php/rest/V1/products/ABC%2F10?searchCriteria%5BpageSize%5D=2&q=a%20b",
      ),
    ).not.toThrow();
  });
  it("refuses URLs the WHATWG parser rewrites: spaces, non-ASCII, dot segments", () => {
    for (const url of [
      "https://h/my shop/rest/V1/x",
      "https://h/bütik/rest/V1/x",
      "https://h/shop/../rest/V1/x",
      "https://h/a/%2e%2e/rest/V1/x",
    ]) {
      expect(() => assertSentAsSigned(url)).toThrow(UnsignableUrlError);
    }
    expect(() => assertSentAsSigned("https://h/my shop/rest/V1/x")).toThrow(
      /fetch would send https:\/\/h\/my%20shop\/rest\/V1\/x/,
    );
  });
});
