import { describe, expect, it } from "vitest";
import { createMagentoClient, MagentoApiError } from "../../src/magento/index.ts";
import { refParseAuthorization } from "../../../../tests/helpers/reference-oauth.ts";
import { counterNonce, fakeFetch, json } from "../helpers/fake-fetch.ts";

const OAUTH = {
  kind: "oauth" as const,
  consumerKey: "a6aa81cc3e65e2960a4879392445e718",
  consumerSecret: "uc83htqfl8q7uvq8qwjo67pfghvm8il2",
  accessToken: "0lnuajnuzeei2o8xcddii5us77xnb6v0",
  accessTokenSecret: "1c6d2hycnir5ygf39fycs6zhtaagx8pd",
};

function setup(
  handler: Parameters<typeof fakeFetch>[0],
  extra: Partial<Parameters<typeof createMagentoClient>[0]> = {},
) {
  const f = fakeFetch(handler);
  const sleeps: number[] = [];
  let clock = 1_700_000_000_000;
  const client = createMagentoClient({
    baseUrl: "https://shop.example.com/",
    auth: OAUTH,
    fetch: f.fetch,
    now: () => (clock += 1000),
    nonce: counterNonce(),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...extra,
  });
  return { client, calls: f.calls, sleeps };
}

async function rejection(p: Promise<unknown>): Promise<MagentoApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(MagentoApiError);
    return e as MagentoApiError;
  }
  throw new Error("expected a rejection");
}

