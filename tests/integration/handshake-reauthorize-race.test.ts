/**
 * The merchant presses Reauthorize while an older activation's exchange is between its two token calls. The
 * store's counting proxy parks one of the older exchange's token calls, the dev store's admin Reauthorize runs
 * during the park (it deletes the consumer's token row, makes a new verifier row and posts the new callback, as
 * Magento's TokensExchange does), then the parked call goes on. Two windows:
 * - the store has answered the older `/oauth/token/request` and its `/oauth/token/access` has not arrived yet;
 * - the older `/oauth/token/request` is on its way and reaches the store after the Reauthorize: the store then
 *   issues the request token on the newer verifier's row.
 * What the merchant must see either way: the installation active with the newest activation's credentials (the
 * ones the store holds now), a signed call that works, and never two request tokens for one verifier.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../helpers/handshake-harness";
import { startStoreProxy, type StoreProxy, type TokenEndpoint } from "../helpers/store-proxy";
import { PROVIDERS } from "../helpers/databases";
import { takeOverRequestToken } from "@magento-integration/handshake";

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(PROVIDERS)("Reauthorize between an older exchange's two token calls, on %s", (provider) => {
  let h: Harness;
  let proxy: StoreProxy;
  beforeEach(async () => {
    // the parked token call must outlast the Reauthorize on a busy machine: no token-call timeout gets in the way
    h = await startHarness({ provider, kit: { tokenTimeoutMs: 60_000 } });
    proxy = await startStoreProxy(h.store.storeBaseUrl);
    // the store's callbacks name the proxy as store_base_url, so every token call the kit sends passes through it
    h.mutate = (form) => {
      form.set("store_base_url", proxy.url);
      return form;
    };
  });
  afterEach(async () => {
    proxy.park("request", false);
    proxy.park("access", false);
    await h.close();
    await proxy.close();
  });

  /** Activate, park the older exchange's `held` call, Reauthorize `times` during the park, release, settle. */
  async function reauthorizeWhileHeld(held: TokenEndpoint, times = 1) {
    const integ = await h.createIntegration(`Reauthorize during ${held}`);
    proxy.park(held, true);
    await h.activate(integ.id);
    await until(`the older exchange's ${held}-token call`, () => proxy.parked() === 1);
    for (let i = 0; i < times; i++) expect((await h.reauthorize(integ.id)).callback?.status).toBe(200);
    proxy.park(held, false);
    await h.settle();
    return integ;
  }

  /** Active with the store's current credentials for this integration, from the newest activation, and working. */
  async function expectNewestCredentialsWork(integ: { id: number; consumer_key: string }, states: string[]) {
    const inst = await h.installation(integ.consumer_key);
    expect({ state: inst.state, credentialsSeq: inst.credentialsSeq }).toEqual({
      state: "active",
      credentialsSeq: states.length,
    });
    const acts = await h.db.activation.findMany({ orderBy: { seq: "asc" } });
    expect(acts.map((a) => a.state)).toEqual(states);
    // nothing usable is left behind: every request token was spent or taken over
    expect(acts.filter((a) => a.requestTokenEnc !== null)).toEqual([]);
    const view = await h.admin<{ status: string; access_token?: string }>("GET", `/admin/api/integrations/${integ.id}`);
    expect(view.status).toBe("Active");
    expect(h.box.open(inst.accessTokenEnc!)).toBe(view.access_token);
    const client = await h.clientFor(integ.consumer_key);
    expect((await client.request({ method: "GET", path: "/V1/store/storeViews" })).status).toBe(200);
    return acts;
  }

  it("the store answered the older request-token call: the older exchange's token is gone, the newer exchange runs in full", async () => {
    const integ = await reauthorizeWhileHeld("access");
    await expectNewestCredentialsWork(integ, ["failed", "succeeded"]);
    // one request-token call per activation: the Reauthorize deleted the first one's request token
    expect(proxy.requestTokenCalls.get(integ.consumer_key)).toBe(2);
  });

  it("the older request-token call reached the store after the Reauthorize: the newer activation takes over the request token issued on its verifier", async () => {
    const integ = await reauthorizeWhileHeld("request");
    const acts = await expectNewestCredentialsWork(integ, ["failed", "succeeded"]);
    expect(acts[0]!.failureReason).toBe("verifier_invalid");
    const events = await h.db.installationEvent.findMany({
      where: { activationId: acts[1]!.id },
      select: { message: true },
    });
    expect(events.map((e) => e.message)).toContainEqual(
      expect.stringMatching(/^Request token taken over from activation #1/),
    );
    // the store issued one request token, on the newer verifier's row; a second call would be refused
    // ("consumer token is not a verifier token")
    expect(proxy.requestTokenCalls.get(integ.consumer_key)).toBe(1);
    expect(proxy.accessTokenCalls.get(integ.consumer_key)).toBe(2);
  });

  it("two Reauthorizes while the older request-token call is on its way: the newest activation takes the token over", async () => {
    const integ = await reauthorizeWhileHeld("request", 2);
    await expectNewestCredentialsWork(integ, ["failed", "superseded", "succeeded"]);
    expect(proxy.requestTokenCalls.get(integ.consumer_key)).toBe(1);
  });
});

