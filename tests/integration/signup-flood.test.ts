/**
 * Sign-up floods through the kit's sign-up verb (what the /signup form's action calls), on SQLite and PostgreSQL.
 * The attack: 200 sign-up posts from one client, 199 of them for an address that already has an account. They used
 * to spend the shared hourly budget although they created nothing, and every new person was then told to come
 * back in an hour. Now they spend only that address's budget, one network spends at most its small share, and past
 * the shared budget sign-ups slow down instead of stopping.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Kit } from "@/lib/kit";
import type { RequestContext } from "@magento-integration/handshake";
import { reserveSignUp, settleSignUp, SIGN_UP_LIMITS } from "@magento-integration/handshake/auth";
import { PROVIDERS, freshDatabase, type TestDatabase } from "../helpers/databases";
import { testKit } from "../helpers/test-kit";

const pw = "a long enough password";
const OWNER = "owner@example.com";

/** A request as the sign-up action makes it: a fresh cookie jar, and the client address behind TRUST_PROXY if any. */
function request(clientIp?: string): RequestContext {
  const jar = new Map<string, string>();
  return {
    cookies: { get: (n) => (jar.has(n) ? { value: jar.get(n)! } : undefined), set: (n, v) => void jar.set(n, v) },
    ...(clientIp ? { clientIp } : {}),
  };
}

describe.each(PROVIDERS)("sign-up floods on %s", (provider) => {
  let db: TestDatabase;
  let kit: Kit;
  let clock: Date;

  beforeEach(async () => {
    db = await freshDatabase(provider);
    clock = new Date("2026-12-07T10:00:00Z");
    kit = await testKit(db, { clock: () => clock });
    expect((await kit.auth.signUp(request("192.0.2.1"), OWNER, pw)).ok).toBe(true);
  });
  afterEach(async () => {
    await kit.close();
    await db.dispose();
  });

  /** The shared budget's count this window (0 when nothing spent it). */
  const sharedSpent = async () => (await db.storage.throttle.get(["signup:all"]))[0]?.failures ?? 0;

  /** 199 posts for the owner's taken address, then one for a new address, all from `from` (one address or many). */
  async function flood(from: (i: number) => string | undefined) {
    const answers = [];
    for (let i = 0; i < 199; i++) answers.push(await kit.auth.signUp(request(from(i)), OWNER, `guess number ${i}`));
    answers.push(await kit.auth.signUp(request(from(199)), "flooder@example.com", pw));
    return answers;
  }

  it("without a trusted proxy: 199 posts for a taken address spend only that address; a new person still signs up", async () => {
    const before = await sharedSpent();
    const answers = await flood(() => undefined);
    // the address's own budget: a few tries, answered "check your email" like any, then refused for that address
    expect(answers.slice(0, 199).filter((a) => !a.ok && a.checkMail)).toHaveLength(SIGN_UP_LIMITS.perAddress - 1);
    expect(answers[198]).toMatchObject({ ok: false, error: expect.stringMatching(/with this address/) });
    expect(answers[199]!.ok).toBe(true);
    // only the account actually created spent the shared budget
    expect((await sharedSpent()) - before).toBe(1);
    expect((await kit.auth.signUp(request(), "newcomer@example.com", pw)).ok).toBe(true);
  });

  it("behind TRUST_PROXY: one /24 (every post from another address in it) spends a small share; another network signs up", async () => {
    const answers = await flood((i) => `203.0.113.${i + 1}`);
    expect(answers[199]!.ok).toBe(true);
    // the network's share is spent only by accounts it created: after its 10, the 11th is refused, for it alone
    const more = [];
    for (let i = 0; i < SIGN_UP_LIMITS.perNetwork + 2; i++)
      more.push(await kit.auth.signUp(request(`203.0.113.${200 + i}`), `bot${i}@example.com`, pw));
    expect(more.filter((a) => a.ok)).toHaveLength(SIGN_UP_LIMITS.perNetwork - 1);
    expect(more.at(-1)).toMatchObject({ ok: false, error: expect.stringMatching(/from your network/) });
    expect(await sharedSpent()).toBeLessThanOrEqual(1 + SIGN_UP_LIMITS.perNetwork);
    expect((await kit.auth.signUp(request("198.51.100.7"), "newcomer@example.com", pw)).ok).toBe(true);
  });

  it("behind TRUST_PROXY: one IPv6 /64 (a new address each post) spends only its share", async () => {
    const answers = [];
    for (let i = 0; i < 30; i++)
      answers.push(
        await kit.auth.signUp(request(`2001:db8:0:7:${(i + 1).toString(16)}::1`), `six${i}@example.com`, pw),
      );
    expect(answers.filter((a) => a.ok)).toHaveLength(SIGN_UP_LIMITS.perNetwork);
    expect((await kit.auth.signUp(request("2001:db8:0:8::1"), "newcomer@example.com", pw)).ok).toBe(true);
  });

  it("past the shared budget sign-ups slow down (one per 30 s for everyone) instead of stopping for an hour", async () => {
    const now = clock;
    for (let i = await sharedSpent(); i < SIGN_UP_LIMITS.global; i++) {
      const net = Math.floor(i / SIGN_UP_LIMITS.perNetwork);
      const r = await reserveSignUp(db.storage, `spent${i}@example.com`, { ip: `10.${net}.0.${i % 250}` }, now);
      if ("refused" in r) throw new Error(`refused at ${i}: ${r.refused}`);
      await settleSignUp(db.storage, r, true, now);
    }
    expect((await kit.auth.signUp(request("198.51.100.1"), "first@example.com", pw)).ok).toBe(true);
    expect(await kit.auth.signUp(request("198.51.100.2"), "second@example.com", pw)).toMatchObject({
      ok: false,
      error: "Many accounts are being created right now. Wait 30 seconds, then send the form again.",
    });
    clock = new Date(now.getTime() + SIGN_UP_LIMITS.overflowSpacingMs);
    // an attempt for a taken address takes the slow lane's slot only while it runs: it gives it back
    expect(await kit.auth.signUp(request("198.51.100.3"), OWNER, "somebody's guess")).toMatchObject({
      checkMail: true,
    });
    expect((await kit.auth.signUp(request("198.51.100.2"), "second@example.com", pw)).ok).toBe(true);
  });
});
