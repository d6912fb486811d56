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
    h = await startHarness({ provider });
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

  /** Activate, park the older exchange's `held` call, Reauthorize during the park, release, settle. */
  async function reauthorizeWhileHeld(held: TokenEndpoint) {
    const integ = await h.createIntegration(`Reauthorize during ${held}`);
    proxy.park(held, true);
    await h.activate(integ.id);
    await until(`the older exchange's ${held}-token call`, () => proxy.parked() === 1);
    const re = await h.reauthorize(integ.id);
    expect(re.callback?.status).toBe(200);
    proxy.park(held, false);
    await h.settle();
    return integ;
  }

  /** Active with the store's current credentials for this integration, from the newest activation, and working. */
  async function expectNewestCredentialsWork(integ: { id: number; consumer_key: string }) {
    const inst = await h.installation(integ.consumer_key);
    expect({ state: inst.state, credentialsSeq: inst.credentialsSeq }).toEqual({ state: "active", credentialsSeq: 2 });
    const acts = await h.db.activation.findMany({ orderBy: { seq: "asc" } });
    expect(acts.map((a) => [a.seq, a.state])).toEqual([
      [1, "failed"],
      [2, "succeeded"],
    ]);
    const view = await h.admin<{ status: string; access_token?: string }>("GET", `/admin/api/integrations/${integ.id}`);
    expect(view.status).toBe("Active");
    expect(h.box.open(inst.accessTokenEnc!)).toBe(view.access_token);
    const client = await h.clientFor(integ.consumer_key);
    expect((await client.request({ method: "GET", path: "/V1/store/storeViews" })).status).toBe(200);
  }

  it("the store answered the older request-token call: the older exchange's token is gone, the newer exchange runs in full", async () => {
    const integ = await reauthorizeWhileHeld("access");
    await expectNewestCredentialsWork(integ);
    // one request-token call per activation: the Reauthorize deleted the first one's request token
    expect(proxy.requestTokenCalls.get(integ.consumer_key)).toBe(2);
  });

  it("the older request-token call reached the store after the Reauthorize: the newer activation takes over the request token issued on its verifier", async () => {
    const integ = await reauthorizeWhileHeld("request");
    await expectNewestCredentialsWork(integ);
    // the store issued one request token, on the newer verifier's row; a second call would be refused
    // ("consumer token is not a verifier token")
    expect(proxy.requestTokenCalls.get(integ.consumer_key)).toBe(1);
    expect(proxy.accessTokenCalls.get(integ.consumer_key)).toBe(2);
  });
});
