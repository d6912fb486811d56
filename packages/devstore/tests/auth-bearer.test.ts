/** Admin and customer tokens, the lockout, and integration tokens used as Bearer. */
import { describe, expect, it } from "vitest";
import {
  activateWithReceiver,
  adminApi,
  exchangeTokens,
  rawRequest,
  startDevStore,
  storeAndReceiverForFile,
  type DevStore,
} from "../../../tests/helpers/devstore-client";

const { store, receiver } = await storeAndReceiverForFile();

const SIGN_IN_FAILED =
  "The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.";

async function token(s: DevStore, kind: "admin" | "customer", username: string, password: string) {
  const res = await rawRequest(s.url, {
    method: "POST",
    path: `/rest/V1/integration/${kind}/token`,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  return { status: res.status, body: JSON.parse(res.body) as unknown };
}

/** A store on a clock the test moves (`advance(seconds)`), so expiry checks never straddle a real second. */
async function storeOnTestClock() {
  let nowMs = Math.floor(Date.now() / 1000) * 1000;
  const s = await startDevStore({ profile: "2.4.7", now: () => nowMs });
  return { s, advance: (seconds: number) => void (nowMs += seconds * 1000) };
}

const get = (s: DevStore, path: string, bearer?: string) =>
  rawRequest(s.url, { method: "GET", path, headers: bearer ? { Authorization: `Bearer ${bearer}` } : {} });

describe("admin and customer tokens", () => {
  it("issues an admin token as a bare JSON string (JWT-shaped on 2.4.4+) that works as Bearer", async () => {
    const t = await token(store, "admin", "admin", "admin123");
    expect(t.status).toBe(200);
    expect(typeof t.body).toBe("string");
    expect(t.body as string).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await get(store, "/rest/V1/store/storeViews", t.body as string)).status).toBe(200);
    expect((await get(store, "/rest/V1/store/storeViews")).status).toBe(401);
  });

  it("issues 32-char opaque tokens on 2.4.3", async () => {
    const s = await startDevStore({ profile: "2.4.3" });
    try {
      const t = await token(s, "admin", "admin", "admin123");
      expect(t.body).toMatch(/^[0-9a-z]{32}$/);
    } finally {
      await s.close();
    }
  });

  it("issues a customer token for the seed customer; /V1/customers/me answers for them", async () => {
    const t = await token(store, "customer", "roni_cost@example.com", "roni_cost3");
    expect(t.status).toBe(200);
    const me = await get(store, "/rest/V1/customers/me", t.body as string);
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body).email).toBe("roni_cost@example.com");
  });

  it("refuses wrong credentials with Magento's message and missing fields as input errors", async () => {
    const bad = await token(store, "customer", "roni_cost@example.com", "nope");
    expect(bad).toEqual({ status: 401, body: { message: SIGN_IN_FAILED } });
    const res = await rawRequest(store.url, {
      method: "POST",
      path: "/rest/V1/integration/admin/token",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).message).toBe("One or more input exceptions have occurred.");
  });

  it("an admin token expires after 60 minutes on the store clock", async () => {
    const { s, advance } = await storeOnTestClock();
    try {
      const t = (await token(s, "admin", "admin", "admin123")).body as string;
      advance(3599);
      expect((await get(s, "/rest/V1/store/storeViews", t)).status).toBe(200);
      advance(1);
      expect((await get(s, "/rest/V1/store/storeViews", t)).status).toBe(401);
    } finally {
      await s.close();
    }
  });
});

