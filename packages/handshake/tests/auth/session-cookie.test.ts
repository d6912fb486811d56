/**
 * The session cookie as getSession opens it: a cookie this process has opened before is answered from memory,
 * which must give exactly what unsealing gives: the same data, nothing for a tampered or foreign cookie, nothing
 * once the seal has expired.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { sealData } from "iron-session";
import { getSession, sessionOptions, type CookieJar } from "@magento-integration/handshake";

const env = { sessionSecret: "s".repeat(43), nodeEnv: "test" as const };
const jarWith = (value: string | undefined): CookieJar => ({
  get: (name) => (name === "kit_session" && value !== undefined ? { value } : undefined),
  set: () => undefined,
});
const seal = (data: object, ttl = sessionOptions(env).ttl, password = env.sessionSecret) =>
  sealData(data, { password, ttl });

afterEach(() => {
  vi.useRealTimers();
});

describe("getSession", () => {
  it("opens the same cookie to the same data every time, each caller with its own copy", async () => {
    const cookie = await seal({
      sid: "a".repeat(43),
      linkConsent: { consumerKey: "k".repeat(32), activationId: "act-1", at: 1 },
    });
    const first = await getSession(jarWith(cookie), env);
    expect(first.sid).toBe("a".repeat(43));
    first.sid = "changed";
    delete first.linkConsent;
    const second = await getSession(jarWith(cookie), env);
    expect(second.sid).toBe("a".repeat(43));
    expect(second.linkConsent).toEqual({ consumerKey: "k".repeat(32), activationId: "act-1", at: 1 });
  });

  it("gives nothing for a tampered copy of a cookie it has opened, or one sealed with another secret", async () => {
    const cookie = await seal({ sid: "b".repeat(43) });
    expect((await getSession(jarWith(cookie), env)).sid).toBe("b".repeat(43));
    const parts = cookie.split("*");
    parts[4] = parts[4]!.replace(/^./, (c) => (c === "A" ? "B" : "A")); // the ciphertext
    expect((await getSession(jarWith(parts.join("*")), env)).sid).toBeUndefined();
    const hmac = cookie.replace(/.(~2)$/, (m, v: string) => `${m[0] === "A" ? "B" : "A"}${v}`); // the MAC
    expect((await getSession(jarWith(hmac), env)).sid).toBeUndefined();
    expect((await getSession(jarWith(cookie), { ...env, sessionSecret: "t".repeat(43) })).sid).toBeUndefined();
    const foreign = await seal({ sid: "c".repeat(43) }, undefined, "t".repeat(43));
    expect((await getSession(jarWith(foreign), env)).sid).toBeUndefined();
  });

  it("stops opening a cookie it has opened once the seal's expiry has passed", async () => {
    vi.useFakeTimers({ now: new Date("2030-01-01T00:00:00Z"), toFake: ["Date"] });
    const cookie = await seal({ sid: "d".repeat(43) }, 120);
    expect((await getSession(jarWith(cookie), env)).sid).toBe("d".repeat(43));
    vi.setSystemTime(new Date("2030-01-01T00:01:00Z"));
    expect((await getSession(jarWith(cookie), env)).sid).toBe("d".repeat(43));
    vi.setSystemTime(new Date("2030-01-01T00:04:00Z")); // past the seal's expiry and iron's minute of clock skew
    expect((await getSession(jarWith(cookie), env)).sid).toBeUndefined();
  });
});
