/**
 * Activate / Reauthorize through the admin JSON API: the callback POST (fields, order,
 * 5 s timeout, no redirect followed, status ignored, transport failure message), the identity URL,
 * manual mode, revoke, delete, reset.
 */
import { describe, expect, it } from "vitest";
import {
  activateWithReceiver,
  adminApi,
  deadUrl,
  exchangeTokens,
  rawRequest,
  signedRequest,
  startDevStore,
  startReceiver,
  storeAndReceiverForFile,
  type IntegrationJson,
} from "../../../tests/helpers/devstore-client";
import { postToConsumer } from "../src/integrations/activation";
import { IntegrationState } from "../src/integrations/state";
import { getProfile } from "../src/config/profiles";
import { OauthException } from "../src/auth/oauth-errors";

const { store, receiver } = await storeAndReceiverForFile();

const POST_FAILED = "The attempt to post data to consumer failed due to an unexpected error. Please try again later.";

async function create(body: Record<string, unknown>) {
  const res = await adminApi<IntegrationJson>(store, "POST", "/integrations", {
    name: "App",
    resources: "all",
    ...body,
  });
  expect(res.status).toBe(200);
  return res.json;
}

describe("Activate with both URLs", () => {
  it("POSTs the four form fields in Magento's order to the Callback URL", async () => {
    const i = await create({ endpoint: receiver.url, identityLinkUrl: "https://app.example.com/identity" });
    const before = receiver.posts.length;
    const { json } = await adminApi<{ identity_url: string; callback: { status: number } }>(
      store,
      "POST",
      `/integrations/${i.id}/activate`,
    );
    const post = receiver.posts[before]!;
    expect(post.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(post.fields.map(([k]) => k)).toEqual([
      "oauth_consumer_key",
      "oauth_consumer_secret",
      "store_base_url",
      "oauth_verifier",
    ]);
    const f = Object.fromEntries(post.fields);
    expect(f.oauth_consumer_key).toBe(i.consumer_key);
    expect(f.oauth_consumer_secret).toBe(i.consumer_secret);
    expect(f.store_base_url).toBe(store.storeBaseUrl);
    expect(f.store_base_url!.endsWith("/")).toBe(true);
    expect(f.oauth_verifier).toMatch(/^[0-9a-z]{32}$/);
    expect(json.callback.status).toBe(200);
  });

  it("returns the identity URL Magento's admin opens: ?oauth_consumer_key=…&success_call_back=…", async () => {
    const i = await create({ endpoint: receiver.url, identityLinkUrl: "https://app.example.com/identity" });
    const { json } = await adminApi<{ identity_url: string }>(store, "POST", `/integrations/${i.id}/activate`);
    const [base, query] = json.identity_url.split("?");
    expect(base).toBe("https://app.example.com/identity");
    const params = [...new URLSearchParams(query)];
    expect(params.map(([k]) => k)).toEqual(["oauth_consumer_key", "success_call_back"]);
    expect(params[0]![1]).toBe(i.consumer_key);
    const success = params[1]![1];
    expect(success).toMatch(new RegExp(`^${store.url}/admin/admin/integration/loginSuccessCallback/key/[0-9a-f]+/$`));
    const page = await fetch(success);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('<script>setTimeout("self.close()",1000);</script>');
  });

  it("reuses the verifier on a repeated Activate and stays Inactive until the access token is issued", async () => {
    const a = await activateWithReceiver(store, receiver);
    const before = receiver.posts.length;
    await adminApi(store, "POST", `/integrations/${a.integration.id}/activate`);
    expect(Object.fromEntries(receiver.posts[before]!.fields).oauth_verifier).toBe(a.creds.verifier);
    expect((await adminApi<IntegrationJson>(store, "GET", `/integrations/${a.integration.id}`)).json.status).toBe(
      "Inactive",
    );
    await exchangeTokens(store, a.creds, "C");
    expect((await adminApi<IntegrationJson>(store, "GET", `/integrations/${a.integration.id}`)).json.status).toBe(
      "Active",
    );
  });

  it("ignores the callback's status: a 500 still counts as posted", async () => {
    receiver.mode = "500";
    try {
      const i = await create({ endpoint: receiver.url, identityLinkUrl: "https://app.example.com/identity" });
      const { json } = await adminApi<{ identity_url: string | null; callback: { status?: number; error?: string } }>(
        store,
        "POST",
        `/integrations/${i.id}/activate`,
      );
      expect(json.callback).toEqual({ status: 500 });
      expect(json.identity_url).toContain("oauth_consumer_key=");
    } finally {
      receiver.mode = "ok";
    }
  });

  it("follows no redirect", async () => {
    receiver.mode = "redirect";
    try {
      const i = await create({ endpoint: receiver.url, identityLinkUrl: "https://app.example.com/identity" });
      const before = receiver.posts.length;
      const { json } = await adminApi<{ callback: { status?: number } }>(
        store,
        "POST",
        `/integrations/${i.id}/activate`,
      );
      await new Promise((r) => setTimeout(r, 100));
      expect(receiver.posts.slice(before).map((p) => p.path)).toEqual(["/callback"]);
      expect(json.callback.status).toBe(302);
    } finally {
      receiver.mode = "ok";
    }
  });

  it("shows Magento's error on a transport failure and stays Inactive, with no popup", async () => {
    const i = await create({ endpoint: await deadUrl(), identityLinkUrl: "https://app.example.com/identity" });
    const { status, json } = await adminApi<{ identity_url: string | null; callback: { error?: string } }>(
      store,
      "POST",
      `/integrations/${i.id}/activate`,
    );
    expect(status).toBe(200);
    expect(json.callback.error).toBe(POST_FAILED);
    expect(json.identity_url).toBeNull();
    expect((await adminApi<IntegrationJson>(store, "GET", `/integrations/${i.id}`)).json.status).toBe("Inactive");
  });

  it("gives up after 5 s when the callback never answers", async () => {
    const hanging = await startReceiver("hang");
    try {
      const i = await create({ endpoint: hanging.url, identityLinkUrl: "https://app.example.com/identity" });
      const t0 = Date.now();
      const { json } = await adminApi<{ callback: { error?: string } }>(
        store,
        "POST",
        `/integrations/${i.id}/activate`,
      );
      const elapsed = Date.now() - t0;
      expect(json.callback.error).toBe(POST_FAILED);
      // Magento's 5 s: a timer never fires early, so this lower bound holds however busy the machine is; that the
      // store gives up at all is the call returning (the test's own timeout catches a store that waits forever).
      expect(elapsed).toBeGreaterThanOrEqual(4900);
    } finally {
      await hanging.close();
    }
  });

  it("fails when the callback's body stops arriving before the timeout (the client reads the whole response)", async () => {
    const stalling = await startReceiver("stall-body");
    const s = await startDevStore({ profile: "2.4.7", callbackTimeoutMs: 300 });
    try {
      const { json: i } = await adminApi<IntegrationJson>(s, "POST", "/integrations", {
        name: "Slow",
        endpoint: stalling.url,
        identityLinkUrl: "https://app.example.com/identity",
      });
      const { json } = await adminApi<{ identity_url: string | null; callback: { status?: number; error?: string } }>(
        s,
        "POST",
        `/integrations/${i.id}/activate`,
      );
      expect(stalling.posts).toHaveLength(1);
      expect(json.callback).toEqual({ error: POST_FAILED });
      expect(json.identity_url).toBeNull();
    } finally {
      await s.close();
      await stalling.close();
    }
  });

  it("names the consumer id with Magento's wording when the consumer is gone", async () => {
    const state = new IntegrationState(() => 0);
    const i = state.createIntegration({
      name: "x",
      endpoint: "http://127.0.0.1:9/cb",
      identityLinkUrl: "http://127.0.0.1:9/id",
      resources: "all",
    });
    state.consumers.delete(i.consumerId);
    const deps = {
      state,
      profile: getProfile("2.4.7"),
      nowMs: () => 0,
      storeBaseUrl: () => "http://shop.example.com/",
      callbackTimeoutMs: 100,
    };
    const error = await postToConsumer(deps, i).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OauthException);
    expect((error as OauthException).message).toBe(
      `A consumer with "${i.consumerId}" ID doesn't exist. Verify the ID and try again.`,
    );
  });
});

