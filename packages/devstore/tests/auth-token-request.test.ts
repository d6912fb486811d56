/**
 * /oauth/token/request: every check in Magento's order (Oauth/Oauth.php::getRequestToken), with the exact oauth_problem texts
 * and statuses, signed by the tests' reference signer.
 */
import { describe, expect, it } from "vitest";
import {
  activateWithReceiver,
  adminApi,
  freshNonce,
  parseForm,
  rawRequest,
  signedRequest,
  startDevStore,
  storeAndReceiverForFile,
  type Credentials,
} from "../../../tests/helpers/devstore-client";
import {
  formEncode,
  oauthHeader,
  protocolParams,
  signExplicitly,
  type OAuthCreds,
} from "../../../tests/helpers/explicit-signer";
import { handleOAuthTokenRequest } from "../src/auth/oauth-routes";
import type { OAuthProvider } from "../src/auth/oauth-provider";

const { store, receiver } = await storeAndReceiverForFile();

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

  it("ignores oauth params sent only in a form body when there is no OAuth header at all", async () => {
    const c = await fresh();
    const body = new URLSearchParams({
      oauth_consumer_key: c.consumerKey,
      oauth_nonce: freshNonce(),
      oauth_signature_method: "HMAC-SHA256",
      oauth_timestamp: "1",
      oauth_signature: "x",
    }).toString();
    const res = await rawRequest(store.url, {
      method: "POST",
      path: reqPath,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    expect(res.status).toBe(400);
    expect(problem(res.body)).toContain(
      '"oauth_consumer_key" is required. Enter and try again, "oauth_signature" is required',
    );
  });

  it("one missing param keeps its full message (with the dot)", async () => {
    const c = await fresh();
    const res = await signedRequest(store, { path: reqPath, ...c, omit: ["oauth_nonce"] });
    expect(res.status).toBe(400);
    expect(problem(res.body)).toBe('"oauth_nonce" is required. Enter and try again.');
  });

  it("checks oauth_version before anything else", async () => {
    const res = await signedRequest(store, {
      path: reqPath,
      consumerKey: "short",
      consumerSecret: "x",
      version: "2.0",
      omit: ["oauth_nonce"],
    });
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
    const { json } = await adminApi<{ consumer_key: string; consumer_secret: string }>(store, "POST", "/integrations", {
      name: "never",
      resources: "all",
    });
    const res = await signedRequest(store, {
      path: reqPath,
      consumerKey: json.consumer_key,
      consumerSecret: json.consumer_secret,
    });
    expect(res.status).toBe(401);
    expect(problem(res.body)).toMatch(/^A token with consumer ID \d+ does not exist$/);
  });

  it("is served under /index.php/ too, signed with that path", async () => {
    const c = await fresh();
    const res = await signedRequest(store, { path: "/index.php/oauth/token/request", ...c });
    expect(res.status).toBe(200);
  });
});

/** The request-token URL as the store signs it (plain path, this store's Host). */
const signedUrl = (path = reqPath) => `${store.url}${path}`;
const asCreds = (c: Credentials): OAuthCreds => ({ consumerKey: c.consumerKey, consumerSecret: c.consumerSecret });
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const ALL_REQUIRED =
  '"oauth_consumer_key" is required. Enter and try again, "oauth_signature" is required. Enter and try again, ' +
  '"oauth_signature_method" is required. Enter and try again, "oauth_nonce" is required. Enter and try again, ' +
  '"oauth_timestamp" is required. Enter and try again';

