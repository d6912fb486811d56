/**
 * The one strict URL parser (packages/client/src/net/strict-url.ts) and its callers: store_base_url, success_call_back, the admin
 * origin and the portal URL refuse the same parser tricks, each in its own words.
 */
import { describe, expect, it } from "vitest";
import { parseStrictUrl, type UrlProblem } from "@magento-integration/client/net";
import {
  normaliseStoreBaseUrl,
  successCallbackOrigin,
  validateSuccessCallback,
  parseAdminOrigin,
} from "@magento-integration/handshake";
import { portalConfigSchema } from "@magento-integration/handshake/portal";

describe("parseStrictUrl", () => {
  it.each<[string, UrlProblem]>([
    [`https://shop.example.com/${"a".repeat(100)}`, "too_long"],
    ["https://shop.example.com/\tx", "bad_characters"],
    ["https://shop.exa\nmple.com/", "bad_characters"],
    [" https://shop.example.com/", "bad_characters"],
    ["https:\\\\evil.example/", "bad_characters"],
    ["https://shop.example.com\\@evil.example/", "bad_characters"],
    ["javascript:alert(1)", "not_http"],
    ["//evil.example/", "not_http"],
    ["http:///evil.example/", "not_http"],
    ["ftp://shop.example.com/", "not_http"],
    ["https://[::1/", "unparsable"],
    ["https://user:pw@shop.example.com/", "credentials"],
    ["https://shop.example.com@evil.example/", "credentials"],
    ["https://shop.example.com/#x", "fragment"],
    ["https://shop.example.com/#", "fragment"],
    ["https://shop.example.com/?", "query"],
    ["https://shop.example.com/?a=1", "query"],
    ["https://shop.example.com:0/", "port_zero"],
    ["https://shop.example.com:000/", "port_zero"],
    ["https://shop.example.com/a/../b/", "dot_segments"],
    ["https://shop.example.com/a/%2e%2e/b/", "dot_segments"],
    ["https://shop.example.com/./", "dot_segments"],
  ])("%j: %s", (raw, problem) => {
    expect(parseStrictUrl(raw, { maxLength: 100 })).toEqual({ ok: false, problem });
  });

  it("an origin only, when asked", () => {
    expect(parseStrictUrl("https://admin.example.com/x", { maxLength: 100, path: "none" })).toEqual({
      ok: false,
      problem: "path",
    });
    const r = parseStrictUrl("https://Admin.Example.com", { maxLength: 100, path: "none" });
    expect(r.ok && r.url.origin).toBe("https://admin.example.com");
  });

  it("the canonical form only, when asked", () => {
    for (const raw of [
      "https://SHOP.example.com/x/",
      "https://shop.example.com:443/x/",
      "https://shop.example.com/ü/",
    ]) {
      expect(parseStrictUrl(raw, { maxLength: 100, canonical: true })).toEqual({ ok: false, problem: "not_canonical" });
      expect(parseStrictUrl(raw, { maxLength: 100 }).ok).toBe(true);
    }
  });

  it("keeps what a store really sends", () => {
    for (const raw of [
      "https://shop.example.com/",
      "http://127.0.0.1:8080/index.php/",
      "https://shop.example.com/magento/index.php/",
    ]) {
      const r = parseStrictUrl(raw, { maxLength: 100 });
      expect(r.ok && r.url.href).toBe(raw);
    }
  });
});

describe("every caller refuses the parser's lenient forms", () => {
  // What `new URL()` alone would accept and silently rewrite into another host or path.
  const tricks = [
    "https://shop.exa\tmple.com/",
    "https://shop.example.com\\@evil.example/",
    "http:///shop.example.com/",
    "https://shop.example.com@evil.example/",
    "https://shop.example.com/x/..",
  ];
  it.each(tricks)("%j", (raw) => {
    expect(normaliseStoreBaseUrl(raw, { allowPrivate: true }).ok).toBe(false);
    expect(validateSuccessCallback(raw, ["https://shop.example.com"]).ok).toBe(false);
    expect(successCallbackOrigin(raw)).toBeNull();
    expect(parseAdminOrigin(raw).ok).toBe(false);
    expect(portalConfigSchema.safeParse({ baseUrl: raw, appId: "a", appSecret: "b" }).success).toBe(false);
  });

  it("says what to fix, in each caller's words", () => {
    expect(normaliseStoreBaseUrl("https://u:p@shop.example.com/", { allowPrivate: true })).toEqual({
      ok: false,
      reason: "must not contain a user name or password",
    });
    expect(validateSuccessCallback("https://u:p@shop.example.com/", [])).toEqual({
      ok: false,
      reason: "the return address contains a user name or password",
    });
    expect(parseAdminOrigin("https://u:p@admin.example.com")).toEqual({
      ok: false,
      error: "The origin must not contain a user name or password",
    });
    const portal = portalConfigSchema.safeParse({
      baseUrl: "https://u:p@portal.example.com/",
      appId: "a",
      appSecret: "b",
    });
    expect(portal.error?.issues[0]?.message).toBe("The portal URL must not contain a user name or password");
    expect(
      portalConfigSchema.safeParse({ baseUrl: "not a url", appId: "a", appSecret: "b" }).error?.issues[0]?.message,
    ).toBe("Enter the portal's http(s) base URL");
  });

  it("a success_call_back's origin is what the form-action policy allows", () => {
    expect(successCallbackOrigin("https://shop.example.com/admin/admin/integration/loginSuccessCallback/")).toBe(
      "https://shop.example.com",
    );
  });
});
