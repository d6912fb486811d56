/**
 * A host on a sibling subdomain plants its own valid session cookie (`Domain=.example.com; Path=/`, named like the
 * app's): over https the app reads only `__Host-` cookies, which a browser accepts only from the app's own host,
 * Secure, Path=/ and without Domain, so the planted cookie is never the session. Over plain http (dev on
 * 127.0.0.1) the plain names stay, because browsers refuse `__Host-` cookies without Secure.
 */
import { describe, expect, it } from "vitest";
import { sealData } from "iron-session";
import { NextRequest } from "next/server";
import {
  getSession,
  sessionOptions,
  type CookieJar,
  type CookieOptions,
  cookieName,
  UNPREFIXED_COOKIES,
} from "@magento-integration/handshake";
import { proxy } from "@/proxy";
import { resetEnvForTests } from "@/lib/env";

const secret = "s".repeat(43);
const https = { sessionSecret: secret, nodeEnv: "production" as const, appUrl: "https://app.example.com" };
const http = { sessionSecret: secret, nodeEnv: "development" as const, appUrl: "http://127.0.0.1:3000" };

function jar(cookies: Record<string, string>) {
  const set: Array<{ name: string; value: string; options: CookieOptions }> = [];
  const j: CookieJar = {
    get: (name) => (name in cookies ? { value: cookies[name]! } : undefined),
    set: (name, value, options) => void set.push({ name, value, options }),
  };
  return { j, set };
}

describe("over https", () => {
  it("a session cookie planted under the plain name is not the session", async () => {
    const planted = await sealData(
      { sid: "attacker-session-token-000000000000000000" },
      { password: secret, ttl: 3600 },
    );
    const { j } = jar({ kit_session: planted });
    expect((await getSession(j, https)).sid).toBeUndefined();
  });

  it("the session is set and read as __Host-kit_session, Secure, Path=/ (no Domain)", async () => {
    const { j, set } = jar({});
    const s = await getSession(j, https);
    s.sid = "the-merchants-own-session-token-0000000000";
    await s.save();
    expect(set[0]).toMatchObject({
      name: "__Host-kit_session",
      options: { secure: true, path: "/", httpOnly: true, sameSite: "lax" },
    });
    expect(set[0]!.options).not.toHaveProperty("domain");
    const { j: back } = jar({ __Host_unused: "", [set[0]!.name]: set[0]!.value });
    expect((await getSession(back, https)).sid).toBe("the-merchants-own-session-token-0000000000");
    expect(sessionOptions(https).cookieName).toBe("__Host-kit_session");
  });

  it("the proxy deletes the unprefixed cookies of earlier versions (those browsers sign in again)", () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      NODE_ENV: "production",
      APP_URL: "https://app.example.com",
      SESSION_SECRET: "Kq3v9ZpX2mLr7TnB4wYc8HsJ1dFgUe6A0iOoPkQlRtS",
      ENCRYPTION_KEY: Buffer.from("c2f1a9e47b3d58062e91f4a7c8b05d3e6f1a2b9c4d7e8f0a1b2c3d4e5f607182", "hex").toString(
        "base64",
      ),
    });
    resetEnvForTests();
    try {
      const res = proxy(
        new NextRequest("https://app.example.com/stores", {
          headers: { cookie: "kit_session=old; kit_device=old; other=1" },
        }),
      );
      const cleared = res.cookies
        .getAll()
        .filter((c) => c.value === "" && c.maxAge === 0)
        .map((c) => c.name);
      expect(cleared.sort()).toEqual(["kit_device", "kit_session"]);
    } finally {
      process.env = saved;
      resetEnvForTests();
    }
  });
});

describe("over http (dev on 127.0.0.1)", () => {
  it("plain names, since browsers refuse __Host- cookies without Secure", async () => {
    for (const name of UNPREFIXED_COOKIES) expect(cookieName(name, http)).toBe(name);
    const { j, set } = jar({});
    const s = await getSession(j, http);
    s.sid = "a-dev-session-token-00000000000000000000";
    await s.save();
    expect(set[0]).toMatchObject({ name: "kit_session", options: { secure: false, path: "/" } });
  });
});
