import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { randomToken, startHarness, type Harness } from "../helpers/handshake-harness";
import { PROVIDERS } from "../helpers/databases";
import {
  addManualStoreFor,
  KEY_TAKEN_MESSAGE,
  MAX_MANUAL_STORES_PER_ACCOUNT,
  probeWithClient,
  resealAllSecrets,
} from "@magento-integration/handshake";
import { signIn, signUp, SIGN_IN_RULES } from "@magento-integration/handshake/auth";
import { createSecretBox } from "@magento-integration/storage";

describe.each(PROVIDERS)("manual mode and accounts on %s", (provider) => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ provider });
  });
  afterEach(async () => {
    await h.close();
  });

  async function manualTokens() {
    const integ = await h.admin<{ id: number }>("POST", "/admin/api/integrations", {
      name: "Manual",
      resources: "all",
    });
    const r = await h.admin<{
      tokens: { consumer_key: string; consumer_secret: string; access_token: string; access_token_secret: string };
    }>("POST", `/admin/api/integrations/${integ.id}/activate`);
    return { id: integ.id, ...r.tokens };
  }

  describe("manual mode (four pasted tokens)", () => {
    it("verifies the tokens with one signed call before saving, then links the user", async () => {
      const t = await manualTokens();
      const user = await h.db.user.create({ data: { email: "m@example.com", passwordHash: "x" } });
      const deps = {
        storage: h.storage,
        box: h.deps.box,
        now: () => new Date(),
        allowPrivate: true,
        fetch: globalThis.fetch,
      };
      const input = {
        baseUrl: h.store.storeBaseUrl,
        consumerKey: t.consumer_key,
        consumerSecret: t.consumer_secret,
        accessToken: t.access_token,
        accessTokenSecret: t.access_token_secret,
      };

      const wrong = await addManualStoreFor(deps, user.id, { ...input, accessTokenSecret: randomToken() });
      expect(wrong.ok).toBe(false);
      if (!wrong.ok) expect(wrong.error).toMatch(/signature is invalid/i);
      expect(await h.db.installation.count()).toBe(0);

      const bad = await addManualStoreFor(deps, user.id, { ...input, consumerKey: "short" });
      expect(bad).toMatchObject({ ok: false, field: "consumerKey" });

      const ok = await addManualStoreFor(deps, user.id, input);
      expect(ok.ok).toBe(true);
      const inst = await h.installation(t.consumer_key);
      expect(inst).toMatchObject({ state: "active", mode: "manual" });
      expect(inst.accessTokenEnc).not.toContain(t.access_token);
      expect(await h.db.installationUser.count({ where: { userId: user.id } })).toBe(1);
      expect(inst.store.id).toBeTruthy();

      const client = await h.clientFor(t.consumer_key);
      const probe = await probeWithClient(h.storage, inst.id, client, () => new Date());
      expect(probe.ok).toBe(true);

      // the merchant revokes the token in the store: the probe reports it and the state follows
      h.drop = true;
      await h.admin("POST", `/admin/api/integrations/${t.id}/revoke`);
      const after = await probeWithClient(h.storage, inst.id, await h.clientFor(t.consumer_key), () => new Date());
      expect(after.ok).toBe(false);
      expect((await h.installation(t.consumer_key)).state).toBe("revoked");
    });

    it("one account holds at most a few manual stores (each one multiplies the export bounds); refreshing one still works", async () => {
      const user = await h.db.user.create({ data: { email: "many@example.com", passwordHash: "x" } });
      const deps = {
        storage: h.storage,
        box: h.deps.box,
        now: () => new Date(),
        allowPrivate: true,
        fetch: globalThis.fetch,
      };
      const inputs = [];
      for (let i = 0; i <= MAX_MANUAL_STORES_PER_ACCOUNT; i++) {
        const t = await manualTokens();
        inputs.push({
          baseUrl: h.store.storeBaseUrl,
          consumerKey: t.consumer_key,
          consumerSecret: t.consumer_secret,
          accessToken: t.access_token,
          accessTokenSecret: t.access_token_secret,
        });
      }
      for (const input of inputs.slice(0, MAX_MANUAL_STORES_PER_ACCOUNT))
        expect((await addManualStoreFor(deps, user.id, input)).ok).toBe(true);
      expect(await addManualStoreFor(deps, user.id, inputs.at(-1))).toMatchObject({
        ok: false,
        error: expect.stringMatching(/at most 5/),
      });
      expect(await h.db.installation.count({ where: { mode: "manual" } })).toBe(MAX_MANUAL_STORES_PER_ACCOUNT);
      expect((await addManualStoreFor(deps, user.id, inputs[0])).ok).toBe(true);
    });

    it("a known consumer key is only refreshed by a user already linked to it, on its store, with its secret", async () => {
      const t = await manualTokens();
      const owner = await h.db.user.create({ data: { email: "owner@example.com", passwordHash: "x" } });
      const intruder = await h.db.user.create({ data: { email: "intruder@example.com", passwordHash: "x" } });
      const deps = {
        storage: h.storage,
        box: h.deps.box,
        now: () => new Date(),
        allowPrivate: true,
        fetch: globalThis.fetch,
      };
      const input = {
        baseUrl: h.store.storeBaseUrl,
        consumerKey: t.consumer_key,
        consumerSecret: t.consumer_secret,
        accessToken: t.access_token,
        accessTokenSecret: t.access_token_secret,
      };
      expect((await addManualStoreFor(deps, owner.id, input)).ok).toBe(true);
      const before = await h.installation(t.consumer_key);

      // Another account, even with every right token, cannot attach itself to the installation…
      expect(await addManualStoreFor(deps, intruder.id, input)).toEqual({
        ok: false,
        field: "consumerKey",
        error: KEY_TAKEN_MESSAGE,
      });
      // …nor point it at its own "store" (here: a different base URL that would also answer).
      const elsewhere = { ...input, baseUrl: h.store.storeBaseUrl.replace("127.0.0.1", "localhost") };
      expect((await addManualStoreFor(deps, intruder.id, elsewhere)).ok).toBe(false);
      // The owner with another consumer secret is refused too (the store never changes an integration's secret).
      expect((await addManualStoreFor(deps, owner.id, { ...input, consumerSecret: randomToken() })).ok).toBe(false);
      expect(await h.db.installationUser.count({ where: { userId: intruder.id } })).toBe(0);
      const after = await h.installation(t.consumer_key);
      expect({ store: after.storeId, token: after.accessTokenEnc, secret: after.consumerSecretEnc }).toEqual({
        store: before.storeId,
        token: before.accessTokenEnc,
        secret: before.consumerSecretEnc,
      });
      // The owner pasting the same tokens again is fine (a refresh).
      expect((await addManualStoreFor(deps, owner.id, input)).ok).toBe(true);
    });

    it("refuses private store URLs when they are not allowed", async () => {
      const t = await manualTokens();
      const user = await h.db.user.create({ data: { email: "p@example.com", passwordHash: "x" } });
      const r = await addManualStoreFor(
        { storage: h.storage, box: h.deps.box, now: () => new Date(), allowPrivate: false, fetch: globalThis.fetch },
        user.id,
        {
          baseUrl: h.store.storeBaseUrl,
          consumerKey: t.consumer_key,
          consumerSecret: t.consumer_secret,
          accessToken: t.access_token,
          accessTokenSecret: t.access_token_secret,
        },
      );
      expect(r).toMatchObject({ ok: false, field: "baseUrl" });
    });
  });

  describe("accounts", () => {
    it("signs up, signs in, and slows repeated failures down instead of locking the account", async () => {
      const up = await signUp(h.storage, { email: "User@Example.com", password: "a long password" });
      expect(up.ok).toBe(true);
      expect((await signUp(h.storage, { email: "user@example.com", password: "another password" })).ok).toBe(false);
      expect(
        (await signIn(h.storage, { email: "user@example.com", password: "a long password" }, { ip: "198.51.100.1" }))
          .ok,
      ).toBe(true);
      const now = new Date();
      for (let i = 0; i < SIGN_IN_RULES.emailClient.free; i++) {
        const r = await signIn(
          h.storage,
          { email: "user@example.com", password: "wrong" },
          { ip: "198.51.100.1" },
          now,
        );
        expect(r).toMatchObject({ ok: false, error: "Email or password is wrong." });
      }
      // the next failure from that client sets a wait; attempts inside it are not even checked
      await signIn(h.storage, { email: "user@example.com", password: "wrong" }, { ip: "198.51.100.1" }, now);
      const slowed = await signIn(
        h.storage,
        { email: "user@example.com", password: "a long password" },
        { ip: "198.51.100.1" },
        now,
      );
      expect(slowed).toMatchObject({ ok: false, error: expect.stringMatching(/Wait \d+ seconds?/) });
      // …but the owner from another client is not slowed by those failures
      expect(
        (
          await signIn(
            h.storage,
            { email: "user@example.com", password: "a long password" },
            { ip: "198.51.100.2" },
            now,
          )
        ).ok,
      ).toBe(true);
      // and the first client may try again once its short wait is over
      const later = new Date(now.getTime() + SIGN_IN_RULES.emailClient.baseMs + 1);
      expect(
        (
          await signIn(
            h.storage,
            { email: "user@example.com", password: "a long password" },
            { ip: "198.51.100.1" },
            later,
          )
        ).ok,
      ).toBe(true);
      const row = await h.db.user.findUniqueOrThrow({ where: { email: "user@example.com" } });
      expect(row.passwordHash).not.toContain("a long password");
    });
  });

  describe("key rotation", () => {
    it("re-seals every stored secret with the new key; the old key can then be dropped", async () => {
      const integ = await h.createIntegration("Rotate");
      await h.activate(integ.id);
      await h.settle();
      const oldKey = { id: "t1", key: Buffer.alloc(32, 9) }; // the harness's key
      const newKey = { id: "t2", key: Buffer.alloc(32, 4) };
      const ring = createSecretBox([newKey, oldKey]);
      expect(await resealAllSecrets(h.storage, ring)).toBe(5); // installation: 3, activation: 2
      expect(await resealAllSecrets(h.storage, ring)).toBe(0);
      const inst = await h.installation(integ.consumer_key);
      const onlyNew = createSecretBox([newKey]);
      expect(inst.accessTokenEnc).toMatch(/^v1\.t2\./);
      const dev = await h.admin<{ access_token?: string }>("GET", `/admin/api/integrations/${integ.id}`);
      if (dev.access_token) expect(onlyNew.open(inst.accessTokenEnc!)).toBe(dev.access_token);
      expect(onlyNew.open(inst.consumerSecretEnc)).toBe(integ.consumer_secret);
    });
  });
});