describe("where the OAuth params may come from (Helper\\Request::prepareRequest)", () => {
  it("takes body oauth_* when the `OAuth` header carries none", async () => {
    const c = asCreds(await fresh());
    const params = protocolParams(c);
    const body = formEncode({ ...params, oauth_signature: signExplicitly("POST", signedUrl(), params, c) });
    const res = await rawRequest(store.url, {
      method: "POST",
      path: reqPath,
      headers: { ...FORM, Authorization: 'OAuth realm="devstore"' },
      body,
    });
    expect(res.status).toBe(200);
    expect(parseForm(res.body).oauth_token).toMatch(/^[0-9a-z]{32}$/);
  });

  it("ignores body oauth_* when the header has oauth params", async () => {
    const c = asCreds(await fresh());
    const params = protocolParams(c);
    const { oauth_nonce: nonce, ...withoutNonce } = params;
    const headerValue = oauthHeader(withoutNonce, signExplicitly("POST", signedUrl(), params, c));
    const res = await rawRequest(store.url, {
      method: "POST",
      path: reqPath,
      headers: { ...FORM, Authorization: headerValue },
      body: formEncode({ oauth_nonce: nonce! }),
    });
    expect(res.status).toBe(400);
    expect(problem(res.body)).toBe('"oauth_nonce" is required. Enter and try again.');
  });

  it("never takes query oauth_*, even with an `OAuth` header without params and no body", async () => {
    const c = asCreds(await fresh());
    const params = protocolParams(c);
    // Signed exactly as a store that read them from the query would check them.
    const query = formEncode({ ...params, oauth_signature: signExplicitly("POST", signedUrl(), params, c) });
    const res = await rawRequest(store.url, {
      method: "POST",
      path: `${reqPath}?${query}`,
      headers: { Authorization: 'OAuth realm="devstore"' },
    });
    expect(res.status).toBe(400);
    expect(problem(res.body)).toBe(ALL_REQUIRED);
  });

  it("signs non-oauth form-body params as parse_str reads them (+ is a space, . in a name becomes _)", async () => {
    const c = asCreds(await fresh());
    const body = "note=a+b&x.y=1";
    const params = protocolParams(c);
    const withBody = oauthHeader(
      params,
      signExplicitly("POST", signedUrl(), params, c, [
        ["note", "a b"],
        ["x_y", "1"],
      ]),
    );
    expect(
      (
        await rawRequest(store.url, {
          method: "POST",
          path: reqPath,
          headers: { ...FORM, Authorization: withBody },
          body,
        })
      ).status,
    ).toBe(200);
    const c2 = asCreds(await fresh());
    const p2 = protocolParams(c2);
    const withoutBody = oauthHeader(p2, signExplicitly("POST", signedUrl(), p2, c2));
    const res = await rawRequest(store.url, {
      method: "POST",
      path: reqPath,
      headers: { ...FORM, Authorization: withoutBody },
      body,
    });
    expect(res.status).toBe(401);
    expect(problem(res.body)).toBe("The signature is invalid. Verify and try again.");
  });
});

describe("Authorization header edge cases (_processHeader)", () => {
  /** A valid header's `name="value"` parts for a fresh activation, and its credentials. */
  async function signedParts() {
    const c = asCreds(await fresh());
    const params = protocolParams(c);
    const parts = oauthHeader(params, signExplicitly("POST", signedUrl(), params, c))
      .slice("OAuth ".length)
      .split(", ");
    return { c, params, parts };
  }
  const send = (authorization: string) =>
    rawRequest(store.url, { method: "POST", path: reqPath, headers: { Authorization: authorization } });

  it("finds `oauth ` anywhere, in any case; realm and other names are ignored and not signed", async () => {
    const a = await signedParts();
    expect((await send(`Foo bar, OAuth realm="Magento", ${a.parts.join(", ")}, xrealm="1"`)).status).toBe(200);
    const b = await signedParts();
    expect((await send(`oauth ${b.parts.join(",")}`)).status).toBe(200);
  });

  it('trims spaces around each part, but not around `=`; only `"` is trimmed from a value', async () => {
    const a = await signedParts();
    expect((await send(`OAuth    ${a.parts.join("  ,   ")}  `)).status).toBe(200);
    const b = await signedParts();
    const spaceBeforeEq = b.parts.map((p) => (p.startsWith("oauth_nonce=") ? p.replace("=", " =") : p));
    const r1 = await send(`OAuth ${spaceBeforeEq.join(", ")}`);
    expect(r1.status).toBe(400);
    expect(problem(r1.body)).toBe('"oauth_nonce" is required. Enter and try again.');
    const c = await signedParts();
    const spaceAfterEq = c.parts.map((p) => (p.startsWith("oauth_nonce=") ? p.replace("=", "= ") : p));
    const r2 = await send(`OAuth ${spaceAfterEq.join(", ")}`);
    expect(r2.status).toBe(401);
    expect(problem(r2.body)).toBe("The signature is invalid. Verify and try again.");
    // PHP trim() leaves a non-breaking space (byte A0) in place, so the name no longer is oauth_nonce.
    const d = await signedParts();
    const nbsp = d.parts.map((p) => (p.startsWith("oauth_nonce=") ? "\u00a0" + p : p));
    const r3 = await send(`OAuth ${nbsp.join(", ")}`);
    expect(r3.status).toBe(400);
    expect(problem(r3.body)).toBe('"oauth_nonce" is required. Enter and try again.');
  });

  it("accepts unquoted values; splits on every comma, even inside quotes", async () => {
    const a = await signedParts();
    expect((await send(`OAuth ${a.parts.map((p) => p.replace(/"/g, "")).join(",")}`)).status).toBe(200);
    const b = await signedParts();
    expect((await send(`OAuth realm="a,b", ${b.parts.join(", ")}`)).status).toBe(200);
  });

  it("is not an OAuth header without `oauth ` (a tab after OAuth does not count)", async () => {
    const a = await signedParts();
    const res = await send(`OAuth\t${a.parts.join(", ")}`);
    expect(res.status).toBe(400);
    expect(problem(res.body)).toBe(ALL_REQUIRED);
  });
});

