import { describe, expect, it } from "vitest";
import { validateSuccessCallback, parseAdminOrigin } from "@magento-integration/handshake";

const STORE = "https://shop.example.com";
const ok = [
  "https://shop.example.com/admin/admin/integration/loginSuccessCallback/",
  "https://shop.example.com/admin/admin/integration/loginSuccessCallback",
  "https://shop.example.com/backend_x1/admin/integration/loginSuccessCallback/key/0a1b2c3d4e5f6a7b8c9d/",
  "https://shop.example.com/index.php/admin/admin/integration/loginSuccessCallback/key/abc123/",
];

describe("validateSuccessCallback", () => {
  it.each(ok)("follows %s unchanged", (url) => {
    expect(validateSuccessCallback(url, [STORE])).toEqual({ ok: true, url });
  });

  it("accepts a configured admin origin on another host", () => {
    const url = "https://admin.example.com/admin/admin/integration/loginSuccessCallback/";
    expect(validateSuccessCallback(url, [STORE]).ok).toBe(false);
    expect(validateSuccessCallback(url, [STORE, "https://admin.example.com"]).ok).toBe(true);
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(document.domain)//admin/integration/loginSuccessCallback",
    "//evil.example/admin/integration/loginSuccessCallback/",
    "/admin/integration/loginSuccessCallback/",
    "https://evil.example/admin/integration/loginSuccessCallback/",
    "http://shop.example.com/admin/admin/integration/loginSuccessCallback/",
    "https://shop.example.com:8443/admin/admin/integration/loginSuccessCallback/",
    "https://shop.example.com.evil.example/admin/admin/integration/loginSuccessCallback/",
    "https://user:pw@shop.example.com/admin/admin/integration/loginSuccessCallback/",
    "https://shop.example.com@evil.example/admin/admin/integration/loginSuccessCallback/",
    "https://shop.example.com/admin/admin/integration/loginSuccessCallback/?next=https://evil.example",
    "https://shop.example.com/admin/admin/integration/loginSuccessCallback/#x",
    "https://shop.example.com/admin/admin/integration/loginSuccessCallbackX/",
    "https://shop.example.com/admin/admin/integration/loginSuccessCallback/key/../../../../evil",
    "https://shop.example.com/admin/admin/integration/loginSuccessCallback/key/a%2Fb/",
    "https://shop.example.com/customer/account/",
    "https://shop.example.com/a/../admin/integration/loginSuccessCallback/",
    "https://SHOP.example.com/admin/admin/integration/loginSuccessCallback/",
    "https:\\\\evil.example/admin/integration/loginSuccessCallback/",
    "https://shop.example.com\\@evil.example/admin/integration/loginSuccessCallback/",
    " https://shop.example.com/admin/admin/integration/loginSuccessCallback/",
    "https://shop.example.com/admin/admin/integration/loginSuccessCallback/\n",
    "data:text/html,<script>alert(1)</script>",
    "https://shop.example.com/" + "a/".repeat(1100) + "admin/integration/loginSuccessCallback/",
  ])("refuses %j", (url) => {
    const r = validateSuccessCallback(url, [STORE]);
    expect(r.ok).toBe(false);
  });
});

describe("parseAdminOrigin", () => {
  it("keeps only an origin", () => {
    expect(parseAdminOrigin("https://Admin.Example.com")).toEqual({ ok: true, origin: "https://admin.example.com" });
    expect(parseAdminOrigin("https://admin.example.com/")).toEqual({ ok: true, origin: "https://admin.example.com" });
    expect(parseAdminOrigin("")).toEqual({ ok: true, origin: null });
  });
  it.each([
    "javascript:alert(1)",
    "//admin.example.com",
    "https://admin.example.com/admin",
    "https://u@admin.example.com",
    "https://admin.example.com?x",
    "ftp://admin.example.com",
  ])("refuses %j", (v) => expect(parseAdminOrigin(v).ok).toBe(false));
});
