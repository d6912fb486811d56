/**
 * The client against a small local store (node:http on 127.0.0.1:0) that verifies every OAuth signature with the
 * test's reference implementation, playing a chosen signature family, the nonce store and Magento's error bodies.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import {
  createMagentoClient,
  fetchAccessToken,
  fetchAdminToken,
  fetchRequestToken,
  listFields,
  MagentoApiError,
  MagentoOAuthError,
  parseSearchCriteria,
  searchCriteria,
  type MagentoClientOptions,
  type SignatureChoice,
} from "@magento-integration/client";
import { refParseAuthorization, refSign, type RefFamily } from "@/tests/helpers/reference-oauth";
import { listenLocal } from "../helpers/servers";

const CK = "a6aa81cc3e65e2960a4879392445e718";
const CS = "uc83htqfl8q7uvq8qwjo67pfghvm8il2";
const AT = "0lnuajnuzeei2o8xcddii5us77xnb6v0";
const ATS = "1c6d2hycnir5ygf39fycs6zhtaagx8pd";
const RT = "4cqw0r7vo0s5goyyqnjb72sqj3vxwr0h";
const RTS = "rig3x3j5a9z5j6d4ubjwyf9f1l21itrr";
const VERIFIER = "5b1rl9rmy7m5twx8zoufgajgrmlhmqmt";

interface Reply {
  status: number;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

interface LogEntry {
  method: string;
  url: string;
  oauth: Record<string, string>;
  verdict: "ok" | "bad_signature" | "bad_method" | "replay" | "unsigned";
}

interface StoreOptions {
  family?: RefFamily;
  methods?: Array<"HMAC-SHA256" | "HMAC-SHA1">;
  /** Path prefix of the store base URL ("" or "/index.php"). */
  prefix?: string;
  route?: (req: {
    method: string;
    path: string;
    query: Array<[string, string]>;
    body: string;
    n: number;
  }) => Reply | undefined;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
});

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (data += c));
    req.on("end", () => resolve(data));
  });
}

function rawQuery(url: string): Array<[string, string]> {
  const q = url.includes("?") ? url.slice(url.indexOf("?") + 1) : "";
  return q
    .split("&")
    .filter(Boolean)
    .map((p) => {
      const [k, v] = p.split("=");
      return [decodeURIComponent(k!), decodeURIComponent(v ?? "")];
    });
}

async function startStore(opts: StoreOptions = {}) {
  const family = opts.family ?? "A";
  const methods = opts.methods ?? ["HMAC-SHA256"];
  const prefix = opts.prefix ?? "";
  const nonces = new Set<string>();
  const log: LogEntry[] = [];
  let n = 0;
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const send = (r: Reply) => {
      const text = r.raw ?? (r.body === undefined ? "" : JSON.stringify(r.body));
      res.writeHead(r.status, { "content-type": r.raw !== undefined ? "text/html" : "application/json", ...r.headers });
      res.end(text);
    };
    const url = req.url ?? "/";
    const path = url.split("?")[0]!;
    const handshake = path.startsWith(`${prefix}/oauth/token/`);
    const entry: LogEntry = { method: req.method!, url, oauth: {}, verdict: "ok" };
    log.push(entry);
    // Magento answers token endpoints in form encoding, REST in JSON
    const fail = (status: number, message: string, parameters?: unknown): Reply =>
      handshake
        ? { status, raw: new URLSearchParams({ oauth_problem: renderFor(message, parameters) }).toString() }
        : { status, body: parameters === undefined ? { message } : { message, parameters } };
    const auth = req.headers.authorization ?? "";
    if (auth.startsWith("Bearer ")) {
      entry.verdict = "unsigned";
      if (auth !== "Bearer admin-jwt")
        return send(
          fail(401, "The consumer isn't authorized to access %resources.", { resources: "Magento_Backend::admin" }),
        );
    } else if (auth) {
      const p = refParseAuthorization(auth);
      entry.oauth = p;
      if (!methods.includes(p.oauth_signature_method as "HMAC-SHA256")) {
        entry.verdict = "bad_method";
        return send(fail(400, "Signature method %1 is not supported", [p.oauth_signature_method]));
      }
      // the nonce is stored before the signature is checked (docs/magento-integration-flow.md#nonce-and-timestamp)
      if (nonces.has(p.oauth_nonce!)) {
        entry.verdict = "replay";
        return send(fail(401, "The nonce is already being used by the consumer with ID %1", [1]));
      }
      nonces.add(p.oauth_nonce!);
      const { oauth_signature: signature, ...params } = p;
      const step = path.endsWith("/oauth/token/request")
        ? "request"
        : path.endsWith("/oauth/token/access")
          ? "access"
          : "rest";
      if (step === "request" && "oauth_token" in params)
        return send(fail(400, "The token length is invalid. Check the length and try again."));
      if (step === "access" && params.oauth_verifier !== VERIFIER)
        return send(fail(401, "Token verifier and verifier token do not match"));
      const tokenSecret = step === "request" ? "" : step === "access" ? RTS : ATS;
      const expected = refSign({
        method: req.method!,
        url: `http://${req.headers.host}${url}`,
        oauthParams: params,
        consumerSecret: CS,
        tokenSecret,
        family,
        hash: p.oauth_signature_method === "HMAC-SHA1" ? "sha1" : "sha256",
      });
      if (expected !== signature) {
        entry.verdict = "bad_signature";
        return send(fail(401, "The signature is invalid. Verify and try again."));
      }
      if (step === "request") return send({ status: 200, raw: `oauth_token=${RT}&oauth_token_secret=${RTS}` });
      if (step === "access") return send({ status: 200, raw: `oauth_token=${AT}&oauth_token_secret=${ATS}` });
    } else {
      entry.verdict = "unsigned";
    }
    const reply = opts.route?.({
      method: req.method!,
      path: path.slice(prefix.length),
      query: rawQuery(url),
      body,
      n: n++,
    });
    send(reply ?? { status: 404, body: { message: "Request does not match any route." } });
  });
  servers.push(server);
  const port = await listenLocal(server);
  const url = `http://127.0.0.1:${port}`;
  return { url, storeBaseUrl: `${url}${prefix}/`, log };
}

