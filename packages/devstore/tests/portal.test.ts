/** The developer-portal API under /devportal (docs/spec/store-rest-service.md "Developer-portal API"). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, startDevStore, type DevStore } from "../../../tests/helpers/devstore-client";

let store: DevStore;
beforeAll(async () => {
  store = await startDevStore({ portalTokenTtlSeconds: 600 });
});
afterAll(async () => {
  await store.close();
});

const basic = (id: string, secret: string) => "Basic " + Buffer.from(`${id}:${secret}`).toString("base64");

async function sessionToken(path: "apps" | "app", body: unknown, auth = basic("demo-app-id", "demo-app-secret")) {
  const res = await fetch(`${store.portalUrl}/rest/v1/${path}/session/token`, {
    method: "POST",
    headers: { authorization: auth, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const user = (id: string, ust: string, query = "") =>
  fetch(`${store.portalUrl}/rest/v1/users/${id}${query}`, { headers: { authorization: `Bearer ${ust}` } }).then(
    async (r) => ({
      status: r.status,
      json: (await r.json()) as Record<string, unknown>,
    }),
  );

describe("developer portal", () => {
  it("the seed path answers platform_id, ust, expires_in", async () => {
    const t = await sessionToken("apps", { grant_type: "session" });
    expect(t.status).toBe(200);
    expect(Object.keys(t.json).sort()).toEqual(["expires_in", "platform_id", "ust"]);
    expect(t.json.platform_id).toBe("MAG123456789");
    expect(t.json.expires_in).toBe(600);
  });

  it("the real path answers mage_id and caps expires_in at the system maximum", async () => {
    const t = await sessionToken("app", { grant_type: "session", expires_in: 100_000 });
    expect(t.status).toBe(200);
    expect(t.json.mage_id).toBe("MAG123456789");
    expect(t.json.expires_in).toBe(600);
    expect((await sessionToken("app", { grant_type: "session", expires_in: 60 })).json.expires_in).toBe(60);
  });

  it("refuses other grant types and bad credentials", async () => {
    expect((await sessionToken("app", { grant_type: "client_credentials" })).status).toBe(400);
    expect((await sessionToken("app", {})).json).toEqual({ code: 1102, message: "grant_type is required." });
    for (const expires_in of [-5, 1.5, "60"]) {
      expect((await sessionToken("app", { grant_type: "session", expires_in })).json, String(expires_in)).toEqual({
        code: 1104,
        message: "expires_in must be a positive integer number of seconds.",
      });
    }
    const noBasic = await fetch(`${store.portalUrl}/rest/v1/app/session/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "session" }),
    });
    expect(noBasic.status).toBe(401);
    expect(await noBasic.json()).toEqual({ code: 1201, message: "Invalid application credentials." });
    const bad = await sessionToken("app", { grant_type: "session" }, basic("demo-app-id", "wrong"));
    expect(bad.status).toBe(401);
    expect(bad.json).toHaveProperty("code");
    expect(bad.json).toHaveProperty("message");
  });

  it("returns the user profile with the ust, in full or summary style", async () => {
    const { json } = await sessionToken("app", { grant_type: "session" });
    const full = await user("MAG123456789", json.ust as string);
    expect(full.status).toBe(200);
    expect(full.json).toMatchObject({
      mage_id: "MAG123456789",
      first_name: "Demo",
      last_name: "Developer",
      email: "developer@example.com",
      screen_name: "demo-dev",
    });
    expect(full.json).toHaveProperty("company_profile");
    const summary = await user("MAG123456789", json.ust as string, "?style=summary");
    expect(summary.json).toHaveProperty("profile_image_artifact");
    expect(summary.json).not.toHaveProperty("company_profile");
  });

  it("refuses unknown and expired tokens with 401 {code, message}", async () => {
    const unknown = await user("MAG123456789", "nope");
    expect(unknown.status).toBe(401);
    expect(unknown.json.code).toBe(1208);
    const { json } = await sessionToken("app", { grant_type: "session", expires_in: 60 });
    expect((await user("MAG123456789", json.ust as string)).status).toBe(200);
    await adminApi(store, "POST", "/clock", { offsetSeconds: 61 });
    try {
      const expired = await user("MAG123456789", json.ust as string);
      expect(expired.status).toBe(401);
      expect(expired.json).toMatchObject({ code: 1208 });
    } finally {
      await adminApi(store, "POST", "/clock", { offsetSeconds: 0 });
    }
  });
});
