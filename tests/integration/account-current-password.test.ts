/**
 * Someone holding a copied session cookie guesses the current password on the account page: the guesses are
 * throttled per user (waits double after the first free ones, whichever browser asks) and the session ends after
 * a few, so the cookie never becomes a permanent email and password change.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { useFreshDatabase } from "../helpers/fresh-db";
import { PROVIDERS } from "../helpers/databases";
import {
  signUp,
  createSession,
  resolveSession,
  changePassword,
  requestEmailChange,
  CURRENT_PASSWORD_SIGN_OUT_AFTER,
} from "@magento-integration/handshake/auth";

const OWNER = { email: "owner@example.com", password: "the owner's long password" };

describe.each(PROVIDERS)("on %s", (provider) => {
  const db = useFreshDatabase(provider);
  let fresh: typeof db;
  beforeEach(() => {
    fresh = db;
  });

  it("a guesser waits between wrong guesses, and after a few the stolen session is ended", async () => {
    const u = await signUp(fresh.storage, OWNER);
    if (!u.ok) throw new Error("sign-up failed");
    const stolen = await createSession(fresh.storage, u.user.id, new Date());
    let t = Date.now();
    const guess = (current: string) =>
      changePassword(fresh.storage, u.user.id, stolen, { current, password: "the attacker's password" }, new Date(t));

    expect(await guess("guess-1")).toMatchObject({ ok: false, error: "Your current password is not right" });
    expect(await guess("guess-2")).toMatchObject({ ok: false, error: "Your current password is not right" });
    expect(await guess("guess-3")).toMatchObject({ ok: false, error: "Your current password is not right" });
    // the next guess at once must wait (even the right password is not checked while waiting)
    expect(await guess(OWNER.password)).toMatchObject({
      ok: false,
      field: "current",
      error: expect.stringMatching(/Wait \d+ seconds/),
    });
    let last = await guess("never checked");
    for (let i = 4; i <= CURRENT_PASSWORD_SIGN_OUT_AFTER; i++) {
      t += 60 * 60_000; // the injected clock: past any wait
      last = await guess(`guess-${i}`);
    }
    expect(last).toMatchObject({ ok: false, signedOut: true });
    expect(await resolveSession(fresh.storage, stolen, new Date(t))).toBeNull();
    // the email change goes through the same per-user count
    const other = await createSession(fresh.storage, u.user.id, new Date(t));
    expect(
      await requestEmailChange(
        { storage: fresh.storage, queue: async () => undefined },
        u.user.id,
        other,
        { email: "attacker@example.com", current: "one more" },
        new Date(t),
      ),
    ).toMatchObject({ ok: false, error: expect.stringMatching(/Wait/) });
  });

  it("the owner's right password clears the count", async () => {
    const u = await signUp(fresh.storage, OWNER);
    if (!u.ok) throw new Error("sign-up failed");
    const here = await createSession(fresh.storage, u.user.id, new Date());
    const t = Date.now();
    await changePassword(
      fresh.storage,
      u.user.id,
      here,
      { current: "typo", password: "a brand new password" },
      new Date(t),
    );
    expect(
      await changePassword(
        fresh.storage,
        u.user.id,
        here,
        { current: OWNER.password, password: "a brand new password" },
        new Date(t + 1),
      ),
    ).toEqual({ ok: true });
    expect(
      await changePassword(
        fresh.storage,
        u.user.id,
        here,
        { current: "typo", password: "another new password!" },
        new Date(t + 2),
      ),
    ).toMatchObject({ error: "Your current password is not right" });
    expect(
      await changePassword(
        fresh.storage,
        u.user.id,
        here,
        { current: "typo", password: "another new password!" },
        new Date(t + 3),
      ),
    ).toMatchObject({ error: "Your current password is not right" });
    expect(await resolveSession(fresh.storage, here, new Date(t + 4))).not.toBeNull();
  });
});
