/** /oauth/token/access: request-token checks, verifier checks, signature, Active status. */
import { describe, expect, it } from "vitest";
import {
  activateWithReceiver,
  adminApi,
  parseForm,
  signedRequest,
  startDevStore,
  storeAndReceiverForFile,
  type IntegrationJson,
} from "../../../tests/helpers/devstore-client";

const { store, receiver } = await storeAndReceiverForFile();

const problem = (body: string) => parseForm(body).oauth_problem;
const accessPath = "/oauth/token/access";

/** Activation + request token, ready for the access step. */
async function readyForAccess() {
  const a = await activateWithReceiver(store, receiver);
  const r = await signedRequest(store, { path: "/oauth/token/request", ...a.creds });
  expect(r.status).toBe(200);
  const rt = parseForm(r.body);
  return { ...a, requestToken: rt.oauth_token!, requestSecret: rt.oauth_token_secret! };
}

describe("access token", () => {
  it("requires oauth_verifier in the header; in the body alone it is ignored", async () => {
    const x = await readyForAccess();
    const res = await signedRequest(store, {
      path: accessPath,
      ...x.creds,
      token: x.requestToken,
      tokenSecret: x.requestSecret,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `oauth_verifier=${x.creds.verifier}`,
    });
    expect(res.status).toBe(400);
    expect(problem(res.body)).toBe('"oauth_verifier" is required. Enter and try again.');
  });

  it("aggregates oauth_token and oauth_verifier when both are missing", async () => {
    const x = await readyForAccess();
    const res = await signedRequest(store, { path: accessPath, ...x.creds });
    expect(res.status).toBe(400);
    expect(problem(res.body)).toBe(
      '"oauth_token" is required. Enter and try again, "oauth_verifier" is required. Enter and try again',
    );
  });

  it("rejects a request token of the wrong length with 400", async () => {
    const x = await readyForAccess();
    const res = await signedRequest(store, {
      path: accessPath,
      ...x.creds,
      token: "abc",
      tokenSecret: x.requestSecret,
      oauthVerifier: x.creds.verifier,
    });
    expect(res.status).toBe(400);
    expect(problem(res.body)).toBe("The token length is invalid. Check the length and try again.");
  });

  it("rejects an unknown request token", async () => {
    const x = await readyForAccess();
    const res = await signedRequest(store, {
      path: accessPath,
      ...x.creds,
      token: "0".repeat(32),
      tokenSecret: x.requestSecret,
      oauthVerifier: x.creds.verifier,
    });
    expect(res.status).toBe(401);
    expect(problem(res.body)).toBe("Specified token does not exist");
  });

  it("rejects another consumer's request token", async () => {
    const x = await readyForAccess();
    const y = await readyForAccess();
    const res = await signedRequest(store, {
      path: accessPath,
      ...x.creds,
      token: y.requestToken,
      tokenSecret: y.requestSecret,
      oauthVerifier: x.creds.verifier,
    });
    expect(res.status).toBe(401);
    expect(problem(res.body)).toBe("Request token is not associated with the specified consumer");
  });

  it("checks the verifier's length, then that it matches", async () => {
    const x = await readyForAccess();
    const short = await signedRequest(store, {
      path: accessPath,
      ...x.creds,
      token: x.requestToken,
      tokenSecret: x.requestSecret,
      oauthVerifier: "abc",
    });
    expect(short.status).toBe(401);
    expect(problem(short.body)).toBe("Verifier is not the correct length");
    const wrong = await signedRequest(store, {
      path: accessPath,
      ...x.creds,
      token: x.requestToken,
      tokenSecret: x.requestSecret,
      oauthVerifier: "v".repeat(32),
    });
    expect(wrong.status).toBe(401);
    expect(problem(wrong.body)).toBe("Token verifier and verifier token do not match");
  });

  it("checks the verifier before the signature", async () => {
    const x = await readyForAccess();
    const res = await signedRequest(store, {
      path: accessPath,
      ...x.creds,
      token: x.requestToken,
      tokenSecret: x.requestSecret,
      oauthVerifier: "v".repeat(32),
      signature: "bad",
    });
    expect(problem(res.body)).toBe("Token verifier and verifier token do not match");
  });

  it("signs with consumer secret & request-token secret; a wrong token secret fails", async () => {
    const x = await readyForAccess();
    const res = await signedRequest(store, {
      path: accessPath,
      ...x.creds,
      token: x.requestToken,
      tokenSecret: "w".repeat(32),
      oauthVerifier: x.creds.verifier,
    });
    expect(res.status).toBe(401);
    expect(problem(res.body)).toBe("The signature is invalid. Verify and try again.");
  });

  it("issues the access token, sets the integration Active, and refuses the request token afterwards", async () => {
    const x = await readyForAccess();
    const before = await adminApi<IntegrationJson>(store, "GET", `/integrations/${x.integration.id}`);
    expect(before.json.status).toBe("Inactive");
    const ok = await signedRequest(store, {
      path: accessPath,
      ...x.creds,
      token: x.requestToken,
      tokenSecret: x.requestSecret,
      oauthVerifier: x.creds.verifier,
    });
    expect(ok.status).toBe(200);
    const at = parseForm(ok.body);
    expect(at.oauth_token).toMatch(/^[0-9a-z]{32}$/);
    expect(at.oauth_token).not.toBe(x.requestToken);
    const after = await adminApi<IntegrationJson>(store, "GET", `/integrations/${x.integration.id}`);
    expect(after.json.status).toBe("Active");
    expect(after.json.access_token).toBe(at.oauth_token);
    const again = await signedRequest(store, {
      path: accessPath,
      ...x.creds,
      token: x.requestToken,
      tokenSecret: x.requestSecret,
      oauthVerifier: x.creds.verifier,
    });
    expect(again.status).toBe(401);
    expect(problem(again.body)).toBe("Specified token does not exist");
  });

  it("an access token presented at the access step is 'already being used'", async () => {
    const x = await readyForAccess();
    const ok = await signedRequest(store, {
      path: accessPath,
      ...x.creds,
      token: x.requestToken,
      tokenSecret: x.requestSecret,
      oauthVerifier: x.creds.verifier,
    });
    const at = parseForm(ok.body);
    const res = await signedRequest(store, {
      path: accessPath,
      ...x.creds,
      token: at.oauth_token!,
      tokenSecret: at.oauth_token_secret!,
      oauthVerifier: x.creds.verifier,
    });
    expect(res.status).toBe(401);
    expect(problem(res.body)).toBe("Token is already being used");
  });

  it("has no consumer-expiry check", async () => {
    const s = await startDevStore({ profile: "2.4.7" });
    try {
      const a = await activateWithReceiver(s, receiver);
      const r = parseForm((await signedRequest(s, { path: "/oauth/token/request", ...a.creds })).body);
      await adminApi(s, "POST", "/clock", { offsetSeconds: 3600 });
      const res = await signedRequest(s, {
        path: accessPath,
        ...a.creds,
        token: r.oauth_token!,
        tokenSecret: r.oauth_token_secret!,
        oauthVerifier: a.creds.verifier,
      });
      expect(res.status).toBe(200);
    } finally {
      await s.close();
    }
  });
});
