import { describe, expect, it } from "vitest";
import {
  createPortalClient,
  maskToken,
  memoryTokenCache,
  PortalError,
  REAL_TOKEN_PATH,
  SEED_TOKEN_PATH,
  createPortalAppStore,
} from "@magento-integration/handshake/portal";
import { type PortalAppRepo, type PortalAppRow, createSecretBox } from "@magento-integration/storage";
import { randomBytes } from "node:crypto";

type Call = { url: string; init: RequestInit | undefined };

function fakePortal(responses: Array<(call: Call) => Response>) {
  const calls: Call[] = [];
  const f: typeof fetch = async (input, init) => {
    const call = { url: String(input), init };
    calls.push(call);
    const next = responses.shift();
    if (!next) throw new Error("unexpected call");
    return next(call);
  };
  return { f, calls };
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A portal answer that streams 1 MiB chunks of a JSON string for as long as it is read (up to 256 MiB); counts them. */
function endlessAnswer(status: number): { response: Response; pulledMiB: () => number } {
  let pulled = 0;
  const chunk = new Uint8Array(1024 * 1024).fill(97);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"ust":"'));
    },
    pull(controller) {
      if (pulled >= 256) return controller.close();
      pulled++;
      controller.enqueue(chunk);
    },
  });
  return {
    response: new Response(body, { status, headers: { "content-type": "application/json" } }),
    pulledMiB: () => pulled,
  };
}

describe("session-token client", () => {
  it("reads at most 1 MiB of a portal's answer (a portal URL is any user's input): larger is refused, not held", async () => {
    // one portal answering gigabytes to the token call ended the production server (V8: string too long)
    for (const status of [200, 400]) {
      const answer = endlessAnswer(status);
      const c = createPortalClient(
        { baseUrl: "https://p", appId: "a", appSecret: "b" },
        { fetch: fakePortal([() => answer.response]).f },
      );
      const err = await c.getToken().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PortalError);
      if (status === 200) expect((err as PortalError).message).toMatch(/larger than 1024 KiB/);
      expect(answer.pulledMiB()).toBeLessThanOrEqual(2);
    }
  });

  it("sends Basic app credentials, JSON grant_type session, on the seed path by default", async () => {
    const { f, calls } = fakePortal([() => json(200, { platform_id: "P1", ust: "u-1", expires_in: 3600 })]);
    const c = createPortalClient(
      { baseUrl: "https://portal.example/", appId: "id:x", appSecret: "s€cret" },
      { fetch: f, now: () => 0 },
    );
    const t = await c.getToken();
    expect(calls[0]!.url).toBe(`https://portal.example${SEED_TOKEN_PATH}`);
    const headers = new Headers(calls[0]!.init!.headers);
    expect(headers.get("authorization")).toBe(`Basic ${Buffer.from("id:x:s€cret").toString("base64")}`);
    expect(headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ grant_type: "session" });
    expect(t).toMatchObject({
      ust: "u-1",
      accountId: "P1",
      idField: "platform_id",
      expiresAt: 3_600_000,
      refreshAt: 3_540_000,
    });
  });

  it("reads mage_id on the real path and caps the margin at a tenth of a short lifetime", async () => {
    const { f, calls } = fakePortal([() => json(200, { mage_id: "MAG1", ust: "u", expires_in: 10 })]);
    const c = createPortalClient(
      { baseUrl: "https://p", appId: "a", appSecret: "b", tokenPath: REAL_TOKEN_PATH },
      { fetch: f, now: () => 1000 },
    );
    const t = await c.getToken();
    expect(calls[0]!.url).toBe("https://p/rest/v1/app/session/token");
    expect(t.idField).toBe("mage_id");
    expect(t.refreshAt).toBe(1000 + 10_000 - 1_000);
  });

  it("refuses a response without an account id, and surfaces the portal's {code, message}", async () => {
    const { f } = fakePortal([
      () => json(200, { ust: "u", expires_in: 5 }),
      () => json(401, { code: 1201, message: "Invalid application credentials." }),
    ]);
    const c = createPortalClient({ baseUrl: "https://p", appId: "a", appSecret: "b" }, { fetch: f });
    await expect(c.getToken()).rejects.toThrow(/neither platform_id nor mage_id/);
    const err = (await c.getToken().catch((e: unknown) => e)) as PortalError;
    expect(err).toBeInstanceOf(PortalError);
    expect(err.portalCode).toBe(1201);
    expect(err.message).toContain("Invalid application credentials.");
  });

  it("profile: Bearer ust on /rest/v1/users/{id}; a 401 gets one new token and one retry", async () => {
    const { f, calls } = fakePortal([
      () => json(200, { platform_id: "P1", ust: "old", expires_in: 3600 }),
      () => json(401, { code: 1208, message: "Session token has expired." }),
      () => json(200, { platform_id: "P1", ust: "new", expires_in: 3600 }),
      () => json(200, { mage_id: "P1", email: "d@example.com" }),
    ]);
    const c = createPortalClient(
      { baseUrl: "https://p", appId: "a", appSecret: "b" },
      { fetch: f, cache: memoryTokenCache() },
    );
    const { profile, token } = await c.getProfile();
    expect(profile.email).toBe("d@example.com");
    expect(token.ust).toBe("new");
    expect(calls.map((x) => x.url)).toEqual([
      "https://p/rest/v1/apps/session/token",
      "https://p/rest/v1/users/P1",
      "https://p/rest/v1/apps/session/token",
      "https://p/rest/v1/users/P1",
    ]);
    expect(new Headers(calls[3]!.init!.headers).get("authorization")).toBe("Bearer new");
  });

  it("masks tokens", () => {
    expect(maskToken("abcdefghijklmnop")).toBe("abcd…mnop");
    expect(maskToken("short")).toBe("••••");
  });
});

