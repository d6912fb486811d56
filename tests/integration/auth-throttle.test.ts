/**
 * Sign-in throttling and server-side sessions, against real databases (SQLite and PostgreSQL). Each attack from the issue:
 * a stranger locking the owner out, one client spraying passwords across emails, parallel guesses, sign-up
 * floods, and a session cookie copied before sign-out.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PROVIDERS, freshDatabase, type TestDatabase } from "../helpers/databases";
import type { PortablePrisma, Storage } from "@magento-integration/storage";
import {
  signIn,
  signUp,
  delayAfter,
  pruneThrottle,
  SIGN_IN_RULES,
  THROTTLE_MEMORY_MS,
  SIGN_UP_LIMITS,
  createSession,
  pruneSessions,
  resolveSession,
  revokeAllSessions,
  revokeSession,
  SESSION_TTL_MS,
  knownDeviceFor,
  rememberDevice,
} from "@magento-integration/handshake/auth";

describe.each(PROVIDERS)("on %s", (provider) => {
  let t: TestDatabase;
  let db: Storage;
  let rows: PortablePrisma;
  beforeEach(async () => {
    t = await freshDatabase(provider);
    db = t.storage;
    rows = t.database.prisma;
  });
  afterEach(async () => {
    await t.dispose();
  });

  const OWNER = { email: "owner@example.com", password: "the owner's long password" };
  const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

  describe("sign-in throttling slows, never locks the owner out", () => {
    it("a stranger's failures against the owner's email do not stop the owner on a known device or another client", async () => {
      await signUp(db, OWNER);
      const now = new Date();
      // the stranger (no trusted IP, no device cookie) hammers the address
      for (let i = 0; i < 30; i++)
        await signIn(db, { email: OWNER.email, password: `guess ${i}` }, {}, at(now, i * 1000));
      const t = at(now, 30 * 1000);
      // the stranger is slowed down…
      expect(await signIn(db, { email: OWNER.email, password: "guess again" }, {}, t)).toMatchObject({
        ok: false,
        error: expect.stringMatching(/Wait/),
      });
      // …the owner on a browser that signed in before is not, nor from another trusted address
      const device = knownDeviceFor(
        "s".repeat(32),
        rememberDevice("s".repeat(32), undefined, OWNER.email),
        OWNER.email,
      )!;
      expect((await signIn(db, OWNER, { knownDevice: device }, t)).ok).toBe(true);
      expect((await signIn(db, OWNER, { ip: "198.51.100.7" }, t)).ok).toBe(true);
      // and even the unknown bucket is a delay with a cap, not a lock: after the wait the right password works
      expect((await signIn(db, OWNER, {}, at(t, SIGN_IN_RULES.emailUnknown.capMs + 1))).ok).toBe(true);
    });

    it("the delay grows exponentially and is capped", () => {
      const r = SIGN_IN_RULES.emailClient;
      const waits = Array.from({ length: 30 }, (_, i) => delayAfter(i + 1, r));
      expect(waits.slice(0, r.free).every((w) => w === 0)).toBe(true);
      expect(waits[r.free]).toBe(r.baseMs);
      expect(waits[r.free + 1]).toBe(2 * r.baseMs);
      expect(waits[r.free + 2]).toBe(4 * r.baseMs);
      expect(Math.max(...waits)).toBe(r.capMs);
    });

    it("one client spraying passwords across many emails gets only a few checked in a burst", async () => {
      const now = new Date();
      let checked = 0;
      for (let i = 0; i < 60; i++) {
        const r = await signIn(
          db,
          { email: `victim${i}@example.com`, password: "Summer2026!" },
          { ip: "203.0.113.50" },
          now,
        );
        if (!r.ok && r.error === "Email or password is wrong.") checked++;
      }
      expect(checked).toBe(SIGN_IN_RULES.client.free + 1);
      // another client is unaffected
      await signUp(db, OWNER);
      expect((await signIn(db, OWNER, { ip: "203.0.113.51" }, now)).ok).toBe(true);
    });

    it("parallel guesses are counted before the password is checked", async () => {
      await signUp(db, OWNER);
      const now = new Date();
      const guesses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          signIn(db, { email: OWNER.email, password: `guess ${i}` }, { ip: "203.0.113.9" }, now),
        ),
      );
      const checked = guesses.filter((g) => !g.ok && g.error === "Email or password is wrong.").length;
      expect(checked).toBeLessThanOrEqual(SIGN_IN_RULES.emailClient.free + 1);
    });

    it("sign-ups are capped per client network per window", async () => {
      const now = new Date();
      const results = [];
      for (let i = 0; i < SIGN_UP_LIMITS.perNetwork + 2; i++)
        results.push(
          await signUp(db, { email: `new${i}@example.com`, password: "a long password" }, { ip: "203.0.113.60" }, now),
        );
      expect(results.filter((r) => r.ok)).toHaveLength(SIGN_UP_LIMITS.perNetwork);
      expect(results.at(-1)).toMatchObject({ ok: false, error: expect.stringMatching(/from your network/) });
      expect(
        (
          await signUp(
            db,
            { email: "other-client@example.com", password: "a long password" },
            { ip: "198.51.100.61" },
            now,
          )
        ).ok,
      ).toBe(true);
      expect(
        (
          await signUp(
            db,
            { email: "next-hour@example.com", password: "a long password" },
            { ip: "203.0.113.60" },
            at(now, SIGN_UP_LIMITS.windowMs + 1),
          )
        ).ok,
      ).toBe(true);
    });

    it("old throttle rows are pruned", async () => {
      const now = new Date();
      await signIn(db, { email: "x@example.com", password: "nope" }, { ip: "203.0.113.70" }, now);
      expect(await rows.loginThrottle.count()).toBe(2);
      expect(await pruneThrottle(db, at(now, THROTTLE_MEMORY_MS - 1000))).toBe(0);
      expect(await pruneThrottle(db, at(now, THROTTLE_MEMORY_MS + 1000))).toBe(2);
    });
  });

  describe("server-side sessions", () => {
    it("a token copied before sign-out opens nothing afterwards; revokeAllSessions ends every session of the user", async () => {
      const up = await signUp(db, OWNER);
      if (!up.ok) throw new Error("sign-up failed");
      const now = new Date();
      const a = await createSession(db, up.user.id, now);
      const copied = a;
      const b = await createSession(db, up.user.id, now);
      expect(await resolveSession(db, copied, now)).toEqual({ userId: up.user.id });
      expect(await rows.session.count({ where: { id: a } })).toBe(0); // only a hash of the token is stored
      await revokeSession(db, a, now);
      expect(await resolveSession(db, copied, now)).toBeNull();
      expect(await resolveSession(db, b, now)).not.toBeNull();
      expect(await revokeAllSessions(db, up.user.id, now)).toBe(1);
      expect(await resolveSession(db, b, now)).toBeNull();
      const c = await createSession(db, up.user.id, now);
      expect(await resolveSession(db, c, at(now, SESSION_TTL_MS + 1))).toBeNull();
      expect(await pruneSessions(db, at(now, SESSION_TTL_MS + 1))).toBe(3);
      expect(await resolveSession(db, "forged-token-forged-token-forged", now)).toBeNull();
    });
  });
});
