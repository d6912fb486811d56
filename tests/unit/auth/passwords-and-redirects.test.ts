import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword, isSameOriginRequest, signUpSchema } from "@magento-integration/handshake/auth";
import { safeNextPath } from "@/lib/kit";

describe("passwords", () => {
  it("hashes with scrypt and a per-user salt, verifies, rejects wrong passwords", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse battery", a)).toBe(true);
    expect(await verifyPassword("correct horse batterY", a)).toBe(false);
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
  });

  it("validates sign-up input", () => {
    expect(signUpSchema.safeParse({ email: " Me@Example.COM ", password: "long enough!" }).data?.email).toBe(
      "me@example.com",
    );
    expect(signUpSchema.safeParse({ email: "me@example.com", password: "short" }).success).toBe(false);
    expect(signUpSchema.safeParse({ email: "not-an-email", password: "long enough!" }).success).toBe(false);
  });
});

describe("same-origin check (CSRF)", () => {
  const h = (o: Record<string, string>) => new Headers(o);
  it("accepts same-origin fetch metadata or a matching Origin", () => {
    expect(isSameOriginRequest(h({ "sec-fetch-site": "same-origin" }), "http://app.test/logout")).toBe(true);
    expect(isSameOriginRequest(h({ origin: "http://app.test", host: "app.test" }), "http://app.test/logout")).toBe(
      true,
    );
  });
  it("refuses cross-site, missing or null origins", () => {
    expect(
      isSameOriginRequest(h({ "sec-fetch-site": "cross-site", origin: "http://app.test" }), "http://app.test/logout"),
    ).toBe(false);
    expect(isSameOriginRequest(h({ origin: "https://evil.test", host: "app.test" }), "http://app.test/logout")).toBe(
      false,
    );
    expect(isSameOriginRequest(h({ origin: "null" }), "http://app.test/logout")).toBe(false);
    expect(isSameOriginRequest(h({}), "http://app.test/logout")).toBe(false);
  });
});

describe("safeNextPath", () => {
  it.each([
    "//evil.example",
    "/\\evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "evil",
    "/a\nb",
    "/..//evil.example",
    "/x/../..//evil.example/path",
  ])("refuses %j", (p) => {
    expect(safeNextPath(p)).toBe("/stores");
  });
  it("keeps same-site paths", () => {
    expect(safeNextPath("/integration/identity?oauth_consumer_key=a&success_call_back=b")).toBe(
      "/integration/identity?oauth_consumer_key=a&success_call_back=b",
    );
    expect(safeNextPath("/stores/abc/../def?x=1#top")).toBe("/stores/def?x=1#top"); // what the browser would resolve
  });
});
