/**
 * 200 concurrent Activate callbacks (distinct consumer keys) against the production build (`next start`, a job
 * worker in the process, the default), on SQLite and on PostgreSQL. Measured in the same run: the same burst of
 * 200 POSTs to a route that does no work (/api/health), before and while the exchanges run. Then every
 * activation must end active with one installation per key, one request-token call per store (a counting proxy
 * in front of the dev store), inside the store's 300 s window. Prints figures; asserts nothing.
 *
 * The 200 callback bodies are genuine: the dev store activates 200 integrations and posts each callback to a
 * capture server first; the bench then fires them all at once at the app, each on a fresh connection (as
 * Magento's curl posts them), and the no-op route's 200 the same way.
 *
 * Then (SQLite, in-process worker): 500 activations of one store at once, and right after them one activation
 * of another store: how long that store waited for its first request-token call (the goal is < 5 s).
 */
import { readdirSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { startDevStore } from "../packages/devstore/src/server";
import { startStoreProxy } from "../tests/helpers/store-proxy";
import { openDatabase } from "@magento-integration/storage";
import { startChild, type Child } from "../tests/helpers/processes";
import { monotonicMicros, profileBreakdown } from "./lib/cpu-profile";
import { printHandshakeJobRuns } from "./lib/handshake-jobs";
import {
  benchDatabase,
  benchSecrets,
  fmt,
  hasBuild,
  pct,
  startApp,
  stopPostgres,
  type AppProcess,
} from "./lib/app-server";

const N = Number(process.env.BURST ?? 200);
/** A directory: the app's node writes a CPU profile there (`--cpu-prof`) when it stops; the bench then prints where
 * the app's CPU went while the callbacks were in flight. */
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** `in-process` or `separate`: only that worker variant. */
const ONLY_WORKER = process.env.BENCH_WORKER;
/** `burst` or `other-store`: only that part (default both). */
const ONLY_PART = process.env.BENCH_PART;

async function capture(): Promise<{ url: string; bodies: string[]; close(): Promise<void> }> {
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      bodies.push(Buffer.concat(chunks).toString("utf8"));
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cb`,
    bodies,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/**
 * Every POST on a connection of its own, opened for it and closed after (Magento's curl posts each callback that
 * way): the figures include connection set-up, for the callbacks and for the no-op route alike.
 */
function postFresh(url: string, body: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: "POST",
        agent: false,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          Connection: "close",
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", () => resolve(0));
    req.end(body);
  });
}

async function burst(url: string, bodies: readonly string[]): Promise<{ ms: number[]; statuses: number[] }> {
  const ms: number[] = [];
  const statuses: number[] = [];
  await Promise.all(
    bodies.map(async (body) => {
      const t0 = performance.now();
      statuses.push(await postFresh(url, body));
      ms.push(performance.now() - t0);
    }),
  );
  return { ms, statuses };
}

const line = (label: string, ms: number[]) =>
  `  ${label.padEnd(44)} p50 ${fmt(pct(ms, 0.5)).padStart(8)}  p99 ${fmt(pct(ms, 0.99)).padStart(8)}  max ${fmt(Math.max(...ms)).padStart(8)}`;

async function run(provider: "sqlite" | "postgresql", separateWorker: boolean): Promise<void> {
  const db = await benchDatabase(provider);
  const store = await startDevStore({ port: 0, host: "127.0.0.1" });
  const proxy = await startStoreProxy(store.storeBaseUrl);
  const cap = await capture();
  let app: AppProcess | null = null;
  let worker: Child | null = null;
  let database: ReturnType<typeof openDatabase> | null = null;
  let burstWindow: [number, number] | null = null;
  let appStopped = false;
  try {
    const secrets = benchSecrets();
    app = await startApp(
      db.url,
      { ...secrets, ...(separateWorker ? { WORKER: "off" } : {}) },
      CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${CPU_PROF}`] : [],
    );
    if (separateWorker)
      worker = await startChild(
        "scripts/worker.ts",
        {
          ...secrets,
          DATABASE_URL: db.url,
          ALLOW_PRIVATE_STORE_URLS: "true",
          NODE_ENV: "production",
          APP_URL: app.url,
        },
        { ready: /worker running/ },
      );
    const admin = async <T>(path: string, body: unknown): Promise<T> => {
      const r = await fetch(`${store.url}/admin/api${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      return (await r.json()) as T;
    };
    const ids: number[] = [];
    for (let i = 0; i < N; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, N - i) }, (_, j) =>
          admin<{ id: number }>("/integrations", {
            name: `Burst ${i + j}`,
            endpoint: cap.url,
            identityLinkUrl: `${app!.url}/integration/identity`,
            resources: "all",
          }),
        ),
      );
      await Promise.all(batch.map((x) => admin(`/integrations/${x.id}/activate`, {})));
      ids.push(...batch.map((x) => x.id));
    }
    database = openDatabase(db.url, { poolSize: 2 });
    const bodies = cap.bodies.map((b) => {
      const f = new URLSearchParams(b);
      f.set("store_base_url", proxy.url); // through the counting proxy (it keeps the Host the kit signs)
      return f.toString();
    });
    const keys = bodies.map((b) => new URLSearchParams(b).get("oauth_consumer_key")!);
    const noopBodies = bodies.map(() => bodies[0]!);
    // warm both routes as a running server would be (first requests load code lazily in Next's server): a few
    // callbacks for keys the store does not know (their exchanges fail for good at the first answer, a 401), then
    // wait until their jobs are over, so every figure below is taken on a server with nothing else to do
    await burst(`${app.url}/api/health`, noopBodies.slice(0, 20));
    const warmKeys = Array.from({ length: 10 }, (_, i) => `${"w".repeat(30)}${String(i).padStart(2, "0")}`.slice(-32));
    const warm = warmKeys.map((key, i) => {
      const f = new URLSearchParams(bodies[i]!);
      f.set("oauth_consumer_key", key);
      return f.toString();
    });
    await burst(`${app.url}/api/integration/callback`, warm);
    const settled = Date.now() + 60_000;
    while (
      (await database.prisma.installation.count({ where: { consumerKey: { in: warmKeys }, state: "failed" } })) <
        warmKeys.length &&
      Date.now() < settled
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    if (Date.now() >= settled) console.log("  (the warm-up's jobs were still running after 60 s)");
    const noop = await burst(`${app.url}/api/health`, noopBodies);
    const started = Date.now();
    const burstFrom = monotonicMicros();
    const cb = await burst(`${app.url}/api/integration/callback`, bodies);
    burstWindow = [burstFrom, monotonicMicros()];
    const noopDuring = await burst(`${app.url}/api/health`, noopBodies);

    const target = Math.max(250, 1.5 * pct(noop.ms, 0.99));
    const all2xx = cb.statuses.every((s) => s >= 200 && s < 300);
    console.log(
      `${provider === "sqlite" ? "SQLite" : "PostgreSQL"}: ${N} concurrent Activate callbacks, next start ${separateWorker ? "(WORKER=off) and one npm run worker" : "with its in-process worker (the default)"}`,
    );
    console.log(line(`no-op route (POST /api/health, ${N} at once)`, noop.ms));
    console.log(line(`callback (${N} at once)`, cb.ms));
    console.log(line("no-op route while the exchanges run", noopDuring.ms));
    console.log(
      `  every answer 2xx: ${all2xx ? "yes" : `no (${cb.statuses.filter((s) => s < 200 || s >= 300).length} not)`}; target p99 ≤ max(250 ms, 1.5 × no-op p99) = ${fmt(target)}: ${pct(cb.ms, 0.99) <= target ? "met" : "NOT met"}`,
    );

    const deadline = started + 300_000;
    let active = 0;
    let failed = 0;
    for (;;) {
      active = await database.prisma.installation.count({ where: { consumerKey: { in: keys }, state: "active" } });
      failed = await database.prisma.installation.count({ where: { consumerKey: { in: keys }, state: "failed" } });
      if (active + failed >= N || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const allDone = Date.now() - started;
    const acts = await database.prisma.activation.findMany({
      where: { installation: { consumerKey: { in: keys } } },
      select: { callbackAt: true, accessTokenAt: true, state: true },
    });
    const late = Math.max(
      ...acts.map((a) => (a.accessTokenAt ? a.accessTokenAt.getTime() - a.callbackAt.getTime() : Infinity)),
    );
    const installations = await database.prisma.installation.count({ where: { consumerKey: { in: keys } } });
    const calls = keys.map((k) => proxy.requestTokenCalls.get(k) ?? 0);
    console.log(
      `  exchanges: ${active}/${N} active, ${failed} failed, ${installations} installations, ${acts.length} activations, all done ${(allDone / 1000).toFixed(1)} s after the burst; ` +
        `last access token ${(late / 1000).toFixed(1)} s after its callback (window 300 s)`,
    );
    console.log(
      `  request-token calls per store: ${calls.every((c) => c === 1) ? "exactly 1 for every key" : `min ${Math.min(...calls)}, max ${Math.max(...calls)}`}`,
    );
    // where the time went: each job's run (started → completed), the lanes they ran on, the span they took
    await printHandshakeJobRuns(database, started, N);
  } finally {
    await database?.close();
    await worker?.stop();
    await app?.stop();
    appStopped = app !== null;
    await cap.close();
    await proxy.close();
    await store.close();
    await db.dispose();
  }
  if (CPU_PROF && appStopped && app && burstWindow) printProfile(CPU_PROF, app.pid, burstWindow);
}

const ONE_STORE = Number(process.env.ONE_STORE ?? 500);

/**
 * 500 activations of one store (two proxies in front of one dev store stand for two stores on two hosts), all at
 * once, then one activation of the other store: the time from its callback's answer to its first request-token
 * call reaching its store. The other store's jobs are on a lane of their own: they start behind the running
 * jobs, not behind the 500.
 */
async function otherStoreWait(provider: "sqlite" | "postgresql"): Promise<void> {
  const db = await benchDatabase(provider);
  const store = await startDevStore({ port: 0, host: "127.0.0.1" });
  const busy = await startStoreProxy(store.storeBaseUrl);
  const other = await startStoreProxy(store.storeBaseUrl);
  const cap = await capture();
  let app: AppProcess | null = null;
  try {
    app = await startApp(db.url, benchSecrets());
    const admin = async <T>(path: string, body: unknown): Promise<T> => {
      const r = await fetch(`${store.url}/admin/api${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      return (await r.json()) as T;
    };
    for (let i = 0; i <= ONE_STORE; i += 25) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(25, ONE_STORE + 1 - i) }, (_, j) =>
          admin<{ id: number }>("/integrations", {
            name: `One ${i + j}`,
            endpoint: cap.url,
            identityLinkUrl: `${app!.url}/integration/identity`,
            resources: "all",
          }),
        ),
      );
      await Promise.all(batch.map((x) => admin(`/integrations/${x.id}/activate`, {})));
    }
    const at = (body: string, url: string) => {
      const f = new URLSearchParams(body);
      f.set("store_base_url", url);
      return f.toString();
    };
    const many = cap.bodies.slice(0, ONE_STORE).map((b) => at(b, busy.url));
    const lone = at(cap.bodies[ONE_STORE]!, other.url);
    const loneKey = new URLSearchParams(lone).get("oauth_consumer_key")!;
    await burst(
      `${app.url}/api/health`,
      Array.from({ length: 10 }, () => ""),
    );
    const manyDone = burst(`${app.url}/api/integration/callback`, many);
    await new Promise((r) => setTimeout(r, 50)); // the 500 are on their way
    const lonePosted = await burst(`${app.url}/api/integration/callback`, [lone]);
    const answeredAt = Date.now();
    let waited: number | null = null;
    while (Date.now() - answeredAt < 120_000) {
      if ((other.requestTokenCalls.get(loneKey) ?? 0) > 0) {
        waited = Date.now() - answeredAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    const manyAnswers = await manyDone;
    console.log(
      `${provider === "sqlite" ? "SQLite" : "PostgreSQL"}: ${ONE_STORE} activations of one store at once, then one of another store`,
    );
    console.log(
      `  the ${ONE_STORE}: ${manyAnswers.statuses.filter((x) => x === 200).length} answered 200, p99 ${fmt(pct(manyAnswers.ms, 0.99))}; the other store's callback answered ${lonePosted.statuses[0]} in ${fmt(lonePosted.ms[0]!)}`,
    );
    console.log(
      `  the other store's first request-token call ${waited === null ? "did not come within 120 s" : `came ${fmt(waited)} after its callback was answered`} (goal < 5 s); the busy store had ${[...busy.requestTokenCalls.values()].reduce((a, b) => a + b, 0)} by then`,
    );
  } finally {
    await app?.stop();
    await cap.close();
    await busy.close();
    await other.close();
    await store.close();
    await db.dispose();
  }
}