describe("lockout after 6 failures", () => {
  it.each([
    ["admin", "admin", "admin123"],
    ["customer", "roni_cost@example.com", "roni_cost3"],
  ] as const)(
    "%s: the 7th attempt fails even with the right password; 1800 s later it works",
    async (kind, user, password) => {
      const { s, advance } = await storeOnTestClock();
      try {
        for (let i = 0; i < 5; i++) expect((await token(s, kind, user, "wrong")).status).toBe(401);
        // 5 failures: not locked yet
        expect((await token(s, kind, user, password)).status).toBe(200);
        for (let i = 0; i < 6; i++) expect((await token(s, kind, user, "wrong")).status).toBe(401);
        expect(await token(s, kind, user, password)).toEqual({ status: 401, body: { message: SIGN_IN_FAILED } });
        advance(1799);
        expect((await token(s, kind, user, password)).status).toBe(401);
        advance(1);
        expect((await token(s, kind, user, password)).status).toBe(200);
      } finally {
        await s.close();
      }
    },
  );

  it("after the lock runs out, the stale count stays: one more failure locks the account again", async () => {
    const { s, advance } = await storeOnTestClock();
    try {
      for (let i = 0; i < 6; i++) await token(s, "admin", "admin", "wrong");
      expect(await token(s, "admin", "admin", "admin123")).toEqual({ status: 401, body: { message: SIGN_IN_FAILED } });
      advance(1800);
      expect((await token(s, "admin", "admin", "wrong")).status).toBe(401);
      expect(await token(s, "admin", "admin", "admin123")).toEqual({ status: 401, body: { message: SIGN_IN_FAILED } });
      // A success (after this lock ran out too) deletes the row: counting starts again from zero.
      advance(1800);
      expect((await token(s, "admin", "admin", "admin123")).status).toBe(200);
      expect((await token(s, "admin", "admin", "wrong")).status).toBe(401);
      expect((await token(s, "admin", "admin", "admin123")).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('the Bearer header (TokenUserContext: explode(" ") must give exactly two pieces)', () => {
  it("takes `Bearer <token>` with `bearer` in any case, and nothing else (HTTP itself trims the ends)", async () => {
    const t = (await token(store, "admin", "admin", "admin123")).body as string;
    const status = async (authorization: string) =>
      (
        await rawRequest(store.url, {
          method: "GET",
          path: "/rest/V1/store/storeViews",
          headers: { Authorization: authorization },
        })
      ).status;
    expect(await status(`Bearer ${t}`)).toBe(200);
    expect(await status(`bEaReR ${t}`)).toBe(200);
    expect(await status(`Bearer  ${t}`)).toBe(401);
    expect(await status(`Bearer\t${t}`)).toBe(401);
    expect(await status(`Token ${t}`)).toBe(401);
  });
});

describe("integration access token as Bearer", () => {
  async function integrationToken(s: DevStore) {
    const a = await activateWithReceiver(s, receiver);
    return (await exchangeTokens(s, a.creds, "C")).token;
  }

  it("is ignored by default (guest → 401 not authorized)", async () => {
    const t = await integrationToken(store);
    const res = await get(store, "/rest/V1/products/ABC%2F10", t);
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toEqual({
      message: "The consumer isn't authorized to access %resources.",
      parameters: { resources: "Magento_Catalog::products" },
    });
  });

  it("is accepted when integrationAsBearer is on", async () => {
    const s = await startDevStore({ profile: "2.4.7", integrationAsBearer: true });
    try {
      const t = await integrationToken(s);
      expect((await get(s, "/rest/V1/products/ABC%2F10", t)).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it("is refused once revoked, even with the flag on", async () => {
    const s = await startDevStore({ profile: "2.4.7", integrationAsBearer: true });
    try {
      const a = await activateWithReceiver(s, receiver);
      const t = (await exchangeTokens(s, a.creds, "C")).token;
      expect((await get(s, "/rest/V1/products/ABC%2F10", t)).status).toBe(200);
      expect((await adminApi(s, "POST", `/integrations/${a.integration.id}/revoke`)).json).toEqual({ revoked: true });
      const res = await get(s, "/rest/V1/products/ABC%2F10", t);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body)).toEqual({
        message: "The consumer isn't authorized to access %resources.",
        parameters: { resources: "Magento_Catalog::products" },
      });
    } finally {
      await s.close();
    }
  });

  it("is accepted on 2.4.3 without any flag (enable_integration_as_bearer exists from 2.4.4), refused on 2.4.5", async () => {
    const old = await startDevStore({ profile: "2.4.3" });
    const newer = await startDevStore({ profile: "2.4.5" });
    try {
      const a = await activateWithReceiver(old, receiver);
      expect(
        (await get(old, "/rest/V1/products/ABC%2F10", (await exchangeTokens(old, a.creds, "A")).token)).status,
      ).toBe(200);
      const b = await activateWithReceiver(newer, receiver);
      expect(
        (await get(newer, "/rest/V1/products/ABC%2F10", (await exchangeTokens(newer, b.creds, "B")).token)).status,
      ).toBe(401);
    } finally {
      await old.close();
      await newer.close();
    }
  });
});
