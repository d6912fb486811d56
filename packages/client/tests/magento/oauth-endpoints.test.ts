import { describe, expect, it } from "vitest";
import {
  fetchAccessToken,
  fetchAdminToken,
  fetchCustomerToken,
  fetchRequestToken,
  MagentoApiError,
  MagentoOAuthError,
} from "../../src/magento/index.ts";
import { refParseAuthorization } from "../../../../tests/helpers/reference-oauth.ts";
import { counterNonce, fakeFetch, json } from "../helpers/fake-fetch.ts";

const base = {
  storeBaseUrl: "https://shop.example.com/index.php/",
  consumerKey: "a6aa81cc3e65e2960a4879392445e718",
  consumerSecret: "uc83htqfl8q7uvq8qwjo67pfghvm8il2",
};
const text = (status: number, body: string) => new Response(body, { status, headers: { "content-type": "text/html" } });

async function oauthError(p: Promise<unknown>): Promise<MagentoOAuthError> {
  const e = await p.catch((err: unknown) => err);
  expect(e).toBeInstanceOf(MagentoOAuthError);
  return e as MagentoOAuthError;
}

describe("fetchRequestToken / fetchAccessToken", () => {
  it("POSTs to {store_base_url}oauth/token/request with no body and the OAuth header", async () => {
    const f = fakeFetch(() => text(200, "oauth_token=tok&oauth_token_secret=sec"));
    const r = await fetchRequestToken({ ...base, fetch: f.fetch, nonce: counterNonce(), now: () => 1_700_000_000_000 });
    expect(r).toEqual({
      token: { token: "tok", tokenSecret: "sec" },
      signature: { method: "HMAC-SHA256", mode: "standard" },
    });
    const c = f.calls[0]!;
    expect(c.url).toBe("https://shop.example.com/index.php/oauth/token/request");
    expect(c.method).toBe("POST");
    expect(c.body).toBeUndefined();
    expect(c.redirect).toBe("manual");
    const p = refParseAuthorization(c.headers.authorization!);
    expect(p).not.toHaveProperty("oauth_token");
    expect(p).toMatchObject({
      oauth_consumer_key: base.consumerKey,
      oauth_timestamp: "1700000000",
      oauth_signature_method: "HMAC-SHA256",
    });
  });

  it("puts oauth_token and oauth_verifier in the access-step header", async () => {
    const f = fakeFetch(() => text(200, "oauth_token=acc&oauth_token_secret=accsec"));
    const r = await fetchAccessToken({
      ...base,
      fetch: f.fetch,
      requestToken: { token: "rt", tokenSecret: "rts" },
      verifier: "ver",
    });
    expect(r.token).toEqual({ token: "acc", tokenSecret: "accsec" });
    expect(f.calls[0]!.url).toBe("https://shop.example.com/index.php/oauth/token/access");
    expect(refParseAuthorization(f.calls[0]!.headers.authorization!)).toMatchObject({
      oauth_token: "rt",
      oauth_verifier: "ver",
    });
  });

  it("tries the remaining modes on 'signature is invalid', each with a new nonce, then gives up", async () => {
    const f = fakeFetch(() => text(401, "oauth_problem=The+signature+is+invalid.+Verify+and+try+again."));
    const e = await oauthError(fetchRequestToken({ ...base, fetch: f.fetch }));
    expect(f.calls).toHaveLength(4);
    const nonces = f.calls.map((c) => refParseAuthorization(c.headers.authorization!).oauth_nonce);
    expect(new Set(nonces).size).toBe(4);
    expect(e).toMatchObject({
      status: 401,
      kind: "oauth_problem",
      code: "signature_invalid",
      storeMessage: "The signature is invalid. Verify and try again.",
    });
  });

  it("reports the mode that worked", async () => {
    const f = fakeFetch((_c, i) =>
      i === 0
        ? text(401, "oauth_problem=The+signature+is+invalid.+Verify+and+try+again.")
        : text(200, "oauth_token=a&oauth_token_secret=b"),
    );
    const r = await fetchRequestToken({ ...base, fetch: f.fetch });
    expect(r.signature).toEqual({ method: "HMAC-SHA256", mode: "D" });
  });

  it("carries typed failures: error key, unparsable, network, redirect, 500 internal_error", async () => {
    const errKey = await oauthError(
      fetchRequestToken({ ...base, fetch: fakeFetch(() => text(200, "error=nope")).fetch }),
    );
    expect(errKey).toMatchObject({ kind: "error", storeMessage: "nope" });
    const garbage = await oauthError(
      fetchRequestToken({ ...base, fetch: fakeFetch(() => text(200, "<html><title>Luma</title>")).fetch }),
    );
    expect(garbage.kind).toBe("unparsable");
    expect(garbage.message).toContain("<html><title>Luma</title>");
    expect(garbage.hint).toMatch(/index\.php\//);
    const down = await oauthError(
      fetchRequestToken({
        ...base,
        fetch: fakeFetch(() => {
          throw new TypeError("fetch failed");
        }).fetch,
      }),
    );
    expect(down).toMatchObject({ kind: "network", status: 0 });
    const moved = await oauthError(
      fetchRequestToken({
        ...base,
        fetch: fakeFetch(
          () =>
            new Response(null, { status: 302, headers: { location: "https://shop.example.com/oauth/token/request" } }),
        ).fetch,
      }),
    );
    expect(moved.kind).toBe("redirect");
    expect(moved.message).toContain("https://shop.example.com/");
    const boom = await oauthError(
      fetchRequestToken({
        ...base,
        fetch: fakeFetch(() => text(500, "oauth_problem=" + encodeURIComponent("internal_error&message=DB down")))
          .fetch,
      }),
    );
    expect(boom).toMatchObject({ status: 500, kind: "oauth_problem", storeMessage: "internal_error: DB down" });
  });

  it("never retries a handshake call on 503 (the request token is one-shot)", async () => {
    const f = fakeFetch(() => text(503, "busy"));
    const e = await oauthError(fetchRequestToken({ ...base, fetch: f.fetch }));
    expect(e).toMatchObject({ status: 503, kind: "http" });
    expect(f.calls).toHaveLength(1);
  });
});

describe("fetchAdminToken / fetchCustomerToken", () => {
  it("can issue the token through a store code", async () => {
    const f = fakeFetch(() => json(200, "admin-jwt"));
    expect(
      await fetchAdminToken({
        baseUrl: "https://s.example/index.php/",
        storeCode: "default",
        username: "a",
        password: "p",
        fetch: f.fetch,
      }),
    ).toBe("admin-jwt");
    expect(f.calls[0]!.url).toBe("https://s.example/index.php/rest/default/V1/integration/admin/token");
    await expect(
      fetchAdminToken({
        baseUrl: "https://s.example/",
        storeCode: "../x",
        username: "a",
        password: "p",
        fetch: f.fetch,
      }),
    ).rejects.toThrow(/store code/);
  });

  it("explains admin 2FA and the sign-in/lockout answer", async () => {
    const tfa = fakeFetch(() =>
      json(401, {
        message: "Please use the 2fa provider-specific endpoints to obtain a token.",
        parameters: { active_providers: ["google"] },
      }),
    );
    const e = (await fetchAdminToken({
      baseUrl: "https://s.example/",
      username: "a",
      password: "p",
      fetch: tfa.fetch,
    }).catch((x: unknown) => x)) as MagentoApiError;
    expect(e.code).toBe("admin_2fa_required");
    expect(e.hint).toMatch(/tfa\/provider/);
    const lock = fakeFetch(() =>
      json(401, {
        message:
          "The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.",
      }),
    );
    const l = (await fetchCustomerToken({
      baseUrl: "https://s.example/",
      username: "a",
      password: "p",
      fetch: lock.fetch,
    }).catch((x: unknown) => x)) as MagentoApiError;
    expect(l.code).toBe("sign_in_failed");
    expect(l.hint).toMatch(/30 minutes/);
  });
});

describe("fetchCustomerToken", () => {
  it("POSTs JSON {username, password} and reads a bare JSON string", async () => {
    const f = fakeFetch(() => json(200, "cust-jwt"));
    expect(
      await fetchCustomerToken({
        baseUrl: "https://s.example",
        username: "roni_cost@example.com",
        password: "roni_cost3",
        fetch: f.fetch,
      }),
    ).toBe("cust-jwt");
    expect(f.calls[0]!.url).toBe("https://s.example/rest/V1/integration/customer/token");
    expect(JSON.parse(f.calls[0]!.body!)).toEqual({ username: "roni_cost@example.com", password: "roni_cost3" });
    expect(f.calls[0]!.headers["content-type"]).toBe("application/json");
  });

  it("rejects a non-string answer and does not retry a failed login", async () => {
    const obj = fakeFetch(() => json(200, { token: "x" }));
    const e = await fetchCustomerToken({
      baseUrl: "https://s.example/",
      username: "u",
      password: "p",
      fetch: obj.fetch,
    }).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: "bad_response" });
    const locked = fakeFetch(() => json(503, { message: "busy" }));
    const e2 = await fetchCustomerToken({
      baseUrl: "https://s.example/",
      username: "u",
      password: "p",
      fetch: locked.fetch,
    }).catch((x: unknown) => x);
    expect(e2).toBeInstanceOf(MagentoApiError);
    expect(locked.calls).toHaveLength(1);
  });
});