/** Where the app server's CPU went while the 200 callbacks were in flight (the profile cut to that window). */
function printProfile(dir: string, pid: number, window: [number, number]): void {
  const file = readdirSync(dir).find((f) => f.includes(`.${pid}.`) && f.endsWith(".cpuprofile"));
  if (!file) return void console.log(`  (no CPU profile of pid ${pid} in ${dir})`);
  const { total, byCategory, byFunction } = profileBreakdown(join(dir, file), [window]);
  console.log(`  app server during the callback burst (${fmt(total)} of samples, ${join(dir, file)}):`);
  for (const [name, ms] of [...byCategory].sort((a, b) => b[1] - a[1]))
    console.log(`    ${fmt(ms).padStart(8)}  ${name}`);
  console.log("    busiest functions (self time):");
  const top = [...byFunction]
    .filter(([n]) => !n.startsWith("(idle)"))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20);
  for (const [n, ms] of top) console.log(`    ${fmt(ms).padStart(8)}  ${n.slice(0, 110)}`);
}

async function main(): Promise<void> {
  if (!hasBuild()) {
    console.log("skipped: no production build (run: npx next build)");
    return;
  }
  const only = process.env.BENCH_DB;
  for (const provider of ["sqlite", "postgresql"] as const) {
    if ((only && only !== provider) || ONLY_PART === "other-store") continue;
    if (ONLY_WORKER !== "separate") await run(provider, false);
    if (ONLY_WORKER !== "in-process") await run(provider, true);
  }
  if ((!only || only === "sqlite") && ONLY_PART !== "burst") await otherStoreWait("sqlite");
  stopPostgres();
}

main().catch((e: unknown) => {
  console.error(e);
  stopPostgres();
  process.exitCode = 1;
});