describe("Activate again after a half-finished handshake", () => {
  it("the request step then fails (the consumer's first token row is no verifier); Reauthorize recovers", async () => {
    const a = await activateWithReceiver(store, receiver);
    expect((await signedRequest(store, { path: "/oauth/token/request", ...a.creds, family: "C" })).status).toBe(200);
    const before = receiver.posts.length;
    await adminApi(store, "POST", `/integrations/${a.integration.id}/activate`);
    const second = Object.fromEntries(receiver.posts[before]!.fields);
    expect(second.oauth_verifier).not.toBe(a.creds.verifier);
    const res = await signedRequest(store, { path: "/oauth/token/request", ...a.creds, family: "C" });
    expect(res.status).toBe(401);
    expect(new URLSearchParams(res.body).get("oauth_problem")).toBe(
      "Cannot create request token because consumer token is not a verifier token",
    );
    const rePosts = receiver.posts.length;
    await adminApi(store, "POST", `/integrations/${a.integration.id}/reauthorize`);
    const third = Object.fromEntries(receiver.posts[rePosts]!.fields);
    await exchangeTokens(store, { ...a.creds, verifier: third.oauth_verifier! }, "C");
  });
});

describe("Reauthorize", () => {
  it("kills the old access token, sets Inactive and re-posts the same key with a new verifier", async () => {
    const a = await activateWithReceiver(store, receiver);
    const at = await exchangeTokens(store, a.creds, "C");
    const before = receiver.posts.length;
    const { json } = await adminApi<{ identity_url: string }>(
      store,
      "POST",
      `/integrations/${a.integration.id}/reauthorize`,
    );
    expect(json.identity_url).toContain(a.creds.consumerKey);
    const f = Object.fromEntries(receiver.posts[before]!.fields);
    expect(f.oauth_consumer_key).toBe(a.creds.consumerKey);
    expect(f.oauth_consumer_secret).toBe(a.creds.consumerSecret);
    expect(f.oauth_verifier).not.toBe(a.creds.verifier);
    const view = (await adminApi<IntegrationJson>(store, "GET", `/integrations/${a.integration.id}`)).json;
    expect(view.status).toBe("Inactive");
    expect(view.access_token).toBeUndefined();
    const old = await signedRequest(store, {
      method: "GET",
      path: "/admin/api/whoami",
      ...a.creds,
      token: at.token,
      tokenSecret: at.tokenSecret,
      family: "C",
    });
    expect(old.status).toBe(401);
    expect(JSON.parse(old.body)).toEqual({ message: "Specified token does not exist" });
    const fresh = await exchangeTokens(store, { ...a.creds, verifier: f.oauth_verifier! }, "C");
    expect(fresh.token).not.toBe(at.token);
    expect((await adminApi<IntegrationJson>(store, "GET", `/integrations/${a.integration.id}`)).json.status).toBe(
      "Active",
    );
  });
});