function renderFor(message: string, parameters: unknown): string {
  if (Array.isArray(parameters))
    return parameters.reduce<string>((m, v, i) => m.replace(`%${i + 1}`, String(v)), message);
  return message;
}

function clientFor(storeBaseUrl: string, extra: Partial<MagentoClientOptions> = {}) {
  const sleeps: number[] = [];
  const choices: SignatureChoice[] = [];
  const client = createMagentoClient({
    baseUrl: storeBaseUrl,
    auth: { kind: "oauth", consumerKey: CK, consumerSecret: CS, accessToken: AT, accessTokenSecret: ATS },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    onSignatureChoice: (c) => {
      choices.push(c);
    },
    ...extra,
  });
  return { client, sleeps, choices };
}

const products = Array.from({ length: 1003 }, (_, i) => ({
  entity_id: i + 1,
  sku: `SKU-${i + 1}`,
  name: `Product ${i + 1}`,
  price: i,
}));

/** A list route that pages like Magento: a page past the end returns the last page again. */
function listRoute(rows: Array<Record<string, unknown>>) {
  return (req: { query: Array<[string, string]> }): Reply => {
    const c = parseSearchCriteria(req.query.filter(([k]) => k.startsWith("searchCriteria")));
    const size = c.pageSize ?? rows.length;
    const last = Math.max(1, Math.ceil(rows.length / size));
    const page = Math.min(c.currentPage ?? 1, last);
    return {
      status: 200,
      body: { items: rows.slice((page - 1) * size, page * size), search_criteria: {}, total_count: rows.length },
    };
  };
}

const dateCriteria = () =>
  searchCriteria()
    .where("created_at", "gt", "2024-10-25 00:00:00")
    .where("name", "like", "%Bag, 'large'%")
    .sortBy("created_at", "DESC");

