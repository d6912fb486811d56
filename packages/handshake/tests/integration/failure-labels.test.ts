import { describe, expect, it } from "vitest";
import { classifyHandshakeError, reasonFromStoreMessage, MagentoOAuthError } from "@magento-integration/client";
import { normaliseStoreBaseUrl, parseAdminOrigin } from "@magento-integration/handshake";
import { assertPublicStoreHost } from "@magento-integration/client/net";
import { portalConfigSchema } from "@magento-integration/handshake/portal";

describe("failure labels", () => {
  it.each([
    ["consumer_key_expired", "consumer_expired"],
    ["Consumer key has expired", "consumer_expired"],
    ["consumer_key_rejected", "consumer_missing"],
    ["signature_invalid", "signature_invalid"],
    ["token_revoked", "token_revoked"],
  ])("oauth_problem=%s is labelled %s", (problem, reason) => {
    expect(reasonFromStoreMessage(problem)).toBe(reason);
    const refused = new MagentoOAuthError({
      status: 401,
      kind: "oauth_problem",
      storeMessage: problem,
      code: "other",
      url: "https://shop.test/oauth/token/request",
    });
    expect(classifyHandshakeError(refused).reason).toBe(reason);
  });

  it("a DNS failure is 'unreachable', a private answer is 'private address'", async () => {
    const nx = await assertPublicStoreHost("https://shop.invalid/", {
      allowPrivate: false,
      lookup: async () => {
        throw Object.assign(new Error("getaddrinfo ENOTFOUND shop.invalid"), { code: "ENOTFOUND" });
      },
    });
    expect(nx).toMatchObject({ ok: false, kind: "unresolvable" });
    const priv = await assertPublicStoreHost("https://shop.test/", {
      allowPrivate: false,
      lookup: async () => [{ address: "10.0.0.5", family: 4 }],
    });
    expect(priv).toMatchObject({ ok: false, kind: "private" });
  });
});

describe("port 0", () => {
  it("is refused in store_base_url, the admin origin and the portal URL", () => {
    for (const url of ["http://shop.test:0/", "https://shop.test:00/"]) {
      expect(normaliseStoreBaseUrl(url, { allowPrivate: true })).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/port 0/),
      });
    }
    expect(normaliseStoreBaseUrl("http://shop.test:8080/", { allowPrivate: true }).ok).toBe(true);
    expect(parseAdminOrigin("https://admin.test:0").ok).toBe(false);
    expect(
      portalConfigSchema.safeParse({ baseUrl: "https://portal.test:0/", appId: "a", appSecret: "b" }).success,
    ).toBe(false);
  });
});
