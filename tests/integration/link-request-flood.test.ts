/**
 * Strangers who know only a store's consumer key ride the merchant's activation popup and fill the link-request
 * cap: a request the caps refuse must never be reported as "waiting for approval", a flood fills only the places
 * of the activation it rode (a colleague's own Reauthorize gets fresh ones), and one account cannot file requests
 * without bound.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../helpers/handshake-harness";
import { PROVIDERS } from "../helpers/databases";
import {
  completeIdentityFor,
  LINK_REQUESTS_PER_HOUR,
  MAX_PENDING_PER_ACTIVATION,
  MAX_PENDING_REQUESTS,
  fileLinkRequest,
} from "@/lib/integration/identity";

describe.each(PROVIDERS)("on %s", (provider) => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ provider });
  });
  afterEach(async () => {
    await h.close();
  });

  async function popupOf(act: { identity_url?: string }) {
    const popup = new URL(act.identity_url!);
    return {
      oauth_consumer_key: popup.searchParams.get("oauth_consumer_key")!,
      success_call_back: popup.searchParams.get("success_call_back")!,
    };
  }
  async function consentFor(key: string) {
    const a = await h.db.activation.findFirstOrThrow({
      where: { installation: { consumerKey: key } },
      orderBy: { seq: "desc" },
    });
    return { consent: { activationId: a.id, at: h.clock.now().getTime() }, fromAdminPopup: true };
  }
  const user = (email: string) => h.db.user.create({ data: { email, passwordHash: "x" } });

  it("a flood fills only its activation's places, is never told 'pending' when not filed, and a colleague's Reauthorize still gets through", async () => {
    const integ = await h.createIntegration("Flooded");
    const query = await popupOf(await h.activate(integ.id));
    await h.settle();
    const owner = await user("owner@shop.test");
    expect((await completeIdentityFor(h.deps, query, owner.id, await consentFor(query.oauth_consumer_key))).kind).toBe(
      "redirect",
    );

    const outcomes = [];
    for (let i = 0; i < MAX_PENDING_PER_ACTIVATION + 3; i++) {
      const stranger = await user(`stranger${i}@flood.test`);
      outcomes.push(await completeIdentityFor(h.deps, query, stranger.id, await consentFor(query.oauth_consumer_key)));
    }
    const states = outcomes.map((o) => (o.kind === "link_requested" ? o.state : o.kind));
    expect(states.filter((s) => s === "pending")).toHaveLength(MAX_PENDING_PER_ACTIVATION);
    expect(states.slice(MAX_PENDING_PER_ACTIVATION)).toEqual(Array(3).fill("activation_full"));
    expect(await h.db.linkRequest.count()).toBe(MAX_PENDING_PER_ACTIVATION);

    // the colleague's own Reauthorize: a new activation, new places
    const again = await popupOf(await h.reauthorize(integ.id));
    await h.settle();
    const colleague = await user("colleague@shop.test");
    const seen = await completeIdentityFor(h.deps, again, colleague.id, await consentFor(again.oauth_consumer_key));
    expect(seen).toMatchObject({ kind: "link_requested", state: "pending" });
    expect(await h.db.linkRequest.count({ where: { userId: colleague.id } })).toBe(1);
  });

  it("at the store's cap a request is refused, not silently dropped; one account files a few an hour", async () => {
    const integ = await h.createIntegration("Full");
    await h.activate(integ.id);
    await h.settle();
    const inst = await h.installation(integ.consumer_key);
    const now = h.clock.now();
    // fill the store's cap directly (as many activations would)
    for (let i = 0; i < MAX_PENDING_REQUESTS; i++) {
      const u = await user(`filled${i}@flood.test`);
      const a = await h.db.activation.create({
        data: {
          installationId: inst.id,
          seq: 100 + i,
          state: "succeeded",
          fingerprint: `f${i}`,
          storeBaseUrl: inst.store.baseUrl,
          consumerSecretEnc: "x",
          verifierEnc: "x",
        },
      });
      expect(await fileLinkRequest(h.deps, inst.id, u.id, a.id, now)).toBe("pending");
    }
    const late = await user("late@shop.test");
    const last = await h.db.activation.findFirstOrThrow({
      where: { installationId: inst.id },
      orderBy: { seq: "asc" },
    });
    expect(await fileLinkRequest(h.deps, inst.id, late.id, last.id, now)).toBe("store_full");
    expect(await h.db.linkRequest.count({ where: { userId: late.id } })).toBe(0);

    await h.db.linkRequest.deleteMany();
    const busy = await user("busy@flood.test");
    const results = [];
    for (let i = 0; i < LINK_REQUESTS_PER_HOUR + 1; i++) {
      const other = await h.db.installation.create({
        data: { consumerKey: `k${i}`.padEnd(32, "0"), storeId: inst.storeId, state: "active", consumerSecretEnc: "x" },
      });
      const a = await h.db.activation.create({
        data: {
          installationId: other.id,
          seq: 1,
          state: "succeeded",
          fingerprint: `g${i}`,
          storeBaseUrl: inst.store.baseUrl,
          consumerSecretEnc: "x",
          verifierEnc: "x",
        },
      });
      results.push(await fileLinkRequest(h.deps, other.id, busy.id, a.id, now));
    }
    expect(results.at(-1)).toBe("requester_busy");
    expect(results.filter((r) => r === "pending")).toHaveLength(LINK_REQUESTS_PER_HOUR);
  });
});
