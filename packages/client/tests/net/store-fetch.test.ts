import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStoreFetch, guardLookup, type DnsLookup } from "../../src/net/store-fetch.ts";
import { listenLocal } from "../../../../tests/helpers/servers.ts";

let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((_req, res) => res.end("store answered"));
  port = await listenLocal(server);
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** A DNS server that answers what the test wants (a rebinding attacker answers 127.0.0.1 at connect time). */
const answering =
  (address: string): DnsLookup =>
  (_host, options, callback) =>
    options.all ? callback(null, [{ address, family: 4 }]) : callback(null, address, 4);

async function failureOf(p: Promise<Response>): Promise<string> {
  try {
    await p;
    return "no failure";
  } catch (e) {
    const err = e as Error & { cause?: Error };
    return `${err.message} / ${err.cause?.message ?? ""}`;
  }
}

describe("createStoreFetch (connect-time private address guard)", () => {
  it("refuses a public name whose address at connect time is private (DNS rebinding)", async () => {
    const f = createStoreFetch({ allowPrivate: false, dnsLookup: answering("127.0.0.1") });
    expect(await failureOf(f(`http://shop.example.com:${port}/rest/V1/store/storeViews`))).toMatch(
      /shop\.example\.com resolves to a private address \(127\.0\.0\.1\)/,
    );
  });

  it("refuses private IP literals, which never reach a DNS lookup", async () => {
    const f = createStoreFetch({ allowPrivate: false });
    expect(await failureOf(f(`http://127.0.0.1:${port}/`))).toMatch(/127\.0\.0\.1 is a private address/);
    expect(await failureOf(f(`http://[::1]:${port}/`))).toMatch(/::1 is a private address/);
  });

  it("connects when private addresses are allowed", async () => {
    const local = createStoreFetch({ allowPrivate: true, dnsLookup: answering("127.0.0.1") });
    expect(await (await local(`http://shop.example.com:${port}/`)).text()).toBe("store answered");
  });

  it("the guarded lookup passes public answers through unchanged, in both callback forms", async () => {
    const lookup = guardLookup(answering("93.184.215.14"));
    const one = await new Promise((resolve) =>
      lookup("shop.example.com", {}, (err, address, family) => resolve({ err, address, family })),
    );
    expect(one).toEqual({ err: null, address: "93.184.215.14", family: 4 });
    const all = await new Promise((resolve) =>
      lookup("shop.example.com", { all: true }, (err, address) => resolve({ err, address })),
    );
    expect(all).toEqual({ err: null, address: [{ address: "93.184.215.14", family: 4 }] });
    const mixed = guardLookup((_h, _o, cb) =>
      cb(null, [
        { address: "93.184.215.14", family: 4 },
        { address: "10.0.0.5", family: 4 },
      ]),
    );
    const refused = await new Promise<Error | null>((resolve) =>
      mixed("shop.example.com", { all: true }, (err) => resolve(err)),
    );
    expect(refused?.message).toMatch(/private address \(10\.0\.0\.5\)/);
  });
});
