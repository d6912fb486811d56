/**
 * Dev store throughput: OAuth-signed `GET /rest/V1/products/{sku}` requests per second (signature check,
 * nonce store, ACL, product lookup, JSON). Plain script: prints figures, bounded loop, no assertions.
 * The store runs in its own process (as `npm run devstore` does) unless `--in-process` is given.
 *   npx tsx bench/devstore.bench.ts [requests=5000] [concurrency=16] [--in-process]
 */
import http from "node:http";
import { createHmac, randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import { startDevStore } from "../packages/devstore/src/server";

const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const IN_PROCESS = process.argv.includes("--in-process");
const TOTAL = Number(args[0] ?? 5000);
const CONCURRENCY = Number(args[1] ?? 16);

/** Starts `packages/devstore/src/main.ts --port 0` in a child process and reads its URL from the banner. */
async function startChildStore(): Promise<{ url: string; close(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "packages/devstore/src/main.ts", "--port", "0", "--profile", "2.4.7"],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
      const m = /Merchant admin\s+(http:\/\/[^/\s]+)\/admin/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on("exit", (code) => reject(new Error(`dev store exited (${code})`)));
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners("exit");
        child.on("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());

/** A minimal HMAC-SHA256 signer for plain-ASCII paths without a query (all families agree on those). */
function authorization(url: string, c: { ck: string; cs: string; at: string; ats: string }): string {
  const params: Record<string, string> = {
    oauth_consumer_key: c.ck,
    oauth_nonce: randomBytes(16).toString("hex"),
    oauth_signature_method: "HMAC-SHA256",
    oauth_timestamp: String(Math.floor(Date.now() / 1000)),
    oauth_token: c.at,
    oauth_version: "1.0",
  };
  const paramString = Object.keys(params)
    .sort()
    .map((k) => `${k}=${enc(params[k]!)}`)
    .join("&");
  const base = `GET&${enc(url)}&${enc(paramString)}`;
  const sig = createHmac("sha256", `${enc(c.cs)}&${enc(c.ats)}`)
    .update(base)
    .digest("base64");
  return (
    "OAuth " +
    Object.entries({ ...params, oauth_signature: sig })
      .map(([k, v]) => `${k}="${enc(v)}"`)
      .join(", ")
  );
}

async function main(): Promise<void> {
  const store = IN_PROCESS ? await startDevStore({ profile: "2.4.7" }) : await startChildStore();
  try {
    const created = (await (
      await fetch(`${store.url}/admin/api/integrations`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "bench", resources: "all" }),
      })
    ).json()) as { id: number };
    const { tokens } = (await (
      await fetch(`${store.url}/admin/api/integrations/${created.id}/activate`, { method: "POST" })
    ).json()) as {
      tokens: { consumer_key: string; consumer_secret: string; access_token: string; access_token_secret: string };
    };
    const creds = {
      ck: tokens.consumer_key,
      cs: tokens.consumer_secret,
      at: tokens.access_token,
      ats: tokens.access_token_secret,
    };
    const adminToken = (await (
      await fetch(`${store.url}/rest/V1/integration/admin/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "admin", password: "admin123" }),
      })
    ).json()) as string;
    const list = (await (
      await fetch(`${store.url}/rest/V1/products?searchCriteria%5BpageSize%5D=200&fields=items%5Bsku%5D`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).json()) as { items: { sku: string }[] };
    const skus = list.items.map((p) => p.sku).filter((sku) => /^[A-Za-z0-9-]+$/.test(sku));
    const u = new URL(store.url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

    const one = (i: number) =>
      new Promise<number>((resolve, reject) => {
        const path = `/rest/V1/products/${skus[i % skus.length]}`;
        const req = http.request(
          {
            host: u.hostname,
            port: u.port,
            path,
            method: "GET",
            agent,
            headers: { Authorization: authorization(`${store.url}${path}`, creds) },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        req.on("error", reject);
        req.end();
      });

    // Warm-up (JIT), and make sure the calls really pass the signature check.
    const statuses = new Map<number, number>();
    for (let i = 0; i < 2000; i++) {
      const s = await one(i);
      statuses.set(s, (statuses.get(s) ?? 0) + 1);
    }

    let next = 0;
    const t0 = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < TOTAL) {
          const s = await one(next++);
          statuses.set(s, (statuses.get(s) ?? 0) + 1);
        }
      }),
    );
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;

    const seqN = Math.min(1000, TOTAL);
    const s0 = process.hrtime.bigint();
    for (let i = 0; i < seqN; i++) await one(i);
    const seqMs = Number(process.hrtime.bigint() - s0) / 1e6 / seqN;

    console.log(
      `devstore: signed GET /rest/V1/products/{sku} (profile 2.4.7, store ${IN_PROCESS ? "in the bench process" : "in its own process"})`,
    );
    console.log(
      `  ${TOTAL} requests, concurrency ${CONCURRENCY}: ${(TOTAL / seconds).toFixed(0)} req/s (${seconds.toFixed(2)} s)`,
    );
    console.log(`  sequential: ${seqMs.toFixed(3)} ms/request (${(1000 / seqMs).toFixed(0)} req/s)`);
    console.log(`  statuses: ${[...statuses].map(([k, v]) => `${k}×${v}`).join(", ")}`);
    agent.destroy();
  } finally {
    await store.close();
  }
}

void main();
