/**
 * The first callback for a consumer key binds it to that store base URL and consumer secret (docs/security.md).
 * Each test replays an attack that once took an installation over, and checks it now gets nowhere.
 */
import { createServer, type Server } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { randomToken, startHarness, type Harness } from "../helpers/handshake-harness";
import { PROVIDERS } from "../helpers/databases";
import { followLinkRequestMail } from "../helpers/link-request-mail";
import {
  pruneUnproven,
  UNPROVEN_TTL_MS,
  MemoryCallbackLimiter,
  SharedCallbackLimiter,
} from "@magento-integration/handshake";
import { listenLocal } from "../helpers/servers";

/** A forger's own "store": counts hits, answers what `answer` says (fresh tokens by default). */
async function startForgerStore(answer?: (url: string) => { status: number; body: string }) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? "");
    const a = answer?.(req.url ?? "") ?? {
      status: 200,
      body: `oauth_token=${randomToken()}&oauth_token_secret=${randomToken()}`,
    };
    res.writeHead(a.status, { "Content-Type": "text/plain" }).end(a.body);
  });
  const port = await listenLocal(server);
  return {
    url: `http://127.0.0.1:${port}/`,
    hits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.each(PROVIDERS)("takeover paths on %s", (provider) => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ provider });
  });
  afterEach(async () => {
    await h.close();
  });

  function forgedBody(real: string, storeBaseUrl: string): string {
    const f = new URLSearchParams(real);
    f.set("oauth_consumer_secret", randomToken());
    f.set("oauth_verifier", randomToken());
    f.set("store_base_url", storeBaseUrl);
    return f.toString();
  }

  async function expectBoundToRealStore(consumerKey: string, integId: number) {
    const inst = await h.installation(consumerKey);
    expect(inst.store.baseUrl).toBe(h.store.storeBaseUrl);
    // the real store's Reauthorize (same secret, same URL) is still accepted and works
    const re = await h.reauthorize(integId);
    expect(re.callback?.status).toBe(200);
    await h.settle();
    const after = await h.installation(consumerKey);
    expect(after.state).toBe("active");
    expect(after.store.baseUrl).toBe(h.store.storeBaseUrl);
    const client = await h.clientFor(consumerKey);
    expect((await client.request({ method: "GET", path: "/V1/store/storeViews" })).status).toBe(200);
  }

  describe("the first callback binds the consumer key", () => {
    it("a forged callback during a slow first exchange is refused; the real store keeps the installation", async () => {
      const forger = await startForgerStore();
      // the real store's token endpoint answers only when released: the first exchange is running meanwhile.
      // The exchange runs as a job through the kit's own token calls, so the kit is rebuilt with the gated one.
      let releaseStore!: () => void;
      const storeGate = new Promise<void>((r) => (releaseStore = r));
      const { fetchRequestToken: real, fetchAccessToken } = h.deps.handshake;
      await h.close();
      h = await startHarness({
        provider,
        kit: {
          handshake: {
            fetchAccessToken,
            fetchRequestToken: async (o) =>
              o.storeBaseUrl === h.store.storeBaseUrl ? (await storeGate, real(o)) : real(o),
          },
        },
      });
      const integ = await h.createIntegration("Slow first");
      await h.activate(integ.id);
      await expect.poll(async () => (await h.db.activation.findFirst())?.state).toBe("exchanging");

      const forged = await h.postCallback(forgedBody(h.bodies[0]!, forger.url));
      expect(forged).toEqual({ status: 200, text: "ok" }); // the answer of any accepted callback: nothing says the key exists
      releaseStore();
      await h.settle();
      expect(forger.hits).toEqual([]);
      expect(await h.db.activation.count()).toBe(1);
      await expectBoundToRealStore(integ.consumer_key, integ.id);
      await forger.close();
    });

    it("a forged callback after the first exchange failed is refused; the real store's Reauthorize still works", async () => {
      const forger = await startForgerStore();
      const integ = await h.createIntegration("Failed first");
      h.hold();
      await h.activate(integ.id);
      await h.admin("POST", "/admin/api/clock", { offsetSeconds: 400 }); // the exchange starts too late: the store refuses it
      h.release();
      expect((await h.settle())[0]).toMatchObject({ kind: "failed", reason: "consumer_expired" });
      await h.admin("POST", "/admin/api/clock", { offsetSeconds: 0 });

      expect((await h.postCallback(forgedBody(h.bodies[0]!, forger.url))).status).toBe(200);
      // the same secret from another URL, or another secret from the same URL: refused too
      const sameSecretElsewhere = new URLSearchParams(h.bodies[0]!);
      sameSecretElsewhere.set("store_base_url", forger.url);
      expect((await h.postCallback(sameSecretElsewhere.toString())).status).toBe(200);
      expect((await h.postCallback(forgedBody(h.bodies[0]!, h.store.storeBaseUrl))).status).toBe(200);
      expect(await h.settle()).toEqual([]);
      expect(forger.hits).toEqual([]);
      expect(await h.db.activation.count()).toBe(1);
      await expectBoundToRealStore(integ.consumer_key, integ.id);
      await forger.close();
    });

    it("a refused callback answers exactly like an accepted one and forgeries fold into one event row", async () => {
      const integ = await h.createIntegration("Quiet");
      await h.activate(integ.id);
      await h.settle();
      const inst = await h.installation(integ.consumer_key);
      const fresh = await h.postCallback(
        forgedBody(h.bodies[0]!, h.store.storeBaseUrl).replace(
          /oauth_consumer_key=[0-9a-z]+/,
          `oauth_consumer_key=${randomToken()}`,
        ),
      );
      const refused = [];
      for (let i = 0; i < 25; i++) refused.push(await h.postCallback(forgedBody(h.bodies[0]!, h.store.storeBaseUrl)));
      for (const r of refused) expect(r).toEqual(fresh);
      await h.settle(); // the callback jobs record (and refuse) them
      const rows = await h.db.installationEvent.findMany({
        where: { installationId: inst.id, kind: "callback_refused" },
      });
      expect(rows).toHaveLength(1);
      expect(rows[0]!.count).toBe(25);
      await h.settle();
    });

    // PostgreSQL: the budget lives in the database, shared by every app instance; SQLite: in the one process.
    // Windows of a day: a test never straddles one (fixed windows start afresh at each boundary).
    const DAY_MS = 24 * 3600 * 1000;
    const limiterFor = (limits: { perKey: number; perClient: number; windowMs: number }) =>
      provider === "postgresql"
        ? new SharedCallbackLimiter(h.storage.rateWindows, limits)
        : new MemoryCallbackLimiter(limits);

    it("callbacks are rate-limited per consumer key and secret, and per client, before anything is written", async () => {
      const limited = await startHarness({
        provider,
        kit: { callbackLimiter: limiterFor({ perKey: 5, perClient: 8, windowMs: DAY_MS }) },
      });
      try {
        const key = randomToken();
        const secret = randomToken();
        const body = () =>
          new URLSearchParams({
            oauth_consumer_key: key,
            oauth_consumer_secret: secret,
            store_base_url: "http://shop.invalid/",
            oauth_verifier: randomToken(),
          });
        const statuses = [];
        for (let i = 0; i < 7; i++)
          statuses.push((await limited.kit.handshake.receiveCallback(body(), { clientIp: "198.51.100.1" })).status);
        expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
        await limited.settle();
        expect(await limited.db.activation.count()).toBe(5); // one per accepted callback; the two refused wrote nothing
        // another key from the same client: the per-client budget (8) runs out after 3 more
        const other = [];
        for (let i = 0; i < 4; i++) {
          // other hosts: shop.invalid's lane is paused by now (its exchanges failed), and lanes are per host
          const form = new URLSearchParams({
            oauth_consumer_key: randomToken(),
            oauth_consumer_secret: randomToken(),
            store_base_url: `http://shop-${i}.invalid/`,
            oauth_verifier: randomToken(),
          });
          other.push((await limited.kit.handshake.receiveCallback(form, { clientIp: "198.51.100.1" })).status);
        }
        expect(other).toEqual([200, 200, 200, 429]);
        await limited.settle();
      } finally {
        await limited.close();
      }
    });

    it("a stranger who knows only the consumer key cannot spend its store's callback budget", async () => {
      const limited = await startHarness({
        provider,
        kit: { callbackLimiter: limiterFor({ perKey: 3, perClient: 1000, windowMs: DAY_MS }) },
      });
      try {
        const integ = await limited.createIntegration("Budget");
        await limited.activate(integ.id);
        await limited.settle();
        // the key is in the popup's URL: forged callbacks with other secrets, more than the key's budget
        const forged = [];
        for (let i = 0; i < 6; i++)
          forged.push((await limited.postCallback(forgedBody(limited.bodies[0]!, limited.store.storeBaseUrl))).status);
        expect(forged).toEqual([200, 200, 200, 200, 200, 200]); // same answer as any callback; their jobs refuse them
        const re = await limited.reauthorize(integ.id);
        expect(re.callback?.status).toBe(200); // with one budget per key this was 429, and the Reauthorize was lost
        expect(await limited.settle()).toEqual([expect.objectContaining({ kind: "succeeded" })]);
        const inst = await limited.installation(integ.consumer_key);
        expect(inst.state).toBe("active");
        expect(await limited.db.activation.count({ where: { installationId: inst.id } })).toBe(2);
      } finally {
        await limited.close();
      }
    });

    it("one callback causes at most one POST to a host that never answered correctly (no signature fallbacks)", async () => {
      const forger = await startForgerStore(() => ({
        status: 401,
        body: "oauth_problem=The+signature+is+invalid.+Verify+and+try+again.",
      }));
      const r = await h.postCallback(
        new URLSearchParams({
          oauth_consumer_key: randomToken(),
          oauth_consumer_secret: randomToken(),
          store_base_url: forger.url,
          oauth_verifier: randomToken(),
        }).toString(),
      );
      expect(r.status).toBe(200);
      expect((await h.settle())[0]).toMatchObject({ kind: "failed", reason: "signature_invalid" });
      expect(forger.hits).toHaveLength(1);
      await forger.close();
    });

    it("never-proven Store, Installation, Activation and event rows expire; proven ones stay", async () => {
      const integ = await h.createIntegration("Proven");
      await h.activate(integ.id);
      await h.settle();
      const forger = await startForgerStore(() => ({ status: 500, body: "down" }));
      for (let i = 0; i < 3; i++) {
        await h.postCallback(
          new URLSearchParams({
            oauth_consumer_key: randomToken(),
            oauth_consumer_secret: randomToken(),
            store_base_url: forger.url,
            oauth_verifier: randomToken(),
          }).toString(),
        );
      }
      await h.settle();
      expect(await h.db.installation.count()).toBe(4);
      expect(await pruneUnproven({ storage: h.storage, now: () => new Date(Date.now() + 10_000) })).toMatchObject({
        installations: 0,
      });
      const later = await pruneUnproven({
        storage: h.storage,
        now: () => new Date(Date.now() + UNPROVEN_TTL_MS + 1000),
      });
      expect(later).toMatchObject({ installations: 3, stores: 1 });
      expect(await h.db.installation.count()).toBe(1);
      expect(await h.db.activation.count()).toBe(1);
      expect(await h.db.store.count()).toBe(1);
      expect(
        await h.db.installationEvent.count({ where: { installation: { consumerKey: { not: integ.consumer_key } } } }),
      ).toBe(0);
      await expectBoundToRealStore(integ.consumer_key, integ.id);
      // once expired, the key is free again: a new callback binds it afresh
      await forger.close();
    });
  });

  describe("joining someone else's store on Reauthorize", () => {
    it("consent given before a Reauthorize never counts for it, and a linked installation gains a user only by approval", async () => {
      const { completeIdentityFor } = await import("@magento-integration/handshake");
      const { decideLinkRequest } = await import("@magento-integration/handshake");
      const integ = await h.createIntegration("Merchant's");
      const act = await h.activate(integ.id);
      await h.settle();
      const query = Object.fromEntries(new URL(act.identity_url!).searchParams) as {
        oauth_consumer_key: string;
        success_call_back: string;
      };
      const merchant = await h.db.user.create({ data: { email: "merchant@example.com", passwordHash: "x" } });
      const intruder = await h.db.user.create({ data: { email: "intruder@example.com", passwordHash: "x" } });
      const latest = async () =>
        h.db.activation.findFirstOrThrow({
          where: { installation: { consumerKey: integ.consumer_key } },
          orderBy: { seq: "desc" },
        });
      const first = await latest();
      expect(
        await completeIdentityFor(h.deps, query, merchant.id, {
          consent: { activationId: first.id, at: Date.now() },
          fromAdminPopup: true,
        }),
      ).toMatchObject({ kind: "redirect" });

      // the intruder signs in through the popup URL before the Reauthorize: his consent names activation #1
      const early = { activationId: first.id, at: Date.now() };
      expect(
        (await completeIdentityFor(h.deps, query, intruder.id, { consent: early, fromAdminPopup: true })).kind,
      ).toBe("link_requested");
      await h.db.linkRequest.deleteMany(); // (even his request would only be pending; start the race clean)
      // the merchant clicks Reauthorize; the intruder polls with the consent he already holds
      await h.reauthorize(integ.id);
      await h.settle();
      const polled = await completeIdentityFor(h.deps, query, intruder.id, { consent: early, fromAdminPopup: true });
      expect(polled.kind).toBe("confirm_link");
      // he confirms the new activation: still only a request, never a link
      const second = await latest();
      const confirmed = await completeIdentityFor(h.deps, query, intruder.id, {
        consent: { activationId: second.id, at: Date.now() },
        fromAdminPopup: true,
      });
      expect(confirmed).toMatchObject({ kind: "link_requested", state: "verify_sent" });
      expect(await followLinkRequestMail(h.storage, intruder.email)).toMatchObject({ ok: true, state: "pending" });
      expect(await h.db.installationUser.findMany({ select: { userId: true } })).toEqual([{ userId: merchant.id }]);
      // the merchant's own Reauthorize popup still goes straight back to the store
      expect(await completeIdentityFor(h.deps, query, merchant.id, { fromAdminPopup: true })).toMatchObject({
        kind: "redirect",
      });
      // only a linked user decides; the intruder cannot approve himself
      const req = await h.db.linkRequest.findFirstOrThrow();
      const inst = await h.installation(integ.consumer_key);
      expect(
        await decideLinkRequest(
          h.storage,
          { installationId: inst.id, requestId: req.id, deciderId: intruder.id, decision: "approve" },
          new Date(),
        ),
      ).toMatchObject({ ok: false });
      expect(
        await decideLinkRequest(
          h.storage,
          { installationId: inst.id, requestId: req.id, deciderId: merchant.id, decision: "deny" },
          new Date(),
        ),
      ).toEqual({ ok: true, decision: "denied" });
      expect(await h.db.installationUser.count()).toBe(1);
    });
  });
});
