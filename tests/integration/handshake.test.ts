import { consumerKeyRef, completeIdentityFor } from "@magento-integration/handshake";
import { createServer, type Server } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { randomToken, startHarness, type Harness } from "../helpers/handshake-harness";
import { PROVIDERS } from "../helpers/databases";
import { listenLocal } from "../helpers/servers";
import { followLinkRequestMail } from "../helpers/link-request-mail";

/** A forger's own "store": answers both token endpoints with fresh tokens, whatever the signature. */
async function startForgerStore(): Promise<{ url: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? "");
    res
      .writeHead(200, { "Content-Type": "text/html" })
      .end(`oauth_token=${randomToken()}&oauth_token_secret=${randomToken()}`);
  });
  const port = await listenLocal(server);
  return {
    url: `http://127.0.0.1:${port}/`,
    hits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.each(PROVIDERS)("handshake on %s", (provider) => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ provider });
  });
  afterEach(async () => {
    await h.close();
  });

  /** Consent for the newest activation of the key, given now (what signing in inside its popup records). */
  async function consentFor(consumerKey: string) {
    const a = await h.db.activation.findFirstOrThrow({
      where: { installation: { consumerKey } },
      orderBy: { seq: "desc" },
    });
    return { consent: { activationId: a.id, at: Date.now() }, fromAdminPopup: true };
  }

  async function activated(name = "Kit") {
    const integ = await h.createIntegration(name);
    const act = await h.activate(integ.id);
    await h.settle();
    return { integ, act };
  }

  describe("handshake against the dev store", () => {
    it("happy path: callback answered 200, exchange within the window, tokens encrypted, integration Active, signed call works", async () => {
      const { integ, act } = await activated();
      expect(act.callback?.status).toBe(200);
      const inst = await h.installation(integ.consumer_key);
      expect(inst.state).toBe("active");
      expect(inst.mode).toBe("oauth");
      expect(inst.accessTokenEnc).toMatch(/^v1\.t1\./);
      expect(inst.store.baseUrl).toBe(h.store.storeBaseUrl);
      const dev = await h.admin<{ status: string; access_token?: string }>(
        "GET",
        `/admin/api/integrations/${integ.id}`,
      );
      expect(dev.status).toBe("Active");
      if (dev.access_token) expect(h.deps.box.open(inst.accessTokenEnc!)).toBe(dev.access_token);
      expect(JSON.stringify(inst)).not.toContain(integ.consumer_secret);

      const client = await h.clientFor(integ.consumer_key);
      const res = await client.request<unknown[]>({ method: "GET", path: "/V1/store/storeViews" });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.data)).toBe(true);

      const kinds = (
        await h.db.installationEvent.findMany({ where: { installationId: inst.id }, orderBy: { id: "asc" } })
      ).map((e) => e.kind);
      // the first health probe runs as its own job right after the activation
      expect(kinds).toEqual(["callback", "exchange_started", "request_token", "activated", "probe_ok"]);
      const a = await h.db.activation.findFirstOrThrow({ where: { installationId: inst.id } });
      expect(a.state).toBe("succeeded");
      expect(a.requestTokenAt!.getTime() - a.callbackAt.getTime()).toBeLessThan(300_000);
    });

    it("bad callback bodies get 400 naming the field and write nothing", async () => {
      const r = await h.postCallback(
        `oauth_consumer_key=${randomToken()}&oauth_consumer_secret=short&store_base_url=${encodeURIComponent(h.store.storeBaseUrl)}&oauth_verifier=${randomToken()}`,
      );
      expect(r.status).toBe(400);
      expect(r.text).toContain("oauth_consumer_secret");
      expect(await h.db.installation.count()).toBe(0);
      expect(await h.db.store.count()).toBe(0);
    });

    it("hostile callback bodies: every one refused with 400, nothing written", async () => {
      const ok = {
        oauth_consumer_key: randomToken(),
        oauth_consumer_secret: randomToken(),
        store_base_url: h.store.storeBaseUrl,
        oauth_verifier: randomToken(),
      };
      const bodies = [
        "",
        "garbage",
        new URLSearchParams({ ...ok, oauth_consumer_key: "A".repeat(32) }).toString(),
        new URLSearchParams({ ...ok, oauth_verifier: "x".repeat(5000) }).toString(),
        new URLSearchParams({ ...ok, store_base_url: "javascript:alert(1)" }).toString(),
        new URLSearchParams({ ...ok, store_base_url: "//evil.example/" }).toString(),
        new URLSearchParams({ ...ok, store_base_url: "http://user:pw@127.0.0.1/" }).toString(),
        new URLSearchParams({ ...ok, oauth_consumer_key_secret: randomToken() }).toString(),
        new URLSearchParams({ ...ok }).toString() + `&oauth_consumer_key=${randomToken()}`,
        new URLSearchParams({
          oauth_consumer_key: ok.oauth_consumer_key,
          store_base_url: ok.store_base_url,
          oauth_verifier: ok.oauth_verifier,
        }).toString(),
      ];
      for (const body of bodies) {
        const r = await h.postCallback(body);
        expect(r.status, body.slice(0, 80)).toBe(400);
      }
      expect(await h.db.installation.count()).toBe(0);
      expect(await h.db.activation.count()).toBe(0);
      expect(await h.db.store.count()).toBe(0);
    });

    it("Reauthorize: the old token dies, the new exchange replaces the credentials", async () => {
      const { integ } = await activated();
      const before = await h.installation(integ.consumer_key);
      const oldClient = await h.clientFor(integ.consumer_key);
      await h.reauthorize(integ.id);
      await h.settle();
      const after = await h.installation(integ.consumer_key);
      expect(after.state).toBe("active");
      expect(after.credentialsSeq).toBe(2);
      expect(h.deps.box.open(after.accessTokenEnc!)).not.toBe(h.deps.box.open(before.accessTokenEnc!));
      await expect(oldClient.request({ method: "GET", path: "/V1/store/storeViews" })).rejects.toMatchObject({
        status: 401,
      });
      const fresh = await h.clientFor(integ.consumer_key);
      expect((await fresh.request({ method: "GET", path: "/V1/store/storeViews" })).status).toBe(200);
      expect((await h.installation(integ.consumer_key)).state).toBe("active");
    });

    it("a Reauthorize the app never saw: the next call marks needs_reauthorization", async () => {
      const { integ } = await activated();
      const client = await h.clientFor(integ.consumer_key);
      h.drop = true;
      await h.reauthorize(integ.id);
      await expect(client.request({ method: "GET", path: "/V1/store/storeViews" })).rejects.toMatchObject({
        status: 401,
      });
      const inst = await h.installation(integ.consumer_key);
      expect(inst.state).toBe("needs_reauthorization");
      expect(inst.failureReason).toBe("token_missing");
    });

    it("revoked token and deleted integration mark the installation revoked", async () => {
      const one = await activated("One");
      const two = await activated("Two");
      await h.admin("POST", `/admin/api/integrations/${one.integ.id}/revoke`);
      const c1 = await h.clientFor(one.integ.consumer_key);
      await expect(c1.request({ method: "GET", path: "/V1/store/storeViews" })).rejects.toMatchObject({ status: 401 });
      expect((await h.installation(one.integ.consumer_key)).state).toBe("revoked");

      await h.admin("DELETE", `/admin/api/integrations/${two.integ.id}`);
      const c2 = await h.clientFor(two.integ.consumer_key);
      await expect(c2.request({ method: "GET", path: "/V1/store/storeViews" })).rejects.toMatchObject({ status: 401 });
      expect((await h.installation(two.integ.consumer_key)).state).toBe("revoked");
    });

    it("a forged callback for an active installation leaves its credentials untouched", async () => {
      const { integ } = await activated();
      const before = await h.installation(integ.consumer_key);
      const forged = new URLSearchParams({
        oauth_consumer_key: integ.consumer_key,
        oauth_consumer_secret: randomToken(),
        store_base_url: h.store.storeBaseUrl,
        oauth_verifier: randomToken(),
      });
      const refused = await h.postCallback(forged.toString());
      expect(refused).toEqual({ status: 200, text: "ok" }); // refused silently: the answer says nothing about the key
      // and one pointing at the attacker's own "store", which would answer the token exchange
      const forger = await startForgerStore();
      forged.set("store_base_url", forger.url);
      forged.set("oauth_verifier", randomToken());
      expect((await h.postCallback(forged.toString())).status).toBe(200);
      expect(await h.settle()).toEqual([]);
      expect(forger.hits).toEqual([]); // never even contacted
      await forger.close();
      expect(await h.db.activation.count({ where: { installation: { consumerKey: integ.consumer_key } } })).toBe(1);
      const refusals = await h.db.installationEvent.findMany({
        where: { installationId: before.id, kind: "callback_refused" },
      });
      expect(refusals.map((e) => e.count)).toEqual([2]); // folded into one row

      const after = await h.installation(integ.consumer_key);
      expect(after.state).toBe("active");
      expect(after.accessTokenEnc).toBe(before.accessTokenEnc);
      expect(after.accessTokenSecretEnc).toBe(before.accessTokenSecretEnc);
      expect(after.consumerSecretEnc).toBe(before.consumerSecretEnc);
      expect(after.storeId).toBe(before.storeId);
      const client = await h.clientFor(integ.consumer_key);
      expect((await client.request({ method: "GET", path: "/V1/store/storeViews" })).status).toBe(200);
    });

    it("consumer expired: an exchange later than the store's 300 s window fails with the store's message", async () => {
      const integ = await h.createIntegration("Late");
      h.hold();
      await h.activate(integ.id);
      await h.admin("POST", "/admin/api/clock", { offsetSeconds: 400 });
      h.release();
      const [o] = await h.settle();
      expect(o).toMatchObject({ kind: "failed", reason: "consumer_expired", storeMessage: "Consumer key has expired" });
      const inst = await h.installation(integ.consumer_key);
      expect(inst.state).toBe("failed");
      expect(inst.failureReason).toBe("consumer_expired");
      const ev = await h.db.installationEvent.findFirstOrThrow({
        where: { installationId: inst.id, kind: "exchange_failed" },
      });
      expect(ev.storeMessage).toBe("Consumer key has expired");
    });

    it("store down during the exchange: failed(store_unreachable) with the reason recorded", async () => {
      const integ = await h.createIntegration("Down");
      h.hold();
      await h.activate(integ.id);
      const url = h.store.url;
      await h.store.close();
      h.release();
      const [o] = await h.settle();
      expect(o).toMatchObject({ kind: "failed", reason: "store_unreachable" });
      const inst = await h.installation(integ.consumer_key);
      expect(inst.state).toBe("failed");
      expect(inst.failureReason).toBe("store_unreachable");
      const ev = await h.db.installationEvent.findFirstOrThrow({
        where: { installationId: inst.id, kind: "exchange_failed" },
      });
      expect(ev.message).toContain("The store could not be reached");
      expect(url).toBeTruthy();
    });

    it("wrong verifier: the access step fails with the store's message, nothing becomes active", async () => {
      const integ = await h.createIntegration("Verifier");
      h.mutate = (f) => {
        f.set("oauth_verifier", randomToken());
        return f;
      };
      await h.activate(integ.id);
      const [o] = await h.settle();
      expect(o).toMatchObject({ kind: "failed", reason: "verifier_invalid" });
      if (o?.kind === "failed") expect(o.storeMessage).toMatch(/verifier/i);
      const inst = await h.installation(integ.consumer_key);
      expect(inst.state).toBe("failed");
      expect(inst.accessTokenEnc).toBeNull();
      const a = await h.db.activation.findFirstOrThrow({ where: { installationId: inst.id } });
      expect(a.requestTokenAt).not.toBeNull();
      expect(a.accessTokenAt).toBeNull();
      const dev = await h.admin<{ status: string }>("GET", `/admin/api/integrations/${integ.id}`);
      expect(dev.status).toBe("Inactive");
    });

    it("identity: links one account per activation, follows only the store's loginSuccessCallback", async () => {
      const { integ, act } = await activated();
      const popup = new URL(act.identity_url!);
      const query = {
        oauth_consumer_key: popup.searchParams.get("oauth_consumer_key")!,
        success_call_back: popup.searchParams.get("success_call_back")!,
      };
      expect(query.oauth_consumer_key).toBe(integ.consumer_key);
      const alice = await h.db.user.create({ data: { email: "alice@example.com", passwordHash: "x" } });
      const bob = await h.db.user.create({ data: { email: "bob@example.com", passwordHash: "x" } });

      expect(await completeIdentityFor(h.deps, query, null)).toEqual({ kind: "sign_in_required" });
      // A GET alone never links: the user must have signed in inside the popup or confirmed the link.
      expect(await completeIdentityFor(h.deps, query, alice.id)).toMatchObject({
        kind: "confirm_link",
        storeUrl: h.store.storeBaseUrl,
      });
      expect(await h.db.installationUser.count()).toBe(0);
      const first = await completeIdentityFor(h.deps, query, alice.id, await consentFor(query.oauth_consumer_key));
      expect(first).toMatchObject({ kind: "redirect", url: query.success_call_back });
      // twice, already linked, from the admin popup: harmless
      expect(await completeIdentityFor(h.deps, query, alice.id, { fromAdminPopup: true })).toMatchObject({
        kind: "redirect",
      });
      // another account now only files a request that a linked user answers
      expect(
        await completeIdentityFor(h.deps, query, bob.id, await consentFor(query.oauth_consumer_key)),
      ).toMatchObject({ kind: "link_requested", state: "verify_sent" });
      // filed once bob follows the link mailed to his address
      expect(await followLinkRequestMail(h.storage, "bob@example.com")).toMatchObject({ ok: true, state: "pending" });
      expect(
        await completeIdentityFor(h.deps, query, bob.id, await consentFor(query.oauth_consumer_key)),
      ).toMatchObject({ kind: "link_requested", state: "pending" });
      expect(await h.db.installationUser.count()).toBe(1);

      const evil = await completeIdentityFor(
        h.deps,
        { ...query, success_call_back: "https://evil.example/admin/admin/integration/loginSuccessCallback/" },
        alice.id,
      );
      expect(evil.kind).toBe("refused_redirect");
      const js = await completeIdentityFor(h.deps, { ...query, success_call_back: "javascript:alert(1)" }, alice.id);
      expect(js.kind).toBe("refused_redirect");
      expect(await completeIdentityFor(h.deps, { ...query, oauth_consumer_key: randomToken() }, alice.id)).toEqual({
        kind: "unknown_key",
      });
      expect((await completeIdentityFor(h.deps, { ...query, oauth_consumer_key: "nope" }, alice.id)).kind).toBe(
        "invalid",
      );
    });

    it("identity waits while the callback is queued, then reports a failure with the store's words", async () => {
      const integ = await h.createIntegration("Wait");
      h.hold();
      const act = await h.activate(integ.id);
      const popup = new URL(act.identity_url!);
      const query = Object.fromEntries(popup.searchParams) as { oauth_consumer_key: string; success_call_back: string };
      const user = await h.db.user.create({ data: { email: "w@example.com", passwordHash: "x" } });
      const queued = {
        callbackQueued: (key: string) => h.kit.jobs.queue.hasOpen("handshake.callback", consumerKeyRef(key)),
      };
      expect(await completeIdentityFor(h.deps, query, user.id, queued)).toMatchObject({
        kind: "waiting",
        state: "received",
      });
      // before signing in too: the popup waits for the recording instead of calling the key unknown
      expect(await completeIdentityFor(h.deps, query, null, queued)).toMatchObject({
        kind: "waiting",
        state: "received",
      });
      await h.admin("POST", "/admin/api/clock", { offsetSeconds: 1000 });
      h.release();
      await h.settle();
      expect(
        await completeIdentityFor(h.deps, query, user.id, await consentFor(query.oauth_consumer_key)),
      ).toMatchObject({
        kind: "failed",
        reason: "consumer_expired",
        storeMessage: "Consumer key has expired",
      });
    });
    it("a Reauthorize whose callback still waits in the queue: the merchant's popup waits for its exchange instead of returning at once", async () => {
      const { integ, act } = await activated();
      const query = Object.fromEntries(new URL(act.identity_url!).searchParams) as {
        oauth_consumer_key: string;
        success_call_back: string;
      };
      const merchant = await h.db.user.create({ data: { email: "m@example.com", passwordHash: "x" } });
      expect(
        await completeIdentityFor(h.deps, query, merchant.id, await consentFor(query.oauth_consumer_key)),
      ).toMatchObject({ kind: "redirect" });
      const queued = {
        fromAdminPopup: true,
        callbackQueued: (key: string) => h.kit.jobs.queue.hasOpen("handshake.callback", consumerKeyRef(key)),
      };
      h.hold();
      expect((await h.reauthorize(integ.id)).callback?.status).toBe(200);
      // the store's grid reloads when the popup returns: returning now would show the integration Inactive
      expect(await completeIdentityFor(h.deps, query, merchant.id, queued)).toMatchObject({
        kind: "waiting",
        state: "received",
      });
      h.release();
      await h.settle();
      expect(await completeIdentityFor(h.deps, query, merchant.id, queued)).toMatchObject({
        kind: "redirect",
        url: query.success_call_back,
      });
      expect((await h.admin<{ status: string }>("GET", `/admin/api/integrations/${integ.id}`)).status).toBe("Active");
    });
  });

  describe("identity claim window", () => {
    it("an activation older than 30 minutes links no new account", async () => {
      const integ = await h.createIntegration("Old");
      const act = await h.activate(integ.id);
      await h.settle();
      const query = Object.fromEntries(new URL(act.identity_url!).searchParams) as {
        oauth_consumer_key: string;
        success_call_back: string;
      };
      const user = await h.db.user.create({ data: { email: "late@example.com", passwordHash: "x" } });
      const later = { ...h.deps, now: () => new Date(Date.now() + 31 * 60 * 1000) };
      const { consent } = await consentFor(query.oauth_consumer_key);
      expect(
        await completeIdentityFor(later, query, user.id, { consent: { ...consent, at: later.now().getTime() } }),
      ).toMatchObject({ kind: "claim_expired" });
      expect(await h.db.installationUser.count()).toBe(0);
    });
  });

  describe("recovery", () => {
    it("a successful signed call with the same credentials clears a stale needs_reauthorization", async () => {
      const { integ } = await activated();
      const inst = await h.installation(integ.consumer_key);
      await h.db.installation.update({
        where: { id: inst.id },
        data: { state: "needs_reauthorization", failureReason: "token_missing" },
      });
      const client = await h.clientFor(integ.consumer_key);
      expect((await client.request({ method: "GET", path: "/V1/store/storeViews" })).status).toBe(200);
      const after = await h.installation(integ.consumer_key);
      expect(after.state).toBe("active");
      expect(after.failureReason).toBeNull();
      expect(await h.db.installationEvent.count({ where: { installationId: inst.id, kind: "recovered" } })).toBe(1);
    });
  });
});
