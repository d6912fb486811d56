/**
 * Strangers who know only a store's consumer key ride the merchant's activation popup and fill the link-request
 * cap: a request the caps refuse must never be reported as "waiting for approval", a flood fills only the places
 * of the activation it rode (a colleague's own Reauthorize gets fresh ones), and one account cannot file requests
 * without bound. And a request is filed, and shown to the store's linked users, only once its requester followed a
 * link mailed to his account's address: an address typed at sign-up and never read (owner@<the merchant's domain>)
 * never reaches them.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../helpers/handshake-harness";
import { PROVIDERS } from "../helpers/databases";
import {
  askToBeLinked,
  completeIdentityFor,
  LINK_REQUESTS_PER_HOUR,
  MAX_PENDING_PER_ACTIVATION,
  MAX_PENDING_REQUESTS,
  fileLinkRequest,
  linkRequestLinkState,
  verifyLinkRequest,
  pendingLinkRequests,
} from "@magento-integration/handshake";
import { followLinkRequestMail, linkRequestToken } from "../helpers/link-request-mail";
import { outboxMessages } from "@magento-integration/handshake/mail";

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

    // twenty strangers who never read their mail (addresses they typed, like owner@<the merchant's domain>) take no
    // place: nothing of theirs is filed or shown
    for (let i = 0; i < 20; i++) {
      const typed = await user(`owner${i}@merchant-lookalike.test`);
      const seen = await completeIdentityFor(h.deps, query, typed.id, await consentFor(query.oauth_consumer_key));
      expect(seen).toMatchObject({ kind: "link_requested", state: "verify_sent" });
    }
    expect(await h.db.linkRequest.count()).toBe(0);

    // eight strangers ask at once (each mailed a link), then all follow their links: the caps hold at filing
    const strangers = [];
    for (let i = 0; i < MAX_PENDING_PER_ACTIVATION + 3; i++) {
      const stranger = await user(`stranger${i}@flood.test`);
      const asked = await completeIdentityFor(h.deps, query, stranger.id, await consentFor(query.oauth_consumer_key));
      expect(asked).toMatchObject({ kind: "link_requested", state: "verify_sent" });
      strangers.push(stranger);
    }
    const outcomes = [];
    for (const stranger of strangers) outcomes.push(await followLinkRequestMail(h.storage, stranger.email));
    // once the activation is full, a new ask is refused at once, saying why (no mail, never "waiting")
    const late = await user("late@flood.test");
    expect(await completeIdentityFor(h.deps, query, late.id, await consentFor(query.oauth_consumer_key))).toMatchObject(
      { kind: "link_requested", state: "activation_full" },
    );
    const states = outcomes.map((o) => o.state);
    expect(states.filter((s) => s === "pending")).toHaveLength(MAX_PENDING_PER_ACTIVATION);
    expect(states.slice(MAX_PENDING_PER_ACTIVATION)).toEqual(Array(3).fill("activation_full"));
    expect(outcomes.slice(MAX_PENDING_PER_ACTIVATION).every((o) => !o.ok)).toBe(true);
    expect(await h.db.linkRequest.count()).toBe(MAX_PENDING_PER_ACTIVATION);

    // the colleague's own Reauthorize: a new activation, new places
    const again = await popupOf(await h.reauthorize(integ.id));
    await h.settle();
    const colleague = await user("colleague@shop.test");
    const seen = await completeIdentityFor(h.deps, again, colleague.id, await consentFor(again.oauth_consumer_key));
    expect(seen).toMatchObject({ kind: "link_requested", state: "verify_sent" });
    expect(await followLinkRequestMail(h.storage, colleague.email)).toMatchObject({ ok: true, state: "pending" });
    expect(await h.db.linkRequest.count({ where: { userId: colleague.id } })).toBe(1);
    const inst = await h.installation(integ.consumer_key);
    const shown = await pendingLinkRequests(h.storage, inst.id, owner.id, h.clock.now());
    expect(shown.map((r) => r.email)).toContain("colleague@shop.test");
    expect(shown.some((r) => r.email.endsWith("@merchant-lookalike.test"))).toBe(false);
  });

  it("a request is filed and shown only after its requester follows the link mailed to his address; opening the link alone files nothing", async () => {
    const integ = await h.createIntegration("Verified");
    const query = await popupOf(await h.activate(integ.id));
    await h.settle();
    const owner = await user("owner@shop.test");
    await completeIdentityFor(h.deps, query, owner.id, await consentFor(query.oauth_consumer_key));
    const inst = await h.installation(integ.consumer_key);
    const asker = await user("asker@elsewhere.test");

    const asked = await completeIdentityFor(h.deps, query, asker.id, await consentFor(query.oauth_consumer_key));
    expect(asked).toMatchObject({ kind: "link_requested", state: "verify_sent" });
    // the popup never pretends: nothing is filed, the store's users see nothing
    expect(await h.db.linkRequest.count()).toBe(0);
    expect(await pendingLinkRequests(h.storage, inst.id, owner.id, h.clock.now())).toEqual([]);
    // the popup opened again: no second mail while the first link is live
    await completeIdentityFor(h.deps, query, asker.id, await consentFor(query.oauth_consumer_key));

    const token = await linkRequestToken(h.storage, asker.email);
    await h.settle();
    // one mail: a second job (queued when the first was already running) finds the first link live and sends nothing
    const mails = (await outboxMessages(h.storage.outbox)).filter(
      (m) => m.to === asker.email && /\/integration\/verify\?/.test(m.text),
    );
    expect(mails).toHaveLength(1);
    // a mail scanner opens the link: a GET shows the page and files nothing
    const host = new URL(inst.store.baseUrl).host;
    expect(await linkRequestLinkState(h.storage, token, new Date())).toEqual({
      ok: true,
      storeHost: host,
      email: asker.email,
    });
    expect(await h.db.linkRequest.count()).toBe(0);
    // the button files it, verified now; the owner sees "verified" and when
    const at = new Date();
    expect(await verifyLinkRequest(h.storage, token, at)).toEqual({ ok: true, state: "pending", storeHost: host });
    const shown = await pendingLinkRequests(h.storage, inst.id, owner.id, h.clock.now());
    expect(shown).toEqual([expect.objectContaining({ email: asker.email, verifiedAt: at })]);
    // once only; a guessed token files nothing
    expect(await verifyLinkRequest(h.storage, token, new Date())).toMatchObject({ ok: false, state: "link" });
    expect(await verifyLinkRequest(h.storage, "x".repeat(43), new Date())).toMatchObject({ ok: false });
    expect(await h.db.linkRequest.count()).toBe(1);
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
    // each ask mails a verification link: one account gets a few an hour, whatever the store
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
      results.push(await askToBeLinked(h.deps, other.id, busy.id, a.id, now));
    }
    expect(results.at(-1)).toBe("requester_busy");
    expect(results.filter((r) => r === "verify_sent")).toHaveLength(LINK_REQUESTS_PER_HOUR);
  });
});
