/**
 * The attack: a store (any host an unauthenticated callback names) answers a 200 MB token response, or a huge REST
 * body, to fill the app's memory. Every store answer is read under a byte limit counted while it streams in: the
 * call fails with ResponseTooLargeError as soon as the limit is passed and the connection is dropped, so the
 * store never gets to send more than the limit plus what the sockets buffer. The servers below produce their
 * 200 MB lazily and count what they managed to write before the client hung up.
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { createStoreFetch } from "@magento-integration/client/net";
import {
  createMagentoClient,
  fetchAdminToken,
  fetchRequestToken,
  MagentoOAuthError,
  ResponseTooLargeError,
  TOKEN_RESPONSE_MAX_BYTES,
} from "@magento-integration/client";
import { listenLocal } from "../helpers/servers";

const HUGE = 200 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "a");
/** What loopback socket buffers can hold on top of what the client read: far below the 200 MB offered. */
const SOCKET_SLACK = 24 * 1024 * 1024;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
});

interface Flood {
  baseUrl: string;
  /** Bytes the server wrote before the client closed the connection. */
  written: () => number;
  /** Resolves when the client has hung up (or the server finished). */
  done: Promise<void>;
}

/** A store that answers every request with `total` bytes of "a", written only as fast as the client reads. */
async function floodingStore(opts: {
  total: number;
  status?: number;
  contentType?: string;
  declareLength?: boolean;
}): Promise<Flood> {
  let written = 0;
  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));
  const pump = (res: ServerResponse) => {
    while (written < opts.total && !res.destroyed) {
      written += CHUNK.length;
      if (!res.write(CHUNK)) return void res.once("drain", () => pump(res));
    }
    if (!res.destroyed) res.end();
  };
  const server = createServer((req, res) => {
    req.resume();
    res.on("close", finish);
    res.writeHead(opts.status ?? 200, {
      "content-type": opts.contentType ?? "text/html",
      ...(opts.declareLength ? { "content-length": String(opts.total) } : {}),
    });
    pump(res);
  });
  servers.push(server);
  const port = await listenLocal(server);
  return { baseUrl: `http://127.0.0.1:${port}/`, written: () => written, done };
}

