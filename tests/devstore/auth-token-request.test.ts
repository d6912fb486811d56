/**
 * /oauth/token/request: every check of research §3 in Magento's order, with the exact oauth_problem texts
 * and statuses, signed by the tests' reference signer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  activateWithReceiver,
  adminApi,
  freshNonce,
  parseForm,
  rawRequest,
  signedRequest,
  startDevStore,
  startReceiver,
  type Credentials,
  type DevStore,
  type Receiver,
} from "./helpers/store-client";

let store: DevStore;
let receiver: Receiver;

beforeAll(async () => {
  store = await startDevStore({ profile: "2.4.7" });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await store.close();
});

async function fresh(): Promise<Credentials> {
  return (await activateWithReceiver(store, receiver)).creds;
}

const problem = (body: string) => parseForm(body).oauth_problem;
const reqPath = "/oauth/token/request";

describe("request token: Magento's checks in order", () => {
  it("answers a header-less request with every required param, joined with ', ' and trailing dots stripped", async () => {
    const res = await rawRequest(store.url, { method: "POST", path: reqPath });
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toBe(
      "oauth_problem=%22oauth_consumer_key%22+is+required.+Enter+and+try+again%2C+%22oauth_signature%22+is+required.+Enter+and+try+again%2C+" +
        "%22oauth_signature_method%22+is+required.+Enter+and+try+again%2C+%22oauth_nonce%22+is+required.+Enter+and+try+again%2C+" +
        "%22oauth_timestamp%22+is+required.+Enter+and+try+again",
    );
  });

  it("ignores oauth params sent only in a form body (header only)", async () => {
    const c = await fresh();
    const body = new URLSearchParams({ oauth_consumer_key: c.consumerKey, oauth_nonce: freshNonce(), oauth_signature_method: "HMAC-SHA256", oauth_timestamp: "1", oauth_signature: "x" }).toString();
    const res = await rawRequest(store.url, { method: "POST", path: reqPath, headers: { "content-type": "application/x-www-form-urlencoded" }, body });
    expect(res.status).toBe(400);
    expect(problem(res.body)).toContain('"oauth_consumer_key" is required. Enter and try again, "oauth_signature" is required');
  });

  it("one missing param keeps its full message (with the dot)", async () => {
    const c = await fresh();
    const res = await signedRequest(store, { path: reqPath, ...c, omit: ["oauth_nonce"] });
    expect(res.status).toBe(400);
    expect(problem(res.body)).toBe('"oauth_nonce" is required. Enter and try again.');
  });

  it("checks oauth_version before anything else", async () => {
    const res = await signedRequest(store, { path: reqPath, consumerKey: "short", consumerSecret: "x", version: "2.0", omit: ["oauth_nonce"] });
    expect(res.status).toBe(400);
    expect(problem(res.body)).toBe('The "2.0" Oauth version isn\'t supported.');
  });

  it("accepts a loosely equal version such as 1 (PHP !=)", async () => {
    const c = await fresh();
    const res = await signedRequest(store, { path: reqPath, ...c, version: "1" });
    expect(res.status).toBe(200);
  });

  it("rejects an oauth_token that is not 32 characters, even empty, before the method check", async () => {
    const c = await fresh();
    const res = await signedRequest(store, { path: reqPath, ...c, token: "", signatureMethod: "PLAINTEXT" });
    expect(res.status).toBe(400);
    expect(problem(res.body)).toBe("The token length is invalid. Check the length and try again.");
  });

  it("rejects a signature method the profile does not support, before looking at the consumer", async () => {
    const res = await signedRequest(store, { path: reqPath, consumerKey: "nope", consumerSecret: "x", hash: "sha1" });
    expect(res.status).toBe(400);
    expect(res.body).toBe("oauth_problem=Signature+method+HMAC-SHA1+is+not+supported");
  });

  it("rejects a consumer key of the wrong length, then an unknown key (401)", async () => {
    const short = await signedRequest(store, { path: reqPath, consumerKey: "a".repeat(31), consumerSecret: "x" });
    expect(short.status).toBe(401);
    expect(problem(short.body)).toBe("Consumer key is not the correct length");
    const unknown = await signedRequest(store, { path: reqPath, consumerKey: "a".repeat(32), consumerSecret: "x" });
    expect(unknown.status).toBe(401);
    expect(problem(unknown.body)).toBe("A consumer having the specified key does not exist");
  });

  it("rejects timestamps <= 0 or more than 600 s ahead with the generic nonce message; old ones pass", async () => {
    const c = await fresh();
    const now = Math.floor(Date.now() / 1000);
    for (const ts of ["0", "-5", "abc", String(now + 660)]) {
      const res = await signedRequest(store, { path: reqPath, ...c, timestamp: ts });
      expect(res.status, ts).toBe(401);
      expect(problem(res.body), ts).toBe("An error occurred validating the nonce");
    }
    const old = await signedRequest(store, { path: reqPath, ...c, timestamp: 1000 });
    expect(old.status).toBe(200);
  });

  it("accepts a timestamp up to 600 s ahead", async () => {
    const c = await fresh();
    const res = await signedRequest(store, { path: reqPath, ...c, timestamp: Math.floor(Date.now() / 1000) + 590 });
    expect(res.status).toBe(200);
  });

  it("refuses a reused nonce, naming the consumer id", async () => {
    const a = await activateWithReceiver(store, receiver);
    const nonce = freshNonce();
    const first = await signedRequest(store, { path: reqPath, ...a.creds, nonce });
    expect(first.status).toBe(200);
    const again = await signedRequest(store, { path: reqPath, ...a.creds, nonce });
    expect(again.status).toBe(401);
    expect(problem(again.body)).toMatch(/^The nonce is already being used by the consumer with ID \d+$/);
  });

  it("stores the nonce before the signature check: a corrected retry with the same nonce is refused", async () => {
    const c = await fresh();
    const nonce = freshNonce();
    const bad = await signedRequest(store, { path: reqPath, ...c, nonce, signature: "AAAA" });
    expect(bad.status).toBe(401);
    expect(problem(bad.body)).toBe("The signature is invalid. Verify and try again.");
    const retry = await signedRequest(store, { path: reqPath, ...c, nonce });
    expect(retry.status).toBe(401);
    expect(problem(retry.body)).toContain("The nonce is already being used");
    const fresher = await signedRequest(store, { path: reqPath, ...c });
    expect(fresher.status).toBe(200);
  });

  it("nonces are per consumer: the same nonce works for another consumer", async () => {
    const a = await fresh();
    const b = await fresh();
    const nonce = freshNonce();
    expect((await signedRequest(store, { path: reqPath, ...a, nonce })).status).toBe(200);
    expect((await signedRequest(store, { path: reqPath, ...b, nonce })).status).toBe(200);
  });

  it("rejects a bad signature (wrong consumer secret) with 401", async () => {
    const c = await fresh();
    const res = await signedRequest(store, { path: reqPath, ...c, consumerSecret: "x".repeat(32) });
    expect(res.status).toBe(401);
    expect(res.body).toBe("oauth_problem=The+signature+is+invalid.+Verify+and+try+again.");
  });

  it("rejects a request signed with a token secret (the Postman mistake)", async () => {
    const c = await fresh();
    const res = await signedRequest(store, { path: reqPath, ...c, tokenSecret: "s".repeat(32) });
    expect(res.status).toBe(401);
    expect(problem(res.body)).toBe("The signature is invalid. Verify and try again.");
  });

  it("is one-shot: a second request token for the same activation fails", async () => {
    const c = await fresh();
    const first = await signedRequest(store, { path: reqPath, ...c });
    expect(first.status).toBe(200);
    const body = parseForm(first.body);
    expect(body.oauth_token).toMatch(/^[0-9a-z]{32}$/);
    expect(body.oauth_token_secret).toMatch(/^[0-9a-z]{32}$/);
    expect(first.headers["content-type"]).toMatch(/^text\/html/);
    const second = await signedRequest(store, { path: reqPath, ...c });
    expect(second.status).toBe(401);
    expect(problem(second.body)).toBe("Cannot create request token because consumer token is not a verifier token");
  });

  it("an integration that was never activated has no token row", async () => {
    const { json } = await adminApi<{ consumer_key: string; consumer_secret: string }>(store, "POST", "/integrations", { name: "never", resources: "all" });
    const res = await signedRequest(store, { path: reqPath, consumerKey: json.consumer_key, consumerSecret: json.consumer_secret });
    expect(res.status).toBe(401);
    expect(problem(res.body)).toMatch(/^A token with consumer ID \d+ does not exist$/);
  });

  it("is served under /index.php/ too, signed with that path", async () => {
    const c = await fresh();
    const res = await signedRequest(store, { path: "/index.php/oauth/token/request", ...c });
    expect(res.status).toBe(200);
  });
});

describe("consumer expiry (request step only)", () => {
  it("expires 300 s after the activation POST, measured on the store clock", async () => {
    const s = await startDevStore({ profile: "2.4.7" });
    try {
      const late = await activateWithReceiver(s, receiver);
      await adminApi(s, "POST", "/clock", { offsetSeconds: 301 });
      const res = await signedRequest(s, { path: reqPath, ...late.creds, timestamp: Math.floor(Date.now() / 1000) + 301 });
      expect(res.status).toBe(401);
      expect(problem(res.body)).toBe("Consumer key has expired");
      // A new activation stamps the consumer again and the window restarts.
      await adminApi(s, "POST", `/integrations/${late.integration.id}/activate`);
      const ok = await signedRequest(s, { path: reqPath, ...late.creds, timestamp: Math.floor(Date.now() / 1000) + 301 });
      expect(ok.status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it("passes at 299 s, and is checked after the nonce but before the signature", async () => {
    const s = await startDevStore({ profile: "2.4.7" });
    try {
      const a = await activateWithReceiver(s, receiver);
      await adminApi(s, "POST", "/clock", { offsetSeconds: 400 });
      const badSig = await signedRequest(s, { path: reqPath, ...a.creds, signature: "AAAA" });
      expect(problem(badSig.body)).toBe("Consumer key has expired");
      const b = await activateWithReceiver(s, receiver);
      await adminApi(s, "POST", "/clock", { offsetSeconds: 400 + 299 });
      expect((await signedRequest(s, { path: reqPath, ...b.creds })).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it("honours a configured expiry period", async () => {
    const s = await startDevStore({ profile: "2.4.7", consumerExpirySeconds: 10 });
    try {
      const a = await activateWithReceiver(s, receiver);
      await adminApi(s, "POST", "/clock", { offsetSeconds: 11 });
      const res = await signedRequest(s, { path: reqPath, ...a.creds });
      expect(problem(res.body)).toBe("Consumer key has expired");
    } finally {
      await s.close();
    }
  });
});