describe("manual mode (not both URLs)", () => {
  it("shows the four tokens, sets Active, sends no POST, and the tokens sign calls", async () => {
    const i = await create({ endpoint: receiver.url });
    const before = receiver.posts.length;
    const { json } = await adminApi<{ tokens: Record<string, string> }>(
      store,
      "POST",
      `/integrations/${i.id}/activate`,
    );
    expect(receiver.posts.length).toBe(before);
    expect(Object.keys(json.tokens).sort()).toEqual([
      "access_token",
      "access_token_secret",
      "consumer_key",
      "consumer_secret",
    ]);
    expect(json.tokens.consumer_key).toBe(i.consumer_key);
    const view = (await adminApi<IntegrationJson>(store, "GET", `/integrations/${i.id}`)).json;
    expect(view.status).toBe("Active");
    const who = await signedRequest(store, {
      method: "GET",
      path: "/admin/api/whoami",
      consumerKey: i.consumer_key,
      consumerSecret: i.consumer_secret,
      token: json.tokens.access_token!,
      tokenSecret: json.tokens.access_token_secret!,
      family: "C",
    });
    expect(JSON.parse(who.body)).toEqual({
      caller: { kind: "integration", integrationId: i.id, consumerId: expect.any(Number), resources: "all" },
    });
    // Activate again keeps the tokens; Reauthorize regenerates them.
    const again = await adminApi<{ tokens: Record<string, string> }>(store, "POST", `/integrations/${i.id}/activate`);
    expect(again.json.tokens.access_token).toBe(json.tokens.access_token);
    const re = await adminApi<{ tokens: Record<string, string> }>(store, "POST", `/integrations/${i.id}/reauthorize`);
    expect(re.json.tokens.access_token).not.toBe(json.tokens.access_token);
  });

  it("creates nothing while an earlier OAuth activation's verifier is left: Inactive, empty access token; Reauthorize clears it", async () => {
    const a = await activateWithReceiver(store, receiver);
    // The merchant removes the Identity link URL in the admin form (TokensDialog from now on).
    const form = new URLSearchParams({
      id: String(a.integration.id),
      name: a.integration.name,
      email: "",
      endpoint: receiver.url,
      identity_link_url: "",
      all_resources: "1",
      save_action: "save",
    });
    const saved = await rawRequest(store.url, {
      method: "POST",
      path: "/admin/admin/integration/save/",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    expect(saved.status).toBe(302);
    const { json } = await adminApi<{ tokens: Record<string, string> }>(
      store,
      "POST",
      `/integrations/${a.integration.id}/activate`,
    );
    expect(json.tokens).toEqual({
      consumer_key: a.creds.consumerKey,
      consumer_secret: a.creds.consumerSecret,
      access_token: "",
      access_token_secret: "",
    });
    expect((await adminApi<IntegrationJson>(store, "GET", `/integrations/${a.integration.id}`)).json.status).toBe(
      "Inactive",
    );
    const re = await adminApi<{ tokens: Record<string, string> }>(
      store,
      "POST",
      `/integrations/${a.integration.id}/reauthorize`,
    );
    expect(re.json.tokens.access_token).toMatch(/^[0-9a-z]{32}$/);
    expect((await adminApi<IntegrationJson>(store, "GET", `/integrations/${a.integration.id}`)).json.status).toBe(
      "Active",
    );
  });
});

describe("admin JSON API", () => {
  it("lists, gets, validates and 404s", async () => {
    const i = await create({ name: "Listed", email: "dev@example.com", resources: ["Magento_Catalog::products"] });
    const list = await adminApi<IntegrationJson[]>(store, "GET", "/integrations");
    expect(list.json.some((x) => x.id === i.id && x.name === "Listed")).toBe(true);
    expect(i).toMatchObject({
      status: "Inactive",
      resources: ["Magento_Catalog::products"],
      endpoint: "",
      identity_link_url: "",
    });
    expect(i.consumer_key).toMatch(/^[0-9a-z]{32}$/);
    expect(i.consumer_secret).toMatch(/^[0-9a-z]{32}$/);
    expect((await adminApi(store, "POST", "/integrations", { resources: "all" })).status).toBe(400);
    expect((await adminApi(store, "POST", "/integrations", { name: "x", resources: ["Nope::nope"] })).status).toBe(400);
    expect((await adminApi(store, "GET", "/integrations/99999")).status).toBe(404);
    expect((await adminApi(store, "GET", "/integrations/abc")).status).toBe(404);
    expect((await adminApi(store, "DELETE", "/integrations/99999")).status).toBe(404);
    expect((await adminApi(store, "POST", "/integrations/99999/activate")).status).toBe(404);
  });

  it("reset returns to the seed state", async () => {
    const s = await startDevStore({});
    try {
      await adminApi(s, "POST", "/integrations", { name: "gone", resources: "all" });
      await adminApi(s, "POST", "/clock", { offsetSeconds: 50 });
      expect((await adminApi<unknown[]>(s, "GET", "/integrations")).json).toHaveLength(1);
      expect((await adminApi<{ offsetSeconds: number }>(s, "GET", "/clock")).json.offsetSeconds).toBe(50);
      await adminApi(s, "POST", "/reset");
      expect((await adminApi<unknown[]>(s, "GET", "/integrations")).json).toHaveLength(0);
      expect((await adminApi<{ offsetSeconds: number }>(s, "GET", "/clock")).json.offsetSeconds).toBe(0);
    } finally {
      await s.close();
    }
  });

  it("with indexPhp the store_base_url contains index.php/ and the endpoints answer there", async () => {
    const s = await startDevStore({ indexPhp: true });
    try {
      expect(s.storeBaseUrl).toBe(`${s.url}/index.php/`);
      const a = await activateWithReceiver(s, receiver);
      expect(a.creds.storeBaseUrl).toBe(s.storeBaseUrl);
      await exchangeTokens(s, a.creds, "C");
    } finally {
      await s.close();
    }
  });

  it("granting a parent grants its subtree (stored one resource per row, as the admin tree ticks children)", async () => {
    const i = await create({ resources: ["Magento_Catalog::catalog", "Magento_Cms::page"] });
    expect(i.resources).toEqual([
      "Magento_Catalog::catalog",
      "Magento_Catalog::catalog_inventory",
      "Magento_Catalog::products",
      "Magento_Catalog::categories",
      "Magento_Downloadable::downloadable",
      "Magento_Cms::page",
    ]);
    expect((await adminApi<IntegrationJson>(store, "GET", `/integrations/${i.id}`)).json.resources).toEqual(
      i.resources,
    );
  });

  it("an integration granted the catalog subtree reads products and is refused orders, naming the resource", async () => {
    const resources = [
      "Magento_Catalog::catalog",
      "Magento_Catalog::catalog_inventory",
      "Magento_Catalog::products",
      "Magento_Catalog::categories",
    ];
    const a = await activateWithReceiver(store, receiver, resources);
    const at = await exchangeTokens(store, a.creds, "C");
    const get = (path: string) =>
      signedRequest(store, {
        method: "GET",
        path,
        ...a.creds,
        token: at.token,
        tokenSecret: at.tokenSecret,
        family: "C",
      });
    expect((await get("/rest/V1/products/ABC%2F10")).status).toBe(200);
    const orders = await get("/rest/V1/orders/1");
    expect(orders.status).toBe(401);
    expect(JSON.parse(orders.body)).toEqual({
      message: "The consumer isn't authorized to access %resources.",
      parameters: { resources: "Magento_Sales::actions_view" },
    });
  });

  it("whoami reports a guest without credentials", async () => {
    const res = await rawRequest(store.url, { method: "GET", path: "/admin/api/whoami" });
    expect(JSON.parse(res.body)).toEqual({ caller: { kind: "guest" } });
  });
});