describe("signed REST calls against a verifying store", () => {
  it("a family-A store accepts dates, like-wildcards, fields and ≥ 10 filter groups signed the standard way", async () => {
    const store = await startStore({
      family: "A",
      methods: ["HMAC-SHA1", "HMAC-SHA256"],
      route: () => ({ status: 200, body: { items: [], total_count: 0 } }),
    });
    const { client, choices } = clientFor(store.storeBaseUrl);
    const sc = dateCriteria();
    for (let i = 0; i < 12; i++) sc.where(`f${i}`, "eq", `v ${i}`);
    const res = await client.request({
      method: "GET",
      path: "/V1/orders",
      searchCriteria: sc,
      fields: listFields("increment_id", { billing_address: ["city"] }),
    });
    expect(res.status).toBe(200);
    expect(res.attempts).toBe(1);
    expect(store.log.map((l) => l.verdict)).toEqual(["ok"]);
    expect(store.log[0]!.url).not.toContain("+");
    expect(choices).toEqual([{ method: "HMAC-SHA256", mode: "standard" }]);
  });

  it("works under index.php/ and with a store code, SKU with a slash encoded as %2F", async () => {
    const store = await startStore({
      prefix: "/index.php",
      route: (r) =>
        r.path === "/rest/default/V1/products/ABC%2F10" ? { status: 200, body: { sku: "ABC/10" } } : undefined,
    });
    const { client } = clientFor(store.storeBaseUrl, { storeCode: "default" });
    const res = await client.call<"getProductsBySku", { sku: string }>("getProductsBySku", {
      pathParams: { sku: "ABC/10" },
    });
    expect(res.data.sku).toBe("ABC/10");
    expect(res.url).toBe(`${store.url}/index.php/rest/default/V1/products/ABC%2F10`);
  });

  it("a family-D store: falls back to mode D, reports it, and uses it for later calls", async () => {
    const store = await startStore({
      family: "D",
      route: () => ({ status: 200, body: { items: [], total_count: 0 } }),
    });
    const { client, choices } = clientFor(store.storeBaseUrl);
    const res = await client.request({ method: "GET", path: "/V1/orders", searchCriteria: dateCriteria() });
    expect(res.status).toBe(200);
    expect(res.attempts).toBe(2);
    expect(store.log.map((l) => l.verdict)).toEqual(["bad_signature", "ok"]);
    expect(choices).toEqual([{ method: "HMAC-SHA256", mode: "D" }]);
    expect(client.signature).toEqual({ method: "HMAC-SHA256", mode: "D" });
    await client.request({ method: "GET", path: "/V1/orders", searchCriteria: dateCriteria() });
    expect(store.log.map((l) => l.verdict)).toEqual(["bad_signature", "ok", "ok"]);
    expect(choices).toHaveLength(1);
  });

  it("a family-C store: a SKU with %2F in the path needs mode C", async () => {
    const store = await startStore({ family: "C", route: () => ({ status: 200, body: { sku: "ABC/10" } }) });
    const { client, choices } = clientFor(store.storeBaseUrl);
    await client.request({ method: "GET", path: "/V1/products/{sku}", pathParams: { sku: "ABC/10" } });
    expect(choices).toEqual([{ method: "HMAC-SHA256", mode: "C" }]);
    expect(store.log.at(-1)!.verdict).toBe("ok");
  });

  it("a family-E store: ≥ 10 filter groups next to 2–9 need byte order (mode E)", async () => {
    const store = await startStore({
      family: "E",
      route: () => ({ status: 200, body: { items: [], total_count: 0 } }),
    });
    const { client, choices } = clientFor(store.storeBaseUrl);
    const sc = searchCriteria();
    for (let i = 0; i < 12; i++) sc.where(`f${i}`, "eq", `v${i}`);
    await client.request({ method: "GET", path: "/V1/products", searchCriteria: sc });
    expect(choices).toEqual([{ method: "HMAC-SHA256", mode: "E" }]);
    expect(store.log.at(-1)!.verdict).toBe("ok");
  });

  it("a store that refuses HMAC-SHA1 (2.4.4+): switches to HMAC-SHA256 once and remembers", async () => {
    const store = await startStore({ family: "B", methods: ["HMAC-SHA256"], route: () => ({ status: 200, body: [] }) });
    const { client, choices } = clientFor(store.storeBaseUrl, { signature: { method: "HMAC-SHA1", mode: "standard" } });
    await client.request({ method: "GET", path: "/V1/store/websites" });
    expect(store.log.map((l) => [l.oauth.oauth_signature_method, l.verdict])).toEqual([
      ["HMAC-SHA1", "bad_method"],
      ["HMAC-SHA256", "ok"],
    ]);
    expect(choices).toEqual([{ method: "HMAC-SHA256", mode: "standard" }]);
    await client.request({ method: "GET", path: "/V1/store/websites" });
    expect(store.log).toHaveLength(3);
  });

  it("gives up with signature_invalid when no mode matches (wrong secret), each try with a fresh nonce", async () => {
    const store = await startStore({ family: "A" });
    const { client, choices } = createWrongSecretClient(store.storeBaseUrl);
    const err = await client.request({ method: "GET", path: "/V1/store/websites" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MagentoApiError);
    expect((err as MagentoApiError).code).toBe("signature_invalid");
    expect((err as MagentoApiError).hint).toMatch(/base URL/);
    // every family signs a plain call alike: one refusal settles it, no other mode is sent
    expect(store.log.map((l) => l.verdict)).toEqual(["bad_signature"]);
    // a dated call is signed one way by D and another by the rest: one try of each
    const dated = await client
      .request({ method: "GET", path: "/V1/orders", searchCriteria: dateCriteria() })
      .catch((e: unknown) => e);
    expect((dated as MagentoApiError).code).toBe("signature_invalid");
    expect(store.log.map((l) => l.verdict)).toEqual(["bad_signature", "bad_signature", "bad_signature"]);
    expect(new Set(store.log.map((l) => l.oauth.oauth_nonce)).size).toBe(3);
    expect(choices).toEqual([]);
    expect(client.signature).toEqual({ method: "HMAC-SHA256", mode: "standard" });
  });

  it("retries 503 twice honouring Retry-After, each attempt with a new nonce the store accepts", async () => {
    const store = await startStore({
      route: (r) =>
        r.n < 2
          ? { status: 503, body: { message: "Service Unavailable" }, headers: { "retry-after": "1" } }
          : { status: 200, body: { ok: true } },
    });
    const { client, sleeps } = clientFor(store.storeBaseUrl);
    const res = await client.request({ method: "GET", path: "/V1/store/storeConfigs" });
    expect(res.data).toEqual({ ok: true });
    expect(res.attempts).toBe(3);
    expect(sleeps).toEqual([1000, 1000]);
    expect(store.log.map((l) => l.verdict)).toEqual(["ok", "ok", "ok"]);
    expect(new Set(store.log.map((l) => l.oauth.oauth_nonce)).size).toBe(3);
  });

  it("a redirecting store: error naming the URL to configure, redirect not followed", async () => {
    let target = "";
    const store = await startStore({
      route: (r) =>
        r.path.startsWith("/rest/")
          ? { status: 301, body: {}, headers: { location: `${target}/index.php${r.path}` } }
          : { status: 200, body: { followed: true } },
    });
    target = store.url;
    const { client } = clientFor(store.storeBaseUrl);
    const err = (await client
      .request({ method: "GET", path: "/V1/products" })
      .catch((e: unknown) => e)) as MagentoApiError;
    expect(err).toBeInstanceOf(MagentoApiError);
    expect(err.code).toBe("redirect");
    expect(err.message).toContain(`${store.url}/index.php/rest/V1/products`);
    expect(err.message).toContain(`configure the store base URL as ${store.url}/index.php/`);
    expect(store.log).toHaveLength(1);
  });

  it("pages over 1003 rows with total_count, never asking past the last page", async () => {
    const store = await startStore({ route: listRoute(products) });
    const { client } = clientFor(store.storeBaseUrl);
    const seen: number[] = [];
    for await (const p of client.paginate<{ entity_id: number }>("/V1/products", {
      pageSize: 300,
      fields: listFields("entity_id", "sku"),
    })) {
      seen.push(p.entity_id);
    }
    expect(seen).toEqual(products.map((p) => p.entity_id));
    const pages = store.log.map((l) =>
      parseSearchCriteria(rawQuery(l.url).filter(([k]) => k.startsWith("searchCriteria"))),
    );
    expect(pages.map((c) => c.currentPage)).toEqual([1, 2, 3, 4]);
    expect(
      pages.every(
        (c) => c.pageSize === 300 && c.sortOrders.some((s) => s.field === "entity_id" && s.direction === "ASC"),
      ),
    ).toBe(true);
    expect(store.log.every((l) => l.verdict === "ok")).toBe(true);
  });

  it("nonce replay: the store refuses a replayed request, and the client never replays across retries and fallbacks", async () => {
    const store = await startStore({
      family: "D",
      route: (r) => (r.n === 0 ? { status: 503, body: { message: "busy" } } : { status: 200, body: [] }),
    });
    const { client } = clientFor(store.storeBaseUrl);
    await client.request({ method: "GET", path: "/V1/orders", searchCriteria: dateCriteria() });
    await client.request({ method: "GET", path: "/V1/orders", searchCriteria: dateCriteria() });
    const nonces = store.log.map((l) => l.oauth.oauth_nonce);
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(store.log.some((l) => l.verdict === "replay")).toBe(false);
    // replay the last request byte for byte: the store must refuse it
    const last = store.log.at(-1)!;
    const header =
      "OAuth " +
      Object.entries(last.oauth)
        .map(([k, v]) => `${k}="${encodeURIComponent(v)}"`)
        .join(", ");
    const replay = await fetch(`${store.url}${last.url}`, { headers: { authorization: header } });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { message: string }).message).toMatch(/nonce is already being used/);
  });

  it("maps the store's 401s to typed errors with hints", async () => {
    const store = await startStore({
      route: (r) =>
        r.path.endsWith("/orders")
          ? {
              status: 401,
              body: {
                message: "The consumer isn't authorized to access %resources.",
                parameters: { resources: "Magento_Sales::sales" },
              },
            }
          : { status: 401, body: { message: "Specified token does not exist" } },
    });
    const { client } = clientFor(store.storeBaseUrl);
    const a = (await client.request({ method: "GET", path: "/V1/orders" }).catch((e: unknown) => e)) as MagentoApiError;
    expect(a.code).toBe("not_authorized");
    expect(a.renderedMessage).toBe("The consumer isn't authorized to access Magento_Sales::sales.");
    expect(a.hint).toContain("Magento_Sales::sales");
    const b = (await client
      .request({ method: "GET", path: "/V1/products" })
      .catch((e: unknown) => e)) as MagentoApiError;
    expect(b.code).toBe("token_missing");
    expect(b.hint).toMatch(/Reauthorize/);
  });
});