describe.each(PROVIDERS)("who may take over a kept request token, on %s", (provider) => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ provider });
  });
  afterEach(async () => {
    await h.close();
  });

  it("only a newer activation of the same store URL and consumer secret, and only once", async () => {
    const { storage, box } = h;
    const url = "https://shop.example/";
    const store = await storage.stores.ensure(url);
    const inst = await storage.installations.create({
      consumerKey: "k".repeat(32),
      storeId: store.id,
      state: "pending",
      mode: "oauth",
      consumerSecretEnc: box.seal("secret"),
      activationCount: 0,
    });
    const activation = async (seq: number, secret: string, storeBaseUrl = url) => {
      const a = await storage.activations.create({
        installationId: inst.id,
        seq,
        fingerprint: `fp${seq}`,
        storeBaseUrl,
        consumerSecretEnc: box.seal(secret),
        verifierEnc: box.seal(`v${seq}`),
        callbackAt: new Date(),
      });
      await storage.activations.claimForExchange(a.id, new Date());
      return a;
    };
    const kept = async (seq: number, reason: "verifier_invalid" | "token_missing", keepRequestToken: boolean) => {
      const a = await activation(seq, "secret");
      await storage.activations.saveRequestToken(a.id, box.seal(`rt${seq}`), box.seal(`rts${seq}`), new Date());
      await storage.activations.finish(a.id, ["exchanging"], {
        state: "failed",
        failureReason: reason,
        at: new Date(),
        keepRequestToken,
      });
      return a;
    };
    await kept(1, "verifier_invalid", true);
    await kept(2, "token_missing", true); // refused for another reason: the store did not re-issue it
    const deps = { storage, box, now: () => new Date() };
    const other = await activation(3, "another secret");
    expect(await takeOverRequestToken(deps, other, "another secret")).toBeNull();
    const elsewhere = await activation(4, "secret", "https://elsewhere.example/");
    expect(await takeOverRequestToken(deps, elsewhere, "secret")).toBeNull();
    const newer = await activation(5, "secret");
    const taken = await takeOverRequestToken(deps, newer, "secret");
    expect(taken).toMatchObject({ token: { token: "rt1", tokenSecret: "rts1" }, from: { seq: 1 } });
    expect(await storage.activations.byId(newer.id)).toMatchObject({ requestTokenEnc: expect.any(String) });
    expect(await takeOverRequestToken(deps, await activation(6, "secret"), "secret")).toBeNull();
    // an older activation never takes from a newer one
    const first = (await storage.activations.recent(inst.id, 10)).find((a) => a.seq === 1)!;
    expect(await takeOverRequestToken(deps, first, "secret")).toBeNull();
  });
});
