/**
 * The three client failures measured against a Magento-style verifier (docs/client-traps.md#measured-failures-of-other-node-clients), each as a case
 * the kit must pass. The expected signature always comes from the independent reference signer.
 */
import { describe, expect, it } from "vitest";
import { signRequest } from "../../src/oauth/index.ts";
import { refSign } from "../../../../tests/helpers/reference-oauth.ts";

const secrets = {
  consumerKey: "a6aa81cc3e65e2960a4879392445e718",
  consumerSecret: "uc83htqfl8q7uvq8qwjo67pfghvm8il2",
  token: "0lnuajnuzeei2o8xcddii5us77xnb6v0",
  tokenSecret: "1c6d2hycnir5ygf39fycs6zhtaagx8pd",
};
const oauthParams = {
  oauth_consumer_key: secrets.consumerKey,
  oauth_nonce: "kllo9940pd9333jh",
  oauth_signature_method: "HMAC-SHA256",
  oauth_timestamp: "1700000000",
  oauth_token: secrets.token,
  oauth_version: "1.0",
};
const sign = (url: string) =>
  signRequest({ method: "GET", url, secrets, nonce: "kllo9940pd9333jh", timestamp: 1700000000 });
const ref = (url: string) =>
  refSign({
    method: "GET",
    url,
    oauthParams,
    consumerSecret: secrets.consumerSecret,
    tokenSecret: secrets.tokenSecret,
  });

describe("@adobe/aio-commerce-lib-api: a date value with a space", () => {
  const field = "searchCriteria%5BfilterGroups%5D%5B0%5D%5Bfilters%5D%5B0%5D";
  const good = `https://shop.example.com/rest/V1/orders?${field}%5Bvalue%5D=2024-10-25%2000%3A00%3A00`;
  const plus = `https://shop.example.com/rest/V1/orders?${field}%5Bvalue%5D=2024-10-25+00%3A00%3A00`;

  it("a space sent as %20 is signed as %20 (encoded once more: %2520), never as +", () => {
    const signed = sign(good);
    expect(signed.baseString).toContain("2024-10-25%252000%253A00%253A00");
    expect(signed.baseString).not.toContain("%252B");
    expect(signed.signature).toBe(ref(good));
  });

  it("a URL that sends + signs a literal + (what Magento does), so it differs from the %20 form", () => {
    const signed = sign(plus);
    expect(signed.baseString).toContain("2024-10-25%252B00");
    expect(signed.signature).toBe(ref(plus));
    expect(signed.signature).not.toBe(sign(good).signature);
  });
});

describe("magento-api-rest: ?searchCriteria without = on a plain GET", () => {
  it("a query part without = is not signed, so it equals the bare URL", () => {
    const bare = "https://shop.example.com/rest/V1/products";
    const stray = `${bare}?searchCriteria`;
    const signed = sign(stray);
    expect(signed.baseString).not.toContain("searchCriteria");
    expect(signed.signature).toBe(sign(bare).signature);
    expect(signed.signature).toBe(ref(stray));
  });

  it("a part with two = is dropped too; a repeated name keeps only the last value", () => {
    const signed = sign("https://shop.example.com/rest/V1/products?a=b=c&x=1&x=2");
    expect(signed.baseString).not.toContain("a%3D");
    expect(signed.baseString).toContain("x%3D2");
    expect(signed.baseString).not.toContain("x%3D1");
  });
});

describe("got + oauth-1.0a: bracket names percent-encoded in the URL", () => {
  it("signs the decoded flat name (once-encoded in the parameter string)", () => {
    const url =
      "https://shop.example.com/rest/V1/products?searchCriteria%5BpageSize%5D=2&searchCriteria%5BcurrentPage%5D=1";
    const signed = sign(url);
    expect(signed.baseString).toContain("searchCriteria%255BpageSize%255D%3D2");
    expect(signed.baseString).not.toContain("%25255B");
    expect(signed.signature).toBe(ref(url));
  });

  it("with indices >= 10 next to 2..9, orders them naturally", () => {
    const names = [10, 2, 9].map((i) => `searchCriteria%5BsortOrders%5D%5B${i}%5D%5Bfield%5D=f${i}`);
    const url = `https://shop.example.com/rest/V1/products?${names.join("&")}`;
    const signed = sign(url);
    const i2 = signed.baseString.indexOf("%255B2%255D");
    const i9 = signed.baseString.indexOf("%255B9%255D");
    const i10 = signed.baseString.indexOf("%255B10%255D");
    expect(i2).toBeGreaterThan(0);
    expect(i2).toBeLessThan(i9);
    expect(i9).toBeLessThan(i10);
    expect(signed.signature).toBe(ref(url));
  });
});

describe("why packages/client/src/oauth does not use oauth-1.0a's base string", () => {
  it("oauth-1.0a signs percent-encoded bracket names undecoded, so vector V1 fails with it", async () => {
    const { default: OAuth } = await import("oauth-1.0a");
    const { createHmac } = await import("node:crypto");
    const oauth = new OAuth({
      consumer: { key: secrets.consumerKey, secret: secrets.consumerSecret },
      signature_method: "HMAC-SHA256",
      hash_function: (base, key) => createHmac("sha256", key).update(base).digest("base64"),
    });
    const url = "https://shop.example.com/rest/V1/products?searchCriteria%5BpageSize%5D=2";
    const theirs = oauth.getBaseString({ method: "GET", url }, { ...oauthParams, oauth_timestamp: 1700000000 });
    expect(theirs).toContain("searchCriteria%25255BpageSize%25255D");
    expect(sign(url).baseString).toContain("searchCriteria%255BpageSize%255D%3D2");
    expect(sign(url).signature).toBe("EzCFxS87gczSs1i3zIyYuj42OUuDbq5KAsDAKM+75+8=");
  });
});