function createWrongSecretClient(storeBaseUrl: string) {
  const choices: SignatureChoice[] = [];
  const client = createMagentoClient({
    baseUrl: storeBaseUrl,
    auth: { kind: "oauth", consumerKey: CK, consumerSecret: CS, accessToken: AT, accessTokenSecret: "wrong" },
    onSignatureChoice: (c) => {
      choices.push(c);
    },
  });
  return { client, choices };
}

describe("handshake endpoints against a verifying store", () => {
  it("request and access tokens: no oauth_token on the request step, verifier in the header on the access step", async () => {
    const store = await startStore({ family: "A", methods: ["HMAC-SHA1", "HMAC-SHA256"] });
    const r = await fetchRequestToken({ storeBaseUrl: store.storeBaseUrl, consumerKey: CK, consumerSecret: CS });
    expect(r.token).toEqual({ token: RT, tokenSecret: RTS });
    expect(r.signature).toEqual({ method: "HMAC-SHA256", mode: "standard" });
    expect(store.log[0]!.oauth).not.toHaveProperty("oauth_token");
    expect(store.log[0]!.method).toBe("POST");
    const a = await fetchAccessToken({
      storeBaseUrl: store.storeBaseUrl,
      consumerKey: CK,
      consumerSecret: CS,
      requestToken: r.token,
      verifier: VERIFIER,
    });
    expect(a.token).toEqual({ token: AT, tokenSecret: ATS });
    expect(store.log[1]!.oauth).toMatchObject({ oauth_token: RT, oauth_verifier: VERIFIER });
    expect(store.log.map((l) => l.verdict)).toEqual(["ok", "ok"]);
  });

  it("falls back from HMAC-SHA1 on a 2.4.4+ store's oauth_problem and reports the choice", async () => {
    const store = await startStore({ family: "B", methods: ["HMAC-SHA256"] });
    const r = await fetchRequestToken({
      storeBaseUrl: store.storeBaseUrl,
      consumerKey: CK,
      consumerSecret: CS,
      signature: { method: "HMAC-SHA1", mode: "standard" },
    });
    expect(r.signature).toEqual({ method: "HMAC-SHA256", mode: "standard" });
    expect(store.log.map((l) => l.verdict)).toEqual(["bad_method", "ok"]);
    expect(store.log[0]!.oauth.oauth_nonce).not.toBe(store.log[1]!.oauth.oauth_nonce);
  });

  it("throws MagentoOAuthError with the store's oauth_problem text", async () => {
    const store = await startStore({ family: "A" });
    const err = (await fetchAccessToken({
      storeBaseUrl: store.storeBaseUrl,
      consumerKey: CK,
      consumerSecret: CS,
      requestToken: { token: RT, tokenSecret: RTS },
      verifier: "x".repeat(32),
    }).catch((e: unknown) => e)) as MagentoOAuthError;
    expect(err).toBeInstanceOf(MagentoOAuthError);
    expect(err.status).toBe(401);
    expect(err.kind).toBe("oauth_problem");
    expect(err.storeMessage).toBe("Token verifier and verifier token do not match");
  });

  it("names a consumer-expiry failure with its fix", async () => {
    // a store whose token endpoint says the consumer expired (checked before the signature)
    const expired = await startStoreExpired();
    const err = (await fetchRequestToken({ storeBaseUrl: expired, consumerKey: CK, consumerSecret: CS }).catch(
      (e: unknown) => e,
    )) as MagentoOAuthError;
    expect(err.code).toBe("consumer_expired");
    expect(err.hint).toMatch(/300 s/);
    expect(err.status).toBe(401);
    expect(err.storeMessage).toBe("Consumer key has expired");
  });
});

