/**
 * SSRF: the API explorer's swagger fetch and the admin schema form once used the global fetch, so a store host
 * that resolved to loopback got the loopback page and the admin's user name and password. They now take the
 * guarded store fetch; a lint rule keeps the global fetch out of app/, lib/ and scripts/.
 */
import { createServer, type Server } from "node:http";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStoreFetch, type DnsLookup } from "@magento-integration/client/net";
import { fetchSwaggerPage, readSchemaWithAdminLogin } from "@magento-integration/handshake";
import { classifyHandshakeError } from "@magento-integration/client";
import { listenLocal } from "../../helpers/servers";

let server: Server;
let port: number;
const received: Array<{ url: string; body: string }> = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      received.push({ url: req.url ?? "", body });
      res.writeHead(200, { "Content-Type": "application/json" }).end('"loopback-token"');
    });
  });
  port = await listenLocal(server);
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** `shop.test` is a public-looking name whose DNS answer is loopback (what a hostile store owner sets up). */
const toLoopback: DnsLookup = (_host, options, callback) =>
  options.all ? callback(null, [{ address: "127.0.0.1", family: 4 }]) : callback(null, "127.0.0.1", 4);

describe("explorer calls through the guarded fetch", () => {
  it("a store host resolving to loopback never receives the admin credentials nor serves its page", async () => {
    const guarded = createStoreFetch({ allowPrivate: false, dnsLookup: toLoopback });
    const base = `http://shop.test:${port}/`;
    await expect(readSchemaWithAdminLogin({ fetch: guarded }, base, "admin", "admin-password-1")).rejects.toThrow();
    await expect(fetchSwaggerPage({ fetch: guarded }, base)).rejects.toThrow();
    expect(received).toEqual([]);
    // the same calls with private addresses allowed (local development) do reach it: the test server is real
    const open = createStoreFetch({ allowPrivate: true, dnsLookup: toLoopback });
    await fetchSwaggerPage({ fetch: open }, base);
    expect(received.map((r) => r.url)).toEqual(["/swagger"]);
  });

  it("a refusal at connect time is labelled private address; a DNS failure is labelled unreachable", async () => {
    const guarded = createStoreFetch({ allowPrivate: false, dnsLookup: toLoopback });
    const refused = await guarded(`http://shop.test:${port}/oauth/token/request`).catch((e: unknown) => e);
    expect(classifyHandshakeError(refused).reason).toBe("private_address");
    const nxdomain: DnsLookup = (host, _o, cb) =>
      cb(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" }), "", 4);
    const missing = await createStoreFetch({ allowPrivate: false, dnsLookup: nxdomain })(
      "http://no-such-shop.invalid/",
    ).catch((e: unknown) => e);
    expect(classifyHandshakeError(missing).reason).toBe("store_unreachable");
  });
});

// ESLint with the type-aware config runs in each test: seconds each on a loaded machine.
describe("lint: no global fetch in app/, lib/, scripts/", { timeout: 30_000 }, () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const code =
    "export async function leak(url: string) {\n  return fetch(url);\n}\nexport const alsoLeak = (u: string) => globalThis.fetch(u);\n";
  it.each(["app/stores/[id]/explorer/leak.ts", "lib/dashboard/leak.ts", "scripts/leak.ts"])(
    "flags a deliberate violation in %s",
    async (filePath) => {
      const [r] = await eslint.lintText(code, { filePath });
      const ids = r!.messages.map((m) => m.ruleId);
      expect(ids).toContain("no-restricted-globals");
      expect(ids).toContain("no-restricted-properties");
    },
  );
  it("allows the one module that wraps undici, and tests", async () => {
    for (const filePath of ["packages/client/src/net/store-fetch.ts", "tests/unit/leak.test.ts"]) {
      const [r] = await eslint.lintText(code, { filePath });
      expect(r!.messages.filter((m) => m.ruleId?.startsWith("no-restricted"))).toEqual([]);
    }
  });
});
