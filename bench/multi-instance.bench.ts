/**
 * Two web instances (`next start`, production build, WORKER=off) and one worker (`npm run worker`'s script) on one
 * PostgreSQL; 200 genuine Activate callbacks spread over both instances at once, and `kill -9` of one instance
 * halfway through its share. Callbacks it never answered are posted again to the other instance (what the
 * merchant does when the store reports the failed post). Reported: answers, the end state of every activation,
 * and the request-token calls each store saw (a counting proxy in front of the dev store), then where the
 * handshake jobs' time went (bench/lib/handshake-jobs.ts). BENCH_CHILD_PROF=<dir>: the worker writes a V8 CPU
 * profile there (tests/helpers/processes.ts). Asserts nothing.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startDevStore } from "../packages/devstore/src/server";
import { startStoreProxy } from "../tests/helpers/store-proxy";
import { startChild } from "../tests/helpers/processes";
import { openDatabase } from "@magento-integration/storage";
import { printHandshakeJobRuns } from "./lib/handshake-jobs";
import { benchDatabase, benchSecrets, hasBuild, startApp, stopPostgres } from "./lib/app-server";

const N = Number(process.env.BURST ?? 200);

async function main(): Promise<void> {
  if (!hasBuild()) {
    console.log("skipped: no production build (run: npx next build)");
    return;
  }
  const db = await benchDatabase("postgresql");
  const store = await startDevStore({ port: 0, host: "127.0.0.1" });
  const proxy = await startStoreProxy(store.storeBaseUrl);
  const bodies: string[] = [];
  const capture: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      bodies.push(Buffer.concat(chunks).toString("utf8"));
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => capture.listen(0, "127.0.0.1", r));
  const secrets = benchSecrets();
  const env = { ...secrets, WORKER: "off" };
  const a = await startApp(db.url, env);
  const b = await startApp(db.url, env);
  const worker = await startChild(
    "scripts/worker.ts",
    { ...secrets, DATABASE_URL: db.url, ALLOW_PRIVATE_STORE_URLS: "true", NODE_ENV: "production", APP_URL: a.url },
    { ready: /worker running/ },
  );
  const database = openDatabase(db.url, { poolSize: 2 });
  try {
    const admin = async <T>(path: string, body: unknown): Promise<T> => {
      const r = await fetch(`${store.url}/admin/api${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      return (await r.json()) as T;
    };
    const captureUrl = `http://127.0.0.1:${(capture.address() as AddressInfo).port}/cb`;
    for (let i = 0; i < N; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, N - i) }, (_, j) =>
          admin<{ id: number }>("/integrations", {
            name: `Multi ${i + j}`,
            endpoint: captureUrl,
            identityLinkUrl: `${a.url}/integration/identity`,
            resources: "all",
          }),
        ),
      );
      await Promise.all(batch.map((x) => admin(`/integrations/${x.id}/activate`, {})));
    }
    const forms = bodies.map((body) => {
      const f = new URLSearchParams(body);
      f.set("store_base_url", proxy.url);
      return f.toString();
    });
    const keys = forms.map((f) => new URLSearchParams(f).get("oauth_consumer_key")!);
    const post = async (url: string, body: string) => {
      try {
        const r = await fetch(`${url}/api/integration/callback`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body,
        });
        await r.text();
        return r.status;
      } catch {
        return 0; // the connection died with the instance
      }
    };
    let answeredByA = 0;
    const started = Date.now();
    const results = await Promise.all(
      forms.map(async (body, i) => {
        const target = i % 2 === 0 ? a : b;
        const status = await post(target.url, body);
        if (target === a && status === 200 && ++answeredByA === Math.floor(N / 4)) a.kill9(); // halfway through A's share
        return { i, first: target === a ? "a" : "b", status };
      }),
    );
    const lost = results.filter((r) => r.status !== 200);
    const retried = await Promise.all(lost.map((r) => post(b.url, forms[r.i]!)));
    let active = 0;
    for (const deadline = Date.now() + 240_000; Date.now() < deadline;) {
      active = await database.prisma.installation.count({ where: { consumerKey: { in: keys }, state: "active" } });
      if (active >= N) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const states = await database.prisma.installation.groupBy({
      by: ["state"],
      where: { consumerKey: { in: keys } },
      _count: { _all: true },
    });
    const calls = keys.map((k) => proxy.requestTokenCalls.get(k) ?? 0);
    console.log(
      `PostgreSQL: two next start instances (WORKER=off) + one worker, ${N} callbacks spread over both, kill -9 of one instance halfway`,
    );
    console.log(
      `  answered 200 at once: ${results.filter((r) => r.status === 200).length}; lost with the killed instance: ${lost.length} (posted again to the other: ${retried.filter((s) => s === 200).length} answered 200)`,
    );
    console.log(
      `  end states: ${states.map((s) => `${s.state} ${s._count._all}`).join(", ")}; all active ${((Date.now() - started) / 1000).toFixed(1)} s after the burst began: ${active === N ? "yes" : "no"}`,
    );
    console.log(
      `  request-token calls per store: ${calls.every((c) => c === 1) ? "exactly 1 for every activation" : `min ${Math.min(...calls)}, max ${Math.max(...calls)}`}`,
    );
    await printHandshakeJobRuns(database, started, N);
  } finally {
    await database.close();
    await worker.stop();
    await a.stop();
    await b.stop();
    await new Promise<void>((r) => capture.close(() => r()));
    await proxy.close();
    await store.close();
    await db.dispose();
    stopPostgres();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  stopPostgres();
  process.exitCode = 1;
});
