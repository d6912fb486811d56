/**
 * The sign-up budgets (packages/handshake/src/auth/sign-up-budget.ts). One client used to spend the budget everybody shares (200 an
 * hour) with sign-ups that created nothing, and past it nobody could create an account, so no new store could be
 * linked. Now an attempt that creates no account spends only its address's budget; one network (/24, /64) gets a
 * twentieth of the shared budget; past the shared budget sign-ups slow down instead of stopping; and a merchant
 * creating his account inside a store's admin popup, for a fresh activation, spends that activation's own budget.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../helpers/handshake-harness";
import { PROVIDERS } from "../helpers/databases";
import { signUp, reserveSignUp, settleSignUp, SIGN_UP_LIMITS } from "@magento-integration/handshake/auth";
import type { Storage } from "@magento-integration/storage";
import { ADMIN_POPUP_COOKIE, adminPopupMarker, CLAIM_WINDOW_MS, type CookieJar } from "@magento-integration/handshake";

const pw = "a long enough password";

/** Accounts created by `SIGN_UP_LIMITS.global` sign-ups from many networks (counted as sign-ups are, unhashed). */
async function spendSharedBudget(storage: Storage, now: Date): Promise<void> {
  for (let i = 0; i < SIGN_UP_LIMITS.global; i++) {
    const net = Math.floor(i / SIGN_UP_LIMITS.perNetwork);
    const r = await reserveSignUp(storage, `spent${i}@example.com`, { ip: `10.${net}.0.${i % 250}` }, now);
    expect(r).not.toHaveProperty("refused");
    if (!("refused" in r)) await settleSignUp(storage, r, true, now);
  }
}

describe.each(PROVIDERS)("on %s", (provider) => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("after the shared budget is spent, a merchant from a fresh activation's admin popup still signs up", async () => {
    h = await startHarness({ provider });
    const now = h.clock.now();
    await spendSharedBudget(h.kit.storage, now);
    expect((await signUp(h.kit.storage, { email: "late@example.com", password: pw }, {}, now)).ok).toBe(true);
    expect(await signUp(h.kit.storage, { email: "later@example.com", password: pw }, {}, now)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Wait 30 seconds/),
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
});
