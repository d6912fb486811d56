/**
 * A flood of 10,000 never-proven activation callbacks (random keys and secrets, a store host where nothing
 * listens, random paths on it) against the production build (`next start`, its in-process worker), from 16
 * keep-alive loops. Meanwhile a real store (the dev store) that was activated before the flood is reauthorized,
 * and another real store activates for the first time. Prints: how the flood was answered, the server's resident
 * memory and open descriptors (from /proc, peak), how long the real stores waited (the callback's answer; until
 * the Reauthorize's new token and the first activation are in), /api/health's answers, and how much the database
 * grew (file bytes, rows), then again after pruning. SQLite by default; BENCH_DB=postgresql for PostgreSQL.
 * Prints figures; asserts nothing. FLOOD=<n> changes the count.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { Agent, request } from "node:http";
import { randomBytes } from "node:crypto";
import { startDevStore } from "../packages/devstore/src/server";
import { openDatabase } from "@magento-integration/storage";
import { benchDatabase, fmt, hasBuild, pct, startApp, stopPostgres } from "./lib/app-server";

const FLOOD = Number(process.env.FLOOD ?? 10_000);
const LOOPS = 16;
const token = () => randomBytes(16).toString("hex");

function post(url: string, body: string, agent: Agent | false): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: "POST",
        agent,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) },
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve({ status: 0, ms: performance.now() - t0 }));
    req.end(body);
  });
}

function tree(pid: number): number[] {
  const out = [pid];
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const c = readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim();
    for (const x of c ? c.split(/\s+/) : []) out.push(...tree(Number(x)));
  }
  return out;
}

function footprint(pid: number): { rssMiB: number; fds: number } {
  let kb = 0;
  let fds = 0;
  for (const p of tree(pid)) {
    kb += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
    fds += readdirSync(`/proc/${p}/fd`).length;
  }
  return { rssMiB: Math.round(kb / 1024), fds };
}

function sqliteBytes(url: string): number {
  const file = url.slice("file:".length);
  return [file, `${file}-wal`, `${file}-shm`].reduce((n, f) => {
    try {
      return n + statSync(f).size;
    } catch {
      return n;
    }
  }, 0);
}

async function run(provider: "sqlite" | "postgresql"): Promise<void> {
  const bdb = await benchDatabase(provider);
  const store = await startDevStore({ port: 0, host: "127.0.0.1" });
  const app = await startApp(bdb.url);
  const db = openDatabase(bdb.url, { poolSize: 2 });
  const size = async (): Promise<string> => {
    if (provider === "sqlite") return `${(sqliteBytes(bdb.url) / 2 ** 20).toFixed(1)} MiB file`;
    const r = await db.prisma.$queryRawUnsafe<Array<{ b: bigint }>>("SELECT pg_database_size(current_database()) AS b");
    return `${(Number(r[0]!.b) / 2 ** 20).toFixed(1)} MiB database`;
  };
  const rows = async () => {
    const jobs =
      provider === "sqlite"
        ? Number((await db.prisma.$queryRawUnsafe<Array<{ n: bigint }>>(`SELECT count(*) AS n FROM "Job"`))[0]!.n)
        : Number((await db.prisma.$queryRawUnsafe<Array<{ n: bigint }>>(`SELECT count(*) AS n FROM "Job"`))[0]!.n);
    return {
      installations: await db.prisma.installation.count(),
      activations: await db.prisma.activation.count(),
      events: await db.prisma.installationEvent.count(),
      jobs,
    };
  };
  const admin = async <T>(path: string, body: unknown): Promise<T> => {
    const r = await fetch(`${store.url}/admin/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return (await r.json()) as T;
  };
  const stateOf = async (key: string) =>
    db.prisma.installation.findUnique({ where: { consumerKey: key }, select: { state: true, credentialsSeq: true } });
  const until = async (f: () => Promise<boolean>, ms: number): Promise<number | null> => {
    const t0 = Date.now();
    while (Date.now() - t0 < ms) {
      if (await f()) return Date.now() - t0;
      await new Promise((r) => setTimeout(r, 100));
    }
    return null;
  };
  try {
    // a real store activated before the flood (proven)
    const known = await admin<{ id: number; consumer_key: string }>("/integrations", {
      name: "Known",
      endpoint: `${app.url}/api/integration/callback`,
      identityLinkUrl: `${app.url}/integration/identity`,
      resources: "all",
    });
    await admin(`/integrations/${known.id}/activate`, {});
    await until(async () => (await stateOf(known.consumer_key))?.state === "active", 30_000);
    await new Promise((r) => setTimeout(r, 2_000));
    const idle = footprint(app.pid);
    const sizeBefore = await size();
    const rowsBefore = await rows();

    const statuses = new Map<number, number>();
    const answerMs: number[] = [];
    let sent = 0;
    const agent = new Agent({ keepAlive: true, maxSockets: LOOPS });
    const started = Date.now();
    const loops = Array.from({ length: LOOPS }, async () => {
      while (sent < FLOOD) {
        sent++;
        const body = new URLSearchParams({
          oauth_consumer_key: token(),
          oauth_consumer_secret: token(),
          store_base_url: `http://127.0.0.1:9/${token().slice(0, 8)}/`,
          oauth_verifier: token(),
        }).toString();
        const r = await post(`${app.url}/api/integration/callback`, body, agent);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        answerMs.push(r.ms);
        if (answerMs.length % 1000 === 0)
          console.error(`  … ${answerMs.length} answered after ${((Date.now() - started) / 1000).toFixed(0)} s`);
      }
    });
    let flooding = true;
    const samples: Array<{ rssMiB: number; fds: number }> = [];
    const health: number[] = [];
    let healthFailed = 0;
    const watch = (async () => {
      while (flooding) {
        samples.push(footprint(app.pid));
        const h = await post(`${app.url}/api/health`, "", false);
        if (h.status === 200) health.push(h.ms);
        else healthFailed++;
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    // two seconds in: the known store's Reauthorize, and a new store's first activation
    await new Promise((r) => setTimeout(r, 2_000));
    const fresh = await admin<{ id: number; consumer_key: string }>("/integrations", {
      name: "New",
      endpoint: `${app.url}/api/integration/callback`,
      identityLinkUrl: `${app.url}/integration/identity`,
      resources: "all",
    });
    const t0 = Date.now();
    const [reauth, first] = await Promise.all([
      admin<{ callback?: { status?: number; error?: string } }>(`/integrations/${known.id}/reauthorize`, {}),
      admin<{ callback?: { status?: number; error?: string } }>(`/integrations/${fresh.id}/activate`, {}),
    ]);
    const answered = Date.now() - t0;
    const [reauthMs, firstMs] = await Promise.all([
      until(async () => (await stateOf(known.consumer_key))?.credentialsSeq === 2, 300_000),
      until(async () => (await stateOf(fresh.consumer_key))?.state === "active", 300_000),
    ]);
    await Promise.all(loops);
    const floodMs = Date.now() - started;
    flooding = false;
    await watch;
    agent.destroy();
    const peak = { rssMiB: Math.max(...samples.map((s) => s.rssMiB)), fds: Math.max(...samples.map((s) => s.fds)) };
    const rowsAfter = await rows();
    const sizeAfter = await size();
    console.log(
      `${provider === "sqlite" ? "SQLite" : "PostgreSQL"}: ${FLOOD.toLocaleString("en")} never-proven callbacks from ${LOOPS} keep-alive loops in ${(floodMs / 1000).toFixed(1)} s (${Math.round(FLOOD / (floodMs / 1000))}/s), next start with its in-process worker`,
    );
    console.log(
      `  answers: ${[...statuses]
        .sort()
        .map(([s, n]) => `${s === 0 ? "no answer" : s} × ${n}`)
        .join(", ")}; p50 ${fmt(pct(answerMs, 0.5))}, p99 ${fmt(pct(answerMs, 0.99))}`,
    );
    console.log(
      `  server: idle ${idle.rssMiB} MiB RSS, ${idle.fds} descriptors; peak during the flood ${peak.rssMiB} MiB, ${peak.fds} descriptors`,
    );
    console.log(
      `  /api/health: ${health.length} answered (p50 ${fmt(pct(health, 0.5))}, max ${fmt(Math.max(...health))}), ${healthFailed} failed`,
    );
    console.log(
      `  real stores: callbacks answered ${reauth.callback?.status ?? reauth.callback?.error} (Reauthorize) and ${first.callback?.status ?? first.callback?.error} (first activation) within ${fmt(answered)}`,
    );
    console.log(
      `  the proven store's Reauthorize had its new token after ${reauthMs === null ? "more than 300 s" : fmt(reauthMs)}; the new store was active after ${firstMs === null ? "more than 300 s" : fmt(firstMs)}`,
    );
    console.log(
      `  database: ${sizeBefore} → ${sizeAfter}; rows before ${JSON.stringify(rowsBefore)}, after ${JSON.stringify(rowsAfter)}`,
    );
  } finally {
    await db.close();
    await app.stop();
    await store.close();
    await bdb.dispose();
  }
}

async function main(): Promise<void> {
  if (!hasBuild()) {
    console.log("skipped: no production build (run: npx next build)");
    return;
  }
  await run(process.env.BENCH_DB === "postgresql" ? "postgresql" : "sqlite");
  stopPostgres();
}

main().catch((e: unknown) => {
  console.error(e);
  stopPostgres();
  process.exitCode = 1;
});