async function rejection<T extends Error>(p: Promise<unknown>, type: new (...a: never[]) => T): Promise<T> {
  const e = await p.then(
    () => new Error("expected the call to fail"),
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(type);
  return e as T;
}

const CREDENTIALS = {
  consumerKey: "a6aa81cc3e65e2960a4879392445e718",
  consumerSecret: "uc83htqfl8q7uvq8qwjo67pfghvm8il2",
};

describe("store responses are read under a byte limit", () => {
  it("a 200 MB token response fails with a typed error after reading no more than the token limit", async () => {
    const store = await floodingStore({ total: HUGE });
    const err = await rejection(fetchRequestToken({ storeBaseUrl: store.baseUrl, ...CREDENTIALS }), MagentoOAuthError);
    expect(err.kind).toBe("too_large");
    expect(err.code).toBe("response_too_large");
    expect(err.hint).toMatch(/index\.php/);
    const cause = err.cause as ResponseTooLargeError;
    expect(cause).toBeInstanceOf(ResponseTooLargeError);
    expect(cause.limitBytes).toBe(TOKEN_RESPONSE_MAX_BYTES);
    expect(cause.receivedBytes).toBeGreaterThan(TOKEN_RESPONSE_MAX_BYTES);
    expect(cause.receivedBytes).toBeLessThanOrEqual(TOKEN_RESPONSE_MAX_BYTES + CHUNK.length);
    await store.done; // the client hung up
    expect(store.written()).toBeLessThan(SOCKET_SLACK);
  });

  it("the same through the app's guarded store fetch (its dispatcher, checked at connect time)", async () => {
    const store = await floodingStore({ total: HUGE });
    const fetch = createStoreFetch({ allowPrivate: true });
    const err = await rejection(
      fetchRequestToken({ storeBaseUrl: store.baseUrl, ...CREDENTIALS, fetch }),
      MagentoOAuthError,
    );
    expect(err.kind).toBe("too_large");
    await store.done;
    expect(store.written()).toBeLessThan(SOCKET_SLACK);
  });

  it("an admin token endpoint answering 200 MB fails the same way", async () => {
    const store = await floodingStore({ total: HUGE, contentType: "application/json" });
    const err = await rejection(
      fetchAdminToken({ baseUrl: store.baseUrl, username: "admin", password: "x" }),
      ResponseTooLargeError,
    );
    expect(err.code).toBe("response_too_large");
    expect(err.limitBytes).toBe(TOKEN_RESPONSE_MAX_BYTES);
    await store.done;
    expect(store.written()).toBeLessThan(SOCKET_SLACK);
  });

  it("a declared Content-Length over the limit fails before the body is read", async () => {
    const store = await floodingStore({ total: HUGE, declareLength: true, contentType: "application/json" });
    const client = createMagentoClient({
      baseUrl: store.baseUrl,
      auth: { kind: "none" },
      maxResponseBytes: 1024 * 1024,
    });
    const err = await rejection(client.request({ method: "GET", path: "/V1/products" }), ResponseTooLargeError);
    expect(err.declaredBytes).toBe(HUGE);
    expect(err.receivedBytes).toBe(0);
    await store.done;
    expect(store.written()).toBeLessThan(SOCKET_SLACK);
    await client.close();
  });

  it("a huge REST answer fails at maxResponseBytes (default 32 MiB) and is not retried", async () => {
    const store = await floodingStore({ total: HUGE, contentType: "application/json" });
    const client = createMagentoClient({ baseUrl: store.baseUrl, auth: { kind: "none" } });
    const err = await rejection(client.request({ method: "GET", path: "/V1/products" }), ResponseTooLargeError);
    expect(err.limitBytes).toBe(32 * 1024 * 1024);
    expect(err.receivedBytes).toBeLessThanOrEqual(err.limitBytes + CHUNK.length);
    expect(err.hint).toMatch(/pageSize|maxResponseBytes/);
    await store.done;
    expect(store.written()).toBeLessThan(err.limitBytes + SOCKET_SLACK);
    await client.close();
  });

  it("a compressed bomb (64 MB of gzip in 64 KB) fails at the limit on the decoded size", async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, "a"));
    expect(bomb.length).toBeLessThan(128 * 1024);
    const server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, {
        "content-type": "application/json",
        "content-encoding": "gzip",
        "content-length": String(bomb.length),
      });
      res.end(bomb);
    });
    servers.push(server);
    const port = await listenLocal(server);
    const baseUrl = `http://127.0.0.1:${port}/`;
    const client = createMagentoClient({ baseUrl, auth: { kind: "none" }, maxResponseBytes: 4 * 1024 * 1024 });
    const err = await rejection(client.request({ method: "GET", path: "/V1/products" }), ResponseTooLargeError);
    expect(err.limitBytes).toBe(4 * 1024 * 1024);
    await client.close();
  });

  it("gzip answers within the limit are decoded as fetch would", async () => {
    const body = JSON.stringify({ items: [{ sku: "24-MB01", name: "Joust Duffle Bag" }], total_count: 1 });
    const server = createServer((req, res) => {
      req.resume();
      const gz = /gzip/.test(String(req.headers["accept-encoding"]));
      res.writeHead(200, { "content-type": "application/json", ...(gz ? { "content-encoding": "gzip" } : {}) });
      res.end(gz ? gzipSync(body) : body);
    });
    servers.push(server);
    const port = await listenLocal(server);
    const client = createMagentoClient({ baseUrl: `http://127.0.0.1:${port}/`, auth: { kind: "none" } });
    const res = await client.request({
      method: "GET",
      path: "/V1/products",
      searchCriteria: { filterGroups: [], sortOrders: [], pageSize: 1 },
    });
    expect(res.data).toEqual(JSON.parse(body));
    expect(res.headers.get("content-encoding")).toBe("gzip");
    await client.close();
  });
});