describe("portal app store", () => {
  /** An in-memory PortalAppRepo (packages/storage/src/storage): what the store writes is what a database row would hold. */
  function fakeDb() {
    const rows = new Map<string, PortalAppRow>();
    const db: PortalAppRepo = {
      get: async (userId) => rows.get(userId) ?? null,
      save: async (userId, v) => {
        const row = rows.get(userId);
        const { appSecretEnc, ...rest } = v;
        rows.set(userId, {
          ...(row ?? { userId, appSecretEnc: "" }),
          ...rest,
          ...(appSecretEnc !== undefined ? { appSecretEnc } : {}),
          updatedAt: new Date(),
        });
      },
      setCachedToken: async (userId, t) => {
        const row = rows.get(userId);
        if (row)
          rows.set(userId, {
            ...row,
            cachedTokenEnc: t?.enc ?? null,
            cachedAccountId: t?.accountId ?? null,
            cachedExpiresAt: t?.expiresAt ?? null,
          });
      },
      delete: async (userId) => {
        rows.delete(userId);
      },
      sealed: async () =>
        [...rows.values()].map((r) => ({
          userId: r.userId,
          appSecretEnc: r.appSecretEnc,
          cachedTokenEnc: r.cachedTokenEnc,
        })),
      replaceSealed: async () => undefined,
    };
    return { db, rows };
  }
  const box = createSecretBox([{ id: "t", key: randomBytes(32) }]);

  it("stores the secret and token sealed, keeps the secret when left empty, and drops the token on change", async () => {
    const { db, rows } = fakeDb();
    const store = createPortalAppStore(db, box);
    await store.save("u1", { appId: "app", appSecret: "top-secret", baseUrl: "https://p", tokenPath: SEED_TOKEN_PATH });
    expect(JSON.stringify([...rows.values()])).not.toContain("top-secret");
    expect(await store.config("u1")).toEqual({
      appId: "app",
      appSecret: "top-secret",
      baseUrl: "https://p",
      tokenPath: SEED_TOKEN_PATH,
    });
    const cache = store.tokenCache("u1");
    await cache.set({
      ust: "the-ust",
      accountId: "P1",
      idField: "platform_id",
      expiresInSeconds: 60,
      obtainedAt: 0,
      refreshAt: 54_000,
      expiresAt: 60_000,
    });
    expect(JSON.stringify([...rows.values()])).not.toContain("the-ust");
    expect(await cache.get()).toMatchObject({ ust: "the-ust", accountId: "P1", expiresAt: 60_000 });
    expect((await store.settings("u1"))?.cached?.accountId).toBe("P1");
    await store.save("u1", { appId: "app", baseUrl: "https://p", tokenPath: REAL_TOKEN_PATH }); // same portal and app
    expect((await store.config("u1"))?.appSecret).toBe("top-secret");
    expect(await cache.get()).toBeUndefined();
    await store.remove("u1");
    expect(await store.settings("u1")).toBeNull();
  });
});
