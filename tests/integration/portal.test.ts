import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevStore, type DevStore } from "../../packages/devstore/src/server";
import {
  createPortalClient,
  memoryTokenCache,
  PortalError,
  REAL_TOKEN_PATH,
  SEED_TOKEN_PATH,
} from "@magento-integration/handshake/portal";

let store: DevStore;

beforeAll(async () => {
  store = await startDevStore({ port: 0, host: "127.0.0.1", portalTokenTtlSeconds: 600 });
});
afterAll(async () => {
  await store?.close();
});

/** fetch that counts token requests. */
function countingFetch() {
  const calls: string[] = [];
  const f: typeof fetch = async (input, init) => {
    calls.push(`${init?.method ?? "GET"} ${new URL(String(input)).pathname}`);
    return fetch(input, init);
  };
  return { f, calls, tokenCalls: () => calls.filter((c) => c.includes("session/token")).length };
}

const creds = { appId: "demo-app-id", appSecret: "demo-app-secret" };

async function moveStoreClock(offsetSeconds: number) {
  const res = await fetch(`${store.url}/admin/api/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ offsetSeconds }),
  });
  expect(res.ok).toBe(true);
}

describe("developer-portal session tokens against the dev store", () => {
  it("gets a token on the seed path (platform_id) and the profile with it", async () => {
    const { f } = countingFetch();
    const client = createPortalClient({ baseUrl: store.portalUrl, ...creds }, { fetch: f });
    const token = await client.getToken();
    expect(token.idField).toBe("platform_id");
    expect(token.accountId).toMatch(/^MAG/);
    expect(token.expiresInSeconds).toBe(600);
    expect(token.fromCache).toBe(false);
    const { profile } = await client.getProfile();
    expect(profile.mage_id).toBe(token.accountId);
    expect(typeof profile.email).toBe("string");
  });

  it("reads mage_id on the real portal's path", async () => {
    const client = createPortalClient({ baseUrl: store.portalUrl, ...creds, tokenPath: REAL_TOKEN_PATH }, { fetch });
    const token = await client.getToken();
    expect(token.idField).toBe("mage_id");
    const { profile } = await client.getProfile();
    expect(profile.mage_id).toBe(token.accountId);
  });

  it("caches until expires_in minus the margin, then refreshes", async () => {
    let now = 1_000_000;
    const counting = countingFetch();
    const client = createPortalClient(
      { baseUrl: store.portalUrl, ...creds, tokenPath: SEED_TOKEN_PATH },
      { fetch: counting.f, now: () => now, cache: memoryTokenCache(), marginSeconds: 30 },
    );
    const first = await client.getToken();
    expect(first.refreshAt).toBe(now + 570_000);
    now += 500_000;
    const again = await client.getToken();
    expect(again.fromCache).toBe(true);
    expect(again.ust).toBe(first.ust);
    expect(counting.tokenCalls()).toBe(1);
    now += 80_000; // past refreshAt (570 s)
    const refreshed = await client.getToken();
    expect(refreshed.fromCache).toBe(false);
    expect(refreshed.ust).not.toBe(first.ust);
    expect(counting.tokenCalls()).toBe(2);
  });

  it("concurrent callers share one token request", async () => {
    const counting = countingFetch();
    const client = createPortalClient({ baseUrl: store.portalUrl, ...creds }, { fetch: counting.f });
    const [a, b, c] = await Promise.all([client.getToken(), client.getToken(), client.getToken()]);
    expect(new Set([a.ust, b.ust, c.ust]).size).toBe(1);
    expect(counting.tokenCalls()).toBe(1);
  });

  it("when the portal expired the token first (its clock ahead), the profile call gets a new token and retries once", async () => {
    const counting = countingFetch();
    const client = createPortalClient({ baseUrl: store.portalUrl, ...creds }, { fetch: counting.f });
    const first = await client.getToken();
    await moveStoreClock(700); // the portal now counts the 600 s token as expired
    try {
      const direct = await fetch(`${store.portalUrl}/rest/v1/users/${first.accountId}`, {
        headers: { authorization: `Bearer ${first.ust}` },
      });
      expect(direct.status).toBe(401);
      const { profile, token } = await client.getProfile();
      expect(profile.mage_id).toBe(first.accountId);
      expect(token.ust).not.toBe(first.ust);
      expect(counting.tokenCalls()).toBe(2);
    } finally {
      await moveStoreClock(0);
    }
  });

  it("names the failure on bad credentials and on an unknown path", async () => {
    const bad = createPortalClient({ baseUrl: store.portalUrl, appId: "demo-app-id", appSecret: "wrong" }, { fetch });
    const err = await bad.getToken().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PortalError);
    expect((err as PortalError).status).toBe(401);
    expect((err as PortalError).portalMessage).toMatch(/credentials/i);
    const wrongPath = createPortalClient({ baseUrl: store.portalUrl, ...creds, tokenPath: "/rest/v1/nope" }, { fetch });
    const err2 = await wrongPath.getToken().catch((e: unknown) => e);
    expect((err2 as PortalError).status).toBe(404);
  });
});
