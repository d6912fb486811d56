/** The developer-portal secret never follows a changed base URL or app ID to another server. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PROVIDERS, freshDatabase, type TestDatabase } from "../helpers/databases";
import { createSecretBox } from "@magento-integration/storage";
import { createPortalAppStore, PortalSecretRequiredError } from "@magento-integration/handshake/portal";

describe.each(PROVIDERS)("portal settings on %s", (provider) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await freshDatabase(provider);
  });
  afterEach(async () => {
    await t.dispose();
  });

  it("a changed base URL or app ID requires the secret again; the same ones keep it", async () => {
    const user = await t.storage.users.create("dev@example.com", "x");
    const store = createPortalAppStore(t.storage.portalApps, createSecretBox([{ id: "t", key: Buffer.alloc(32, 3) }]));
    const base = { appId: "demo-app-id", baseUrl: "https://portal.example/", tokenPath: "/rest/v1/apps/session/token" };
    await store.save(user.id, { ...base, appSecret: "the-secret" });
    await store.save(user.id, { ...base, tokenPath: "/rest/v1/app/session/token" }); // same portal and app: kept
    expect((await store.config(user.id))?.appSecret).toBe("the-secret");
    await expect(store.save(user.id, { ...base, baseUrl: "https://attacker.invalid/" })).rejects.toBeInstanceOf(
      PortalSecretRequiredError,
    );
    await expect(store.save(user.id, { ...base, appId: "other-app" })).rejects.toBeInstanceOf(
      PortalSecretRequiredError,
    );
    expect((await store.config(user.id))?.baseUrl).toBe("https://portal.example/");
    await store.save(user.id, { ...base, baseUrl: "https://portal2.example/", appSecret: "second-secret" });
    expect(await store.config(user.id)).toMatchObject({
      baseUrl: "https://portal2.example/",
      appSecret: "second-secret",
    });
  });
});