describe("transport", () => {
  it("never follows redirects (redirect: manual) and sends JSON headers", async () => {
    const { client, calls } = setup(() => json(200, { ok: true }));
    const res = await client.request({ method: "POST", path: "/V1/products", body: { product: { sku: "x" } } });
    expect(res.data).toEqual({ ok: true });
    expect(calls[0]!.redirect).toBe("manual");
    expect(calls[0]!.headers["content-type"]).toBe("application/json");
    expect(calls[0]!.headers.accept).toBe("application/json");
    expect(JSON.parse(calls[0]!.body!)).toEqual({ product: { sku: "x" } });
  });

  it("retries 503 with Retry-After, signing every attempt afresh", async () => {
    const { client, calls, sleeps } = setup((_c, i) =>
      i < 2 ? json(503, { message: "busy" }, { "retry-after": "2" }) : json(200, [1]),
    );
    const res = await client.request({ method: "GET", path: "/V1/store/websites" });
    expect(res.attempts).toBe(3);
    expect(sleeps).toEqual([2000, 2000]);
    const params = calls.map((c) => refParseAuthorization(c.headers.authorization!));
    expect(new Set(params.map((p) => p.oauth_nonce)).size).toBe(3);
    expect(new Set(params.map((p) => p.oauth_timestamp)).size).toBe(3);
    expect(new Set(params.map((p) => p.oauth_signature)).size).toBe(3);
  });

  it("honours an HTTP-date Retry-After within maxRetryDelayMs", async () => {
    const at = new Date(1_700_000_000_000 + 60_000).toUTCString(); // the fake clock ticks 1 s per read: a little under 60 s to wait
    const { client, sleeps } = setup(
      (_c, i) => (i === 0 ? json(429, { message: "slow down" }, { "retry-after": at }) : json(200, {})),
      {
        maxRetryDelayMs: 60_000,
      },
    );
    await client.request({ method: "POST", path: "/V1/carts/mine" });
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]!).toBeGreaterThan(45_000);
    expect(sleeps[0]!).toBeLessThanOrEqual(60_000);
  });

  it("never cuts a longer Retry-After short: rate_limited with the delay, no retry", async () => {
    const { client, calls, sleeps } = setup(
      () => json(429, { message: "slow down" }, { "retry-after": "Wed, 01 Jan 2098 00:00:00 GMT" }),
      {
        maxRetryDelayMs: 5000,
      },
    );
    const e = await rejection(client.request({ method: "POST", path: "/V1/carts/mine" }));
    expect(e.code).toBe("rate_limited");
    expect(e.status).toBe(429);
    expect(e.retryAfterMs).toBeGreaterThan(2_000_000_000_000);
    expect(e.hint).toMatch(/maxRetryDelayMs/);
    expect(sleeps).toEqual([]);
    expect(calls).toHaveLength(1);
    const g = setup(() => json(503, { message: "maintenance" }, { "retry-after": "120" }), { maxRetryDelayMs: 30_000 });
    const e2 = await rejection(g.client.request({ method: "GET", path: "/V1/store/websites" }));
    expect(e2).toMatchObject({ code: "rate_limited", status: 503, retryAfterMs: 120_000 });
  });

  it("retries a POST only on 429 or on a 503 that carries Retry-After", async () => {
    const bare = setup((_c, i) => (i === 0 ? json(503, { message: "Service Unavailable" }) : json(200, {})));
    const e = await rejection(bare.client.request({ method: "POST", path: "/V1/orders", body: {} }));
    expect(e.status).toBe(503);
    expect(bare.calls).toHaveLength(1);
    const told = setup((_c, i) => (i === 0 ? json(503, { message: "busy" }, { "retry-after": "1" }) : json(200, {})));
    expect((await told.client.request({ method: "POST", path: "/V1/orders", body: {} })).attempts).toBe(2);
    const limited = setup((_c, i) => (i === 0 ? json(429, { message: "slow down" }) : json(200, {})));
    expect((await limited.client.request({ method: "POST", path: "/V1/orders", body: {} })).attempts).toBe(2);
    const get = setup((_c, i) => (i === 0 ? json(503, { message: "Service Unavailable" }) : json(200, {})));
    expect((await get.client.request({ method: "GET", path: "/V1/store/websites" })).attempts).toBe(2);
  });

  it("backs off exponentially without Retry-After and gives up after maxRetries", async () => {
    const { client, calls, sleeps } = setup(() => json(502, { message: "bad gateway" }), { maxRetries: 3 });
    const e = await rejection(client.request({ method: "GET", path: "/V1/products" }));
    expect(e.status).toBe(502);
    expect(calls).toHaveLength(4);
    expect(sleeps).toHaveLength(3);
    expect(sleeps[1]!).toBeGreaterThan(sleeps[0]!);
    expect(sleeps[2]!).toBeGreaterThan(sleeps[1]!);
  });

  it("does not retry 502 on POST, nor 500 or 4xx at all", async () => {
    for (const [status, method] of [
      [502, "POST"],
      [500, "GET"],
      [404, "GET"],
    ] as const) {
      const { client, calls } = setup(() => json(status, { message: "no" }));
      const e = await rejection(client.request({ method, path: "/V1/x" }));
      expect(e.status).toBe(status);
      expect(calls).toHaveLength(1);
    }
  });

  it("retries network errors of idempotent calls only", async () => {
    let n = 0;
    const flaky = () => {
      if (n++ === 0) throw new TypeError("fetch failed", { cause: new Error("ECONNRESET") });
      return json(200, {});
    };
    const a = setup(flaky);
    expect((await a.client.request({ method: "PUT", path: "/V1/x", body: {} })).attempts).toBe(2);
    n = 0;
    const b = setup(flaky);
    const e = await rejection(b.client.request({ method: "POST", path: "/V1/x", body: {} }));
    expect(e.code).toBe("network");
    expect(e.status).toBe(0);
    expect(e.message).toContain("ECONNRESET");
    expect(b.calls).toHaveLength(1);
  });

  it("aborts a hanging fetch after timeoutMs", async () => {
    const hang = (async (_u: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_r, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)),
      )) as typeof fetch;
    const client = createMagentoClient({
      baseUrl: "https://s/",
      auth: { kind: "none" },
      fetch: hang,
      maxRetries: 0,
      timeoutMs: 30,
    });
    const started = Date.now();
    const e = await rejection(client.request({ method: "GET", path: "/V1/x" }));
    expect(e.code).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("reports a redirect as an error naming the base URL to configure", async () => {
    const { client, calls } = setup(
      () =>
        new Response(null, {
          status: 301,
          headers: { location: "https://www.shop.example.com/index.php/rest/V1/products" },
        }),
    );
    const e = await rejection(client.request({ method: "GET", path: "/V1/products" }));
    expect(e.code).toBe("redirect");
    expect(e.status).toBe(301);
    expect(e.message).toContain("https://www.shop.example.com/index.php/rest/V1/products");
    expect(e.message).toContain("configure the store base URL as https://www.shop.example.com/index.php/");
    expect(calls).toHaveLength(1);
  });

  it("flags an HTML answer as bad_response", async () => {
    const { client } = setup(
      () => new Response("<!doctype html><html></html>", { status: 200, headers: { "content-type": "text/html" } }),
    );
    const e = await rejection(client.request({ method: "GET", path: "/V1/products" }));
    expect(e.code).toBe("bad_response");
    expect(e.hint).toMatch(/base URL/);
  });

  it("sends Bearer and anonymous calls without OAuth", async () => {
    const f = fakeFetch(() => json(200, "ok"));
    await createMagentoClient({
      baseUrl: "https://s/",
      auth: { kind: "bearer", token: "abc" },
      fetch: f.fetch,
    }).request({ method: "GET", path: "/V1/x" });
    await createMagentoClient({ baseUrl: "https://s/", auth: { kind: "none" }, fetch: f.fetch }).request({
      method: "GET",
      path: "/V1/x",
    });
    expect(f.calls[0]!.headers.authorization).toBe("Bearer abc");
    expect(f.calls[1]!.headers.authorization).toBeUndefined();
  });

  it("a failing onSignatureChoice callback does not fail the call", async () => {
    const { client } = setup(() => json(200, { ok: 1 }), {
      onSignatureChoice: () => {
        throw new Error("db down");
      },
    });
    expect((await client.request({ method: "GET", path: "/V1/x" })).data).toEqual({ ok: 1 });
    expect(client.signature).toEqual({ method: "HMAC-SHA256", mode: "standard" });
  });

  it("refuses nonces that are not 32 characters of [0-9a-z] (Magento's own shape; base64 breaks family D)", async () => {
    for (const bad of [
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef",
      "abc123",
      "a".repeat(33),
      "abc+/=defghijklmnopqrstuvwxyz0123",
    ]) {
      const { client, calls } = setup(() => json(200, {}), { nonce: () => bad });
      await expect(client.request({ method: "GET", path: "/V1/x" })).rejects.toThrow(/unusable nonce/);
      expect(calls).toHaveLength(0);
    }
  });

  it("refuses a nonce source that repeats itself", async () => {
    const { client } = setup(() => json(200, {}), { nonce: () => "samesamesamesamesamesamesamesame" });
    await client.request({ method: "GET", path: "/V1/x" });
    const err = await client.request({ method: "GET", path: "/V1/x" }).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(MagentoApiError);
    expect(String(err)).toMatch(/repeated a nonce/);
  });
});