async function startStoreExpired(): Promise<string> {
  const server = createServer((_req, res) => {
    res.writeHead(401, { "content-type": "text/html" });
    res.end("oauth_problem=Consumer+key+has+expired");
  });
  servers.push(server);
  const port = await listenLocal(server);
  return `http://127.0.0.1:${port}/`;
}

describe("admin and customer tokens", () => {
  it("POSTs JSON credentials and reads a bare JSON string, then calls with Bearer", async () => {
    const store = await startStore({
      route: (r) => {
        if (r.path === "/rest/V1/integration/admin/token") {
          const { username, password } = JSON.parse(r.body) as { username: string; password: string };
          return username === "admin" && password === "admin123"
            ? { status: 200, body: "admin-jwt" }
            : {
                status: 401,
                body: {
                  message:
                    "The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.",
                },
              };
        }
        if (r.path === "/rest/default/schema") return { status: 200, body: { swagger: "2.0" } };
        return undefined;
      },
    });
    const token = await fetchAdminToken({ baseUrl: store.storeBaseUrl, username: "admin", password: "admin123" });
    expect(token).toBe("admin-jwt");
    const client = createMagentoClient({ baseUrl: store.storeBaseUrl, auth: { kind: "bearer", token } });
    expect((await client.call<"getSchema", { swagger: string }>("getSchema")).data.swagger).toBe("2.0");
    const bad = (await fetchAdminToken({ baseUrl: store.storeBaseUrl, username: "admin", password: "nope" }).catch(
      (e: unknown) => e,
    )) as MagentoApiError;
    expect(bad).toBeInstanceOf(MagentoApiError);
    expect(bad.status).toBe(401);
    expect(store.log.filter((l) => l.url.endsWith("/admin/token"))).toHaveLength(2);
  });
});