describe("a non-OAuth exception", () => {
  it("answers 500 with `internal_error&message=…` as the whole value of oauth_problem", () => {
    const throwing = (message: string) =>
      ({
        getRequestToken: () => {
          throw new Error(message);
        },
      }) as unknown as OAuthProvider;
    const req = {
      method: "POST",
      rawUri: reqPath,
      headers: { host: "shop.example.com", authorization: "OAuth " },
      body: "",
    };
    const res = handleOAuthTokenRequest(throwing("Host is not valid"), "request", req);
    expect(res).toEqual({
      status: 500,
      contentType: "text/html; charset=UTF-8",
      body: "oauth_problem=internal_error%26message%3DHost+is+not+valid",
    });
    expect(handleOAuthTokenRequest(throwing(""), "request", req).body).toBe(
      "oauth_problem=internal_error%26message%3Dempty_message",
    );
  });
});

describe("future-timestamp limit on the store clock (Nonce\\Generator::TIME_DEVIATION = 600)", () => {
  it("accepts now + 600 and refuses now + 601", async () => {
    const nowMs = Math.floor(Date.now() / 1000) * 1000 + 250;
    const s = await startDevStore({ profile: "2.4.7", now: () => nowMs });
    try {
      const now = Math.floor(nowMs / 1000);
      const a = await activateWithReceiver(s, receiver);
      expect((await signedRequest(s, { path: reqPath, ...a.creds, timestamp: now + 600 })).status).toBe(200);
      const b = await activateWithReceiver(s, receiver);
      const late = await signedRequest(s, { path: reqPath, ...b.creds, timestamp: now + 601 });
      expect(late.status).toBe(401);
      expect(problem(late.body)).toBe("An error occurred validating the nonce");
    } finally {
      await s.close();
    }
  });
});

describe("consumer expiry (request step only)", () => {
  it("expires 300 s after the activation POST, measured on the store clock", async () => {
    const s = await startDevStore({ profile: "2.4.7" });
    try {
      const late = await activateWithReceiver(s, receiver);
      await adminApi(s, "POST", "/clock", { offsetSeconds: 301 });
      const res = await signedRequest(s, {
        path: reqPath,
        ...late.creds,
        timestamp: Math.floor(Date.now() / 1000) + 301,
      });
      expect(res.status).toBe(401);
      expect(problem(res.body)).toBe("Consumer key has expired");
      // A new activation stamps the consumer again and the window restarts.
      await adminApi(s, "POST", `/integrations/${late.integration.id}/activate`);
      const ok = await signedRequest(s, {
        path: reqPath,
        ...late.creds,
        timestamp: Math.floor(Date.now() / 1000) + 301,
      });
      expect(ok.status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it("is exactly 300 s: passes at 299, refuses at 300 (injectable clock)", async () => {
    let nowMs = Math.floor(Date.now() / 1000) * 1000;
    const s = await startDevStore({ profile: "2.4.7", now: () => nowMs });
    try {
      const ts = Math.floor(nowMs / 1000);
      const a = await activateWithReceiver(s, receiver);
      const b = await activateWithReceiver(s, receiver);
      nowMs += 299_000;
      expect((await signedRequest(s, { path: reqPath, ...a.creds, timestamp: ts })).status).toBe(200);
      nowMs += 1_000;
      const res = await signedRequest(s, { path: reqPath, ...b.creds, timestamp: ts });
      expect(res.status).toBe(401);
      expect(problem(res.body)).toBe("Consumer key has expired");
    } finally {
      await s.close();
    }
  });

  it("is checked after the nonce (which is stored even when expiry then fails) and before the signature", async () => {
    const s = await startDevStore({ profile: "2.4.7" });
    try {
      const a = await activateWithReceiver(s, receiver);
      await adminApi(s, "POST", "/clock", { offsetSeconds: 400 });
      const ts = Math.floor(Date.now() / 1000) + 400;
      // Before the signature: a bad signature still gets the expiry message.
      const badSig = await signedRequest(s, { path: reqPath, ...a.creds, timestamp: ts, signature: "AAAA" });
      expect(problem(badSig.body)).toBe("Consumer key has expired");
      // After the nonce: a bad timestamp or a used nonce is reported instead of the expiry.
      const badTs = await signedRequest(s, { path: reqPath, ...a.creds, timestamp: ts + 601 });
      expect(problem(badTs.body)).toBe("An error occurred validating the nonce");
      const nonce = freshNonce();
      const expired = await signedRequest(s, { path: reqPath, ...a.creds, timestamp: ts, nonce });
      expect(problem(expired.body)).toBe("Consumer key has expired");
      const reused = await signedRequest(s, { path: reqPath, ...a.creds, timestamp: ts, nonce });
      expect(problem(reused.body)).toMatch(/^The nonce is already being used by the consumer with ID \d+$/);
      // A new activation restarts the window; the nonce stored during the expired attempt stays used.
      await adminApi(s, "POST", `/integrations/${a.integration.id}/activate`);
      const again = await signedRequest(s, { path: reqPath, ...a.creds, timestamp: ts, nonce });
      expect(problem(again.body)).toMatch(/^The nonce is already being used/);
      expect((await signedRequest(s, { path: reqPath, ...a.creds, timestamp: ts })).status).toBe(200);
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
