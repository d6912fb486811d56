/**
 * The dev store's admin refuses what a web page the developer visits could send it: cross-site text/plain or
 * body-less POSTs (no CORS preflight) that create or activate integrations, and requests under another Host
 * (DNS rebinding reads every consumer secret). The developer's own scripts and browser tab keep working.
 */
import { afterAll, describe, expect, it } from "vitest";
import { adminApi, rawRequest, startDevStore, type IntegrationJson } from "../../../tests/helpers/devstore-client";

const store = await startDevStore({ profile: "2.4.7" });
afterAll(() => store.close());
const port = new URL(store.url).port;
const count = async () => (await adminApi<IntegrationJson[]>(store, "GET", "/integrations")).json.length;

describe("cross-site writes", () => {
  it("refuses a text/plain POST carrying JSON (what a cross-site <form enctype=text/plain> or no-cors fetch sends)", async () => {
    const before = await count();
    const res = await rawRequest(store.url, {
      method: "POST",
      path: "/admin/api/integrations",
      headers: {
        "Content-Type": "text/plain;charset=UTF-8",
        Origin: "http://attacker.test",
        "Sec-Fetch-Site": "cross-site",
      },
      body: JSON.stringify({ name: "Evil", endpoint: "http://attacker.test/cb", resources: "all" }),
    });
    expect(res.status).toBe(403);
    expect(await count()).toBe(before);
  });

  it("refuses text/plain even without Origin: the JSON API takes JSON bodies only", async () => {
    const before = await count();
    const res = await rawRequest(store.url, {
      method: "POST",
      path: "/admin/api/integrations",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ name: "Evil", resources: "all" }),
    });
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body).message).toMatch(/application\/json/);
    expect(await count()).toBe(before);
  });

  it("refuses a body-less cross-site POST that would activate an integration (and so post its secrets)", async () => {
    const made = await adminApi<IntegrationJson>(store, "POST", "/integrations", { name: "Victim", resources: "all" });
    const res = await rawRequest(store.url, {
      method: "POST",
      path: `/admin/api/integrations/${made.json.id}/activate`,
      headers: { Origin: "http://attacker.test" },
    });
    expect(res.status).toBe(403);
    const page = await rawRequest(store.url, {
      method: "POST",
      path: `/admin/admin/integration/tokensExchange/id/${made.json.id}/`,
      headers: { Origin: "null" },
    });
    expect(page.status).toBe(403);
    expect((await adminApi<IntegrationJson>(store, "GET", `/integrations/${made.json.id}`)).json.status).toBe(
      "Inactive",
    );
  });

  it("refuses a cross-site form POST to the admin pages, serves the store's own", async () => {
    const before = await count();
    const form = "name=Evil&endpoint=http%3A%2F%2Fattacker.test%2Fcb&all_resources=1";
    const evil = await rawRequest(store.url, {
      method: "POST",
      path: "/admin/admin/integration/save/",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://attacker.test" },
      body: form,
    });
    expect(evil.status).toBe(403);
    const own = await rawRequest(store.url, {
      method: "POST",
      path: "/admin/admin/integration/save/",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: store.url,
        "Sec-Fetch-Site": "same-origin",
      },
      body: form,
    });
    expect(own.status).toBe(302);
    expect(await count()).toBe(before + 1);
  });

  it("serves the developer's JSON scripts", async () => {
    const res = await adminApi<IntegrationJson>(store, "POST", "/integrations", { name: "Script", resources: "all" });
    expect(res.status).toBe(200);
  });
});

describe("DNS rebinding", () => {
  it("refuses to list integrations (and their secrets) under a Host the store is not bound to", async () => {
    const res = await rawRequest(store.url, {
      method: "GET",
      path: "/admin/api/integrations",
      headers: { Host: `rebind.attacker.test:${port}` },
    });
    expect(res.status).toBe(421);
    expect(res.body).not.toMatch(/consumer_secret/);
    const page = await rawRequest(store.url, {
      method: "GET",
      path: "/admin/admin/integration/",
      headers: { Host: `rebind.attacker.test:${port}` },
    });
    expect(page.status).toBe(421);
  });

  it("answers under its own host and localhost on its port", async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const res = await rawRequest(store.url, {
        method: "GET",
        path: "/admin/api/integrations",
        headers: { Host: host },
      });
      expect(res.status).toBe(200);
    }
  });
});
