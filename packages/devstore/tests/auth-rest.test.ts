/**
 * Signed REST calls: what each failure returns as JSON, and the family-C path decoding
 * over HTTP. The app side is written here with the reference signer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  activateWithReceiver,
  adminApi,
  exchangeTokens,
  freshNonce,
  rawRequest,
  signedRequest,
  startDevStore,
  startReceiver,
  type DevStore,
  type Receiver,
} from "../../../tests/helpers/devstore-client";
import { refAuthorization, refSign, type RefFamily } from "../../../tests/helpers/reference-oauth";
import { createStoreContext } from "../src/store-context";
import { getProfile } from "../src/config/profiles";

let store: DevStore;
let older: DevStore;
let receiver: Receiver;

beforeAll(async () => {
  store = await startDevStore({ profile: "2.4.7" });
  older = await startDevStore({ profile: "2.4.5" });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await store.close();
  await older.close();
});

async function connected(s: DevStore, family: RefFamily, resources: "all" | string[] = "all") {
  const a = await activateWithReceiver(s, receiver, resources);
  const at = await exchangeTokens(s, a.creds, family);
  const call = (path: string, o: Partial<Parameters<typeof signedRequest>[1]> = {}) =>
    signedRequest(s, {
      method: "GET",
      path,
      consumerKey: a.creds.consumerKey,
      consumerSecret: a.creds.consumerSecret,
      token: at.token,
      tokenSecret: at.tokenSecret,
      family,
      ...o,
    });
  return { ...a, at, call };
}

const json = (body: string) => JSON.parse(body) as Record<string, unknown>;

describe("signed REST calls", () => {
  it("serves a signed GET with the integration's resources", async () => {
    const c = await connected(store, "C");
    const res = await c.call("/rest/V1/products/ABC%2F10");
    expect(res.status).toBe(200);
    expect(json(res.body).sku).toBe("ABC/10");
  });

  it("family C signs the decoded path: a standard signature on %2F fails on 2.4.7 and passes on 2.4.5", async () => {
    const c = await connected(store, "C");
    const std = await c.call("/rest/V1/products/ABC%2F10", { family: "A" });
    expect(std.status).toBe(401);
    expect(json(std.body)).toEqual({ message: "The signature is invalid. Verify and try again." });
    const b = await connected(older, "B");
    expect((await b.call("/rest/V1/products/ABC%2F10")).status).toBe(200);
    expect((await b.call("/rest/V1/products/ABC%2F10", { family: "C" })).status).toBe(401);
  });

  it("signs searchCriteria queries (flat bracket names, %20 values)", async () => {
    const c = await connected(store, "C");
    const q =
      "searchCriteria%5BfilterGroups%5D%5B0%5D%5Bfilters%5D%5B0%5D%5Bfield%5D=name&searchCriteria%5BfilterGroups%5D%5B0%5D%5Bfilters%5D%5B0%5D%5Bvalue%5D=%25Bag%20%25&searchCriteria%5BfilterGroups%5D%5B0%5D%5Bfilters%5D%5B0%5D%5BconditionType%5D=like&searchCriteria%5BpageSize%5D=2";
    const res = await c.call(`/rest/V1/products?${q}`);
    expect(res.status).toBe(200);
    expect(json(res.body)).toHaveProperty("total_count");
  });

  it("401 'The consumer isn't authorized…' with the resource when the ACL does not grant it", async () => {
    const c = await connected(store, "C", ["Magento_Sales::sales"]);
    const res = await c.call("/rest/V1/products/ABC%2F10");
    expect(res.status).toBe(401);
    expect(json(res.body)).toEqual({
      message: "The consumer isn't authorized to access %resources.",
      parameters: { resources: "Magento_Catalog::products" },
    });
  });

  it("401 for an unsigned call", async () => {
    const res = await rawRequest(store.url, { method: "GET", path: "/rest/V1/products/ABC%2F10" });
    expect(res.status).toBe(401);
    expect(json(res.body).message).toBe("The consumer isn't authorized to access %resources.");
  });

  it("bad signature → 401", async () => {
    const c = await connected(store, "C");
    const res = await c.call("/rest/V1/products/ABC%2F10", { tokenSecret: "x".repeat(32) });
    expect(res.status).toBe(401);
    expect(json(res.body)).toEqual({ message: "The signature is invalid. Verify and try again." });
  });

  it("HMAC-SHA1 → 400 with the method as parameter", async () => {
    const c = await connected(store, "C");
    const res = await c.call("/rest/V1/products/ABC%2F10", { hash: "sha1" });
    expect(res.status).toBe(400);
    expect(json(res.body)).toEqual({ message: "Signature method %1 is not supported", parameters: ["HMAC-SHA1"] });
  });

  it("one missing OAuth param → 400 with fieldName; several → aggregated errors", async () => {
    const c = await connected(store, "C");
    const one = await c.call("/rest/V1/products/ABC%2F10", { omit: ["oauth_token"] });
    expect(one.status).toBe(400);
    expect(json(one.body)).toEqual({
      message: '"%fieldName" is required. Enter and try again.',
      parameters: { fieldName: "oauth_token" },
    });
    const two = await c.call("/rest/V1/products/ABC%2F10", { omit: ["oauth_token", "oauth_nonce"] });
    expect(two.status).toBe(400);
    expect(json(two.body)).toEqual({
      message: "One or more input exceptions have occurred.",
      errors: [
        { message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName: "oauth_nonce" } },
        { message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName: "oauth_token" } },
      ],
    });
  });

  it("a reused nonce (across the handshake and REST) → 401 with the consumer id", async () => {
    const c = await connected(store, "C");
    const nonce = freshNonce();
    expect((await c.call("/rest/V1/products/ABC%2F10", { nonce })).status).toBe(200);
    const again = await c.call("/rest/V1/products/ABC%2F10", { nonce });
    expect(again.status).toBe(401);
    const body = json(again.body);
    expect(body.message).toBe("The nonce is already being used by the consumer with ID %1");
    expect(body.parameters).toEqual([expect.any(Number)]);
  });

  it("revoked token → 'Access token has been revoked'", async () => {
    const c = await connected(store, "C");
    await adminApi(store, "POST", `/integrations/${c.integration.id}/revoke`);
    const res = await c.call("/rest/V1/products/ABC%2F10");
    expect(res.status).toBe(401);
    expect(json(res.body)).toEqual({ message: "Access token has been revoked" });
  });

  it("reauthorize → the old token 'Specified token does not exist'", async () => {
    const c = await connected(store, "C");
    await adminApi(store, "POST", `/integrations/${c.integration.id}/reauthorize`);
    const res = await c.call("/rest/V1/products/ABC%2F10");
    expect(res.status).toBe(401);
    expect(json(res.body)).toEqual({ message: "Specified token does not exist" });
  });

  it("deleted integration → 'A consumer having the specified key does not exist'", async () => {
    const c = await connected(store, "C");
    await adminApi(store, "DELETE", `/integrations/${c.integration.id}`);
    const res = await c.call("/rest/V1/products/ABC%2F10");
    expect(res.status).toBe(401);
    expect(json(res.body)).toEqual({ message: "A consumer having the specified key does not exist" });
  });

  it("an access token presented with another consumer's key is not associated", async () => {
    const c = await connected(store, "C");
    const d = await connected(store, "C");
    const res = await c.call("/rest/V1/products/ABC%2F10", {
      consumerKey: d.creds.consumerKey,
      consumerSecret: d.creds.consumerSecret,
    });
    expect(res.status).toBe(401);
    expect(json(res.body)).toEqual({ message: "Token is not associated with the specified consumer" });
  });

  it("works under /index.php/rest and a store code", async () => {
    const c = await connected(store, "C");
    expect((await c.call("/index.php/rest/V1/products/ABC%2F10")).status).toBe(200);
    expect((await c.call("/rest/default/V1/products/ABC%2F10")).status).toBe(200);
  });
});

describe("authenticate (the REST layer's user context)", () => {
  it("an inactive integration with a valid signature is a guest (findActiveIntegrationByConsumerId)", async () => {
    const ctx = createStoreContext({
      profile: getProfile("2.4.7"),
      urls: { url: "http://127.0.0.1:1", storeBaseUrl: "http://127.0.0.1:1/", portalUrl: "" },
      consumerExpirySeconds: 300,
      integrationAsBearer: false,
      callbackTimeoutMs: 5000,
      portalTokenTtlSeconds: 7200,
    });
    const i = ctx.admin.create({ name: "ctx", resources: ["Magento_Catalog::products"] });
    const r = await ctx.admin.activate(i.id, false);
    if (r?.mode !== "manual") throw new Error("expected manual mode");
    const signed = () => {
      const p = {
        oauth_consumer_key: r.tokens.consumer_key,
        oauth_nonce: freshNonce(),
        oauth_signature_method: "HMAC-SHA256",
        oauth_timestamp: String(Math.floor(Date.now() / 1000)),
        oauth_token: r.tokens.access_token,
        oauth_version: "1.0",
      };
      const url = "http://127.0.0.1:1/rest/V1/products/x";
      const sig = refSign({
        method: "GET",
        url,
        oauthParams: p,
        consumerSecret: r.tokens.consumer_secret,
        tokenSecret: r.tokens.access_token_secret,
        family: "C",
      });
      return {
        method: "GET",
        rawUrl: "/rest/V1/products/x",
        headers: { host: "127.0.0.1:1", authorization: refAuthorization(p, sig) },
        body: "",
      };
    };
    expect(await ctx.authenticate(signed())).toMatchObject({
      kind: "integration",
      integrationId: i.id,
      resources: ["Magento_Catalog::products"],
    });
    ctx.state.integrations.get(i.id)!.status = "Inactive";
    expect(await ctx.authenticate(signed())).toEqual({ kind: "guest" });
  });
});