describe("property: every family accepts whatever the client sends (after fallback)", () => {
  const FAMILIES: RefFamily[] = ["A", "B", "C", "D", "E"];
  const tricky = fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 12 }),
    fc.constantFrom(
      "2024-10-25 00:00:00",
      "%Bag%",
      "a+b",
      "x=y&z",
      "[0]",
      "ABC/10",
      "it's (*)!",
      "100%",
      "~._-",
      "",
      "é ü 漢字 🎉",
    ),
  );
  it.each(FAMILIES)("family %s", async (family) => {
    const store = await startStore({ family, route: () => ({ status: 200, body: { items: [], total_count: 0 } }) });
    const { client } = clientFor(store.storeBaseUrl);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...(["eq", "like", "in", "gt", "from"] as const)), tricky), {
          minLength: 0,
          maxLength: 13,
        }),
        fc.option(
          tricky.filter((s) => s.length > 0 && s !== "." && s !== ".."),
          { nil: undefined },
        ), // "." and ".." are refused (dot segments)
        async (filters, sku) => {
          const sc = searchCriteria();
          filters.forEach(([cond, value], i) => sc.where(`field_${i}`, cond, value));
          const res =
            sku === undefined
              ? await client.request({ method: "GET", path: "/V1/products", searchCriteria: sc.sortBy("entity_id") })
              : await client.request({
                  method: "GET",
                  path: "/V1/products/{sku}",
                  pathParams: { sku },
                  fields: "sku,name",
                });
          expect(res.status).toBe(200);
          expect(store.log.at(-1)!.verdict).toBe("ok");
        },
      ),
      { numRuns: 60 },
    );
    const nonces = store.log.map((l) => l.oauth.oauth_nonce);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
