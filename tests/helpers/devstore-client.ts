/**
 * Test-side client for the dev store: raw HTTP (exact path, Host header and body), OAuth signing with the
 * tests' reference signer (never packages/client/src/oauth), a callback receiver, and the admin JSON API.
 */
import http from "node:http";
import { afterAll } from "vitest";
import { randomBytes } from "node:crypto";
import { refAuthorization, refSign, type RefFamily } from "./reference-oauth";
import { startDevStore, type DevStore, type DevStoreOptions } from "../../packages/devstore/src/server";
import { listenLocal, closeServer } from "./servers";

export type ProfileName = NonNullable<DevStoreOptions["profile"]>;

export const FAMILY_OF: Record<ProfileName, RefFamily> = {
  "2.4.3": "A",
  "2.4.5": "B",
  "2.4.7": "C",
  "2.4.8": "D",
  "2.4.9": "E",
  seed: "A",
};

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request with the path, headers and body exactly as given (no URL normalisation). */
export function rawRequest(
  baseUrl: string,
  opts: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  const u = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        method: opts.method,
        path: opts.path,
        headers: opts.headers,
        setHost: !opts.headers?.Host,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    req.on("error", reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

let nonceCounter = 0;
/** 32 random [0-9a-z] characters, never reused in a run. */
export function freshNonce(): string {
  nonceCounter++;
  return (randomBytes(16).toString("hex") + nonceCounter.toString(36)).slice(-32);
}

export interface SignOptions {
  method?: string;
  /** Path + query exactly as sent. */
  path: string;
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
  oauthVerifier?: string;
  family?: RefFamily;
  hash?: "sha256" | "sha1";
  signatureMethod?: string;
  nonce?: string;
  timestamp?: string | number;
  version?: string | null;
  /** Extra oauth params (e.g. a wrong oauth_version), or params to drop. */
  extra?: Record<string, string>;
  omit?: string[];
  /** Replace the computed signature. */
  signature?: string;
  /** Host header to send and sign (default the store's host:port). */
  host?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Builds a signed request with the reference signer and sends it raw. */
export async function signedRequest(store: { url: string }, o: SignOptions): Promise<RawResponse> {
  const method = o.method ?? "POST";
  const host = o.host ?? new URL(store.url).host;
  const params: Record<string, string> = {
    oauth_consumer_key: o.consumerKey,
    oauth_nonce: o.nonce ?? freshNonce(),
    oauth_signature_method: o.signatureMethod ?? (o.hash === "sha1" ? "HMAC-SHA1" : "HMAC-SHA256"),
    oauth_timestamp: String(o.timestamp ?? Math.floor(Date.now() / 1000)),
  };
  if (o.version !== null) params.oauth_version = o.version ?? "1.0";
  if (o.token !== undefined) params.oauth_token = o.token;
  if (o.oauthVerifier !== undefined) params.oauth_verifier = o.oauthVerifier;
  Object.assign(params, o.extra ?? {});
  for (const k of o.omit ?? []) delete params[k];
  const signature =
    o.signature ??
    refSign({
      method,
      url: `http://${host}${o.path}`,
      oauthParams: params,
      consumerSecret: o.consumerSecret,
      tokenSecret: o.tokenSecret,
      family: o.family ?? "A",
      hash: o.hash,
    });
  const headers: Record<string, string> = {
    Host: host,
    Authorization: refAuthorization(params, signature),
    ...(o.headers ?? {}),
  };
  if (o.omit?.includes("oauth_signature"))
    headers.Authorization = headers.Authorization!.replace(/, oauth_signature="[^"]*"/, "");
  return rawRequest(store.url, { method, path: o.path, headers, body: o.body });
}

export function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

export async function adminApi<T = Record<string, unknown>>(
  store: { url: string },
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const res = await fetch(store.url + "/admin/api" + path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

export interface IntegrationJson {
  id: number;
  name: string;
  status: "Active" | "Inactive";
  consumer_key: string;
  consumer_secret: string;
  endpoint: string;
  identity_link_url: string;
  resources: "all" | string[];
  access_token?: string;
  access_token_secret?: string;
}

export interface CallbackPost {
  path: string;
  contentType: string | undefined;
  raw: string;
  fields: [string, string][];
  at: number;
}

export interface Receiver {
  url: string;
  posts: CallbackPost[];
  /**
   * What the next requests get: "ok" (200), "500", "redirect" (302 to /elsewhere), "hang" (never answers),
   * "stall-body" (200 headers and part of a body, then nothing).
   */
  mode: "ok" | "500" | "redirect" | "hang" | "stall-body";
  close(): Promise<void>;
}

/** A local app that receives the activation POST. */
export async function startReceiver(mode: Receiver["mode"] = "ok"): Promise<Receiver> {
  const hanging: http.ServerResponse[] = [];
  const receiver: Receiver = { url: "", posts: [], mode, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      receiver.posts.push({
        path: req.url ?? "",
        contentType: req.headers["content-type"],
        raw,
        fields: [...new URLSearchParams(raw)],
        at: Date.now(),
      });
      if (receiver.mode === "hang") return void hanging.push(res);
      if (receiver.mode === "stall-body") {
        res.writeHead(200, { "content-type": "text/plain", "content-length": "100" }).write("partial");
        return void hanging.push(res);
      }
      if (receiver.mode === "500") return void res.writeHead(500).end("boom");
      if (receiver.mode === "redirect") return void res.writeHead(302, { location: "/elsewhere" }).end();
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  const port = await listenLocal(server);
  receiver.url = `http://127.0.0.1:${port}/callback`;
  receiver.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await closeServer(server);
  };
  return receiver;
}

/** A URL on which nothing listens (connection refused). */
export async function deadUrl(): Promise<string> {
  const server = http.createServer();
  const port = await listenLocal(server);
  await closeServer(server);
  return `http://127.0.0.1:${port}/callback`;
}

export interface Credentials {
  consumerKey: string;
  consumerSecret: string;
  verifier: string;
  storeBaseUrl: string;
}

/** Creates an integration with both URLs and activates it; returns what the callback received. */
export async function activateWithReceiver(
  store: DevStore,
  receiver: Receiver,
  resources: "all" | string[] = "all",
): Promise<{ integration: IntegrationJson; creds: Credentials; activation: Record<string, unknown> }> {
  const { json: integration } = await adminApi<IntegrationJson>(store, "POST", "/integrations", {
    name: "Test app " + freshNonce().slice(0, 6),
    endpoint: receiver.url,
    identityLinkUrl: "http://127.0.0.1:9/identity",
    resources,
  });
  const before = receiver.posts.length;
  const { json: activation } = await adminApi(store, "POST", `/integrations/${integration.id}/activate`);
  const post = receiver.posts[before];
  if (!post) throw new Error("no callback POST arrived: " + JSON.stringify(activation));
  const f = Object.fromEntries(post.fields);
  return {
    integration,
    activation,
    creds: {
      consumerKey: f.oauth_consumer_key!,
      consumerSecret: f.oauth_consumer_secret ?? f.oauth_consumer_key_secret!,
      verifier: f.oauth_verifier!,
      storeBaseUrl: f.store_base_url!,
    },
  };
}

/** The app side of the handshake, done by hand: request token, then access token. */
export async function exchangeTokens(
  store: DevStore,
  creds: Credentials,
  family: RefFamily,
  hash: "sha256" | "sha1" = "sha256",
): Promise<{ token: string; tokenSecret: string }> {
  const basePath = new URL(creds.storeBaseUrl).pathname;
  const r1 = await signedRequest(store, {
    path: `${basePath}oauth/token/request`,
    consumerKey: creds.consumerKey,
    consumerSecret: creds.consumerSecret,
    family,
    hash,
  });
  if (r1.status !== 200) throw new Error(`request token: ${r1.status} ${r1.body}`);
  const rt = parseForm(r1.body);
  const r2 = await signedRequest(store, {
    path: `${basePath}oauth/token/access`,
    consumerKey: creds.consumerKey,
    consumerSecret: creds.consumerSecret,
    token: rt.oauth_token!,
    tokenSecret: rt.oauth_token_secret!,
    oauthVerifier: creds.verifier,
    family,
    hash,
  });
  if (r2.status !== 200) throw new Error(`access token: ${r2.status} ${r2.body}`);
  const at = parseForm(r2.body);
  return { token: at.oauth_token!, tokenSecret: at.oauth_token_secret! };
}

export async function withStore<T>(opts: DevStoreOptions, fn: (store: DevStore) => Promise<T>): Promise<T> {
  const store = await startDevStore(opts);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

/**
 * A dev store on Magento 2.4.7 and a callback receiver shared by one test file (`await` it at the file's top
 * level): both are stopped after the file's last test.
 */
export async function storeAndReceiverForFile(): Promise<{ store: DevStore; receiver: Receiver }> {
  const store = await startDevStore({ profile: "2.4.7" });
  const receiver = await startReceiver();
  afterAll(async () => {
    await receiver.close();
    await store.close();
  });
  return { store, receiver };
}

export { startDevStore };
export type { DevStore };
