/**
 * One client spends the sign-up budget everybody shares (200 an hour): afterwards nobody could create an account,
 * so no new store could be linked. A merchant creating his account inside a store's admin popup, for a fresh
 * activation, spends that activation's own budget instead, and with a trusted proxy no single client gets more
 * than its own share.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../helpers/handshake-harness";
import { PROVIDERS } from "../helpers/databases";
import { signUp } from "@/lib/auth/users";
import { SIGN_UP_LIMITS, takeSignUp } from "@/lib/auth/throttle";
import { ADMIN_POPUP_COOKIE, adminPopupMarker } from "@/lib/integration/admin-popup";
import { CLAIM_WINDOW_MS } from "@/lib/integration/identity";
import type { CookieJar } from "@/lib/session";

const pw = "a long enough password";

describe.each(PROVIDERS)("on %s", (provider) => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("after one client spent the shared budget, a merchant from a fresh activation's admin popup still signs up", async () => {
    h = await startHarness({ provider });
    const now = h.clock.now();
    // the flood: one client (no trusted proxy: the app cannot tell clients apart) takes every shared sign-up
    // (counted as sign-ups are, without hashing 200 passwords)
    for (let i = 0; i < SIGN_UP_LIMITS.global; i++) expect(await takeSignUp(h.kit.storage, {}, now)).toBe(true);
    expect(await signUp(h.kit.storage, { email: "late@example.com", password: pw }, {}, now)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Too many accounts/),
    });

    const integ = await h.createIntegration("Merchant");
    const act = await h.activate(integ.id);
    await h.settle();
    const popup = new URL(act.identity_url!);
    const key = popup.searchParams.get("oauth_consumer_key")!;
    const scb = popup.searchParams.get("success_call_back")!;
    const next = `/integration/identity?${new URLSearchParams({ oauth_consumer_key: key, success_call_back: scb }).toString()}`;
    const marker = adminPopupMarker(h.kit.env.sessionSecret, key, scb, h.clock.now().getTime());
    const jar: CookieJar = {
      get: (n) => (n === ADMIN_POPUP_COOKIE ? { value: marker } : undefined),
      set: () => undefined,
    };

    const activationId = await h.kit.identity.popupActivation({ cookies: jar }, next);
    expect(activationId).toBeTruthy();
    expect(
      (
        await h.kit.auth.signUp(
          { cookies: { get: jar.get, set: () => undefined } },
          "merchant@shop.test",
          pw,
          activationId,
        )
      ).ok,
    ).toBe(true);

    // …but only for a fresh activation, and only from its admin popup
    const noMarker: CookieJar = { get: () => undefined, set: () => undefined };
    expect(await h.kit.identity.popupActivation({ cookies: noMarker }, next)).toBeNull();
    h.clock.advance(CLAIM_WINDOW_MS + 60_000);
    const stale = adminPopupMarker(h.kit.env.sessionSecret, key, scb, h.clock.now().getTime());
    expect(
      await h.kit.identity.popupActivation(
        { cookies: { get: (n) => (n === ADMIN_POPUP_COOKIE ? { value: stale } : undefined), set: () => undefined } },
        next,
      ),
    ).toBeNull();
    // and a few accounts per activation at most
    const many = [];
    for (let i = 0; i < SIGN_UP_LIMITS.perActivation + 1; i++)
      many.push(
        await signUp(
          h.kit.storage,
          { email: `popup${i}@shop.test`, password: pw },
          { activationId: activationId! },
          now,
        ),
      );
    expect(many.filter((r) => r.ok)).toHaveLength(SIGN_UP_LIMITS.perActivation - 1);
  });

  it("with a trusted proxy a single client gets only its own share of the shared budget", async () => {
    h = await startHarness({ provider });
    const now = h.clock.now();
    const tries = [];
    for (let i = 0; i < SIGN_UP_LIMITS.global; i++)
      tries.push(await takeSignUp(h.kit.storage, { ip: "203.0.113.9" }, now));
    expect(tries.filter(Boolean)).toHaveLength(SIGN_UP_LIMITS.perClient);
    expect(
      (await signUp(h.kit.storage, { email: "someone@example.com", password: pw }, { ip: "198.51.100.7" }, now)).ok,
    ).toBe(true);
  });
});
