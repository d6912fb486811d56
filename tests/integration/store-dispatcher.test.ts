/**
 * The REST client sends through the app's guarded store fetch by dispatching on the Agent it carries: the
 * private-address check still runs (in the Agent's connector), once per new connection rather than per request.
 */
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyHandshakeError } from "@magento-integration/client";
import { createStoreFetch, type DnsLookup } from "@magento-integration/client/net";
import { createMagentoClient, fetchRequestToken, MagentoApiError } from "@magento-integration/client";
import { listenLocal } from "../helpers/servers";

let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify([{ id: 1, code: "default", name: "Default Store View" }]));
  });
  port = await listenLocal(server);
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** A resolver that answers 127.0.0.1 for every name and counts the lookups. */
function loopbackResolver() {
  let lookups = 0;
  const lookup: DnsLookup = (_host, options, callback) => {
    lookups++;
    return options.all ? callback(null, [{ address: "127.0.0.1", family: 4 }]) : callback(null, "127.0.0.1", 4);
  };
  return { lookup, lookups: () => lookups };
}

async function failure(p: Promise<unknown>): Promise<MagentoApiError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(MagentoApiError);
  return e as MagentoApiError;
}

describe("REST client through the guarded store fetch", () => {
  it("refuses a store name that resolves to a private address at connect time (DNS rebinding)", async () => {
    const resolver = loopbackResolver();
    const fetch = createStoreFetch({ allowPrivate: false, dnsLookup: resolver.lookup });
    const client = createMagentoClient({
      baseUrl: `http://shop.test:${port}/`,
      auth: { kind: "none" },
      fetch,
      maxRetries: 0,
    });
    const err = await failure(client.request({ method: "GET", path: "/V1/store/storeViews" }));
    expect(err.code).toBe("network");
    expect(err.message).toMatch(/shop\.test resolves to a private address \(127\.0\.0\.1\)/);
  });

  it("the token exchange through it is refused the same way, and labelled a private address", async () => {
    const fetch = createStoreFetch({ allowPrivate: false, dnsLookup: loopbackResolver().lookup });
    const err = await fetchRequestToken({
      storeBaseUrl: `http://shop.test:${port}/`,
      consumerKey: "k".repeat(32),
      consumerSecret: "s".repeat(32),
      fetch,
    }).catch((e: unknown) => e);
    expect(classifyHandshakeError(err).reason).toBe("private_address");
  });

  it("refuses private IP literals, which never reach a lookup", async () => {
    const fetch = createStoreFetch({ allowPrivate: false });
    for (const host of ["127.0.0.1", "[::1]"]) {
      const client = createMagentoClient({
        baseUrl: `http://${host}:${port}/`,
        auth: { kind: "none" },
        fetch,
        maxRetries: 0,
      });
      const err = await failure(client.request({ method: "GET", path: "/V1/store/storeViews" }));
      expect(err.message).toMatch(/is a private address/);
    }
  });

  it("checks each new connection once, not each request", async () => {
    const resolver = loopbackResolver();
    const fetch = createStoreFetch({ allowPrivate: true, dnsLookup: resolver.lookup });
    const client = createMagentoClient({ baseUrl: `http://shop.test:${port}/`, auth: { kind: "none" }, fetch });
    for (let i = 0; i < 20; i++)
      expect((await client.request({ method: "GET", path: "/V1/store/storeViews" })).status).toBe(200);
    await Promise.all(Array.from({ length: 4 }, () => client.request({ method: "GET", path: "/V1/store/storeViews" })));
    expect(resolver.lookups()).toBeGreaterThanOrEqual(1);
    expect(resolver.lookups()).toBeLessThanOrEqual(4); // one per connection: at most the 4 concurrent calls
    await client.close(); // the app's Agent is not the client's to close: it keeps serving
    expect((await fetch(`http://shop.test:${port}/rest/V1/store/storeViews`)).status).toBe(200);
  });
});
