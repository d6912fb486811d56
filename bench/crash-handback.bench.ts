/**
 * Crash hand-back with real processes and the default leases: a worker is `kill -9`ed while a token exchange waits
 * on the store's access-token answer and a second one of the same store is queued behind it (a store no exchange
 * proved yet runs one at a time), and a new worker starts at once (what a supervisor does). Printed: how
 * long after the restart each exchange was resumed and settled (active, or failed as interrupted), against the
 * kit's bound of 30 s (a running job is held for 15 s and its worker renews the hold every 5 s; docs/operations.md).
 * Web instance: the callback verb without Next (tests/helpers/callback-server.ts). BENCH_DB=postgresql for
 * PostgreSQL (default SQLite). Asserts nothing.
 */
import { startDevStore } from "../packages/devstore/src/server";
import { startStoreProxy } from "../tests/helpers/store-proxy";
import { startChild, type Child } from "../tests/helpers/processes";
import { openDatabase } from "@magento-integration/storage";
import { benchDatabase, benchSecrets, stopPostgres } from "./lib/app-server";

const provider = process.env.BENCH_DB === "postgresql" ? "postgresql" : "sqlite";
const ROUNDS = Number(process.env.ROUNDS ?? 3);

async function round(n: number): Promise<void> {
  const db = await benchDatabase(provider);
  const store = await startDevStore({ port: 0, host: "127.0.0.1" });
  const proxy = await startStoreProxy(store.storeBaseUrl);
  const env = {
    ...benchSecrets(),
    DATABASE_URL: db.url,
    ALLOW_PRIVATE_STORE_URLS: "true",
    STORE_BASE_URL_AS: proxy.url,
    LOG_LEVEL: "warn",
  };
  const children: Child[] = [];
  const database = openDatabase(db.url, { poolSize: 2 });
  try {
    const web = await startChild("tests/helpers/callback-server.ts", { ...env, WORKER: "off" }, { timeoutMs: 180_000 });
    children.push(web);
    const first = await startChild("scripts/worker.ts", env, { ready: /worker running/, timeoutMs: 180_000 });
    children.push(first);
    const admin = async <T>(path: string, body?: unknown): Promise<T> => {
      const r = await fetch(`${store.url}/admin/api${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body ?? {}),
      });
      if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      return (await r.json()) as T;
    };
    proxy.parkAccess(true); // the access-token calls wait at the proxy: the worker is mid-exchange
    const keys: string[] = [];
    for (let i = 0; i < 2; i++) {
      const integration = await admin<{ id: number; consumer_key: string }>("/integrations", {
        name: `Crash ${i}`,
        endpoint: `${web.url}/api/integration/callback`,
        identityLinkUrl: "http://127.0.0.1:9/identity",
        resources: "all",
      });
      keys.push(integration.consumer_key);
      await admin(`/integrations/${integration.id}/activate`);
    }
    // one store that no exchange proved yet runs one exchange at a time (docs/security.md, "Floods"): the first
    // waits at the proxy, the second waits in the queue behind it
    while (proxy.parked() < 1) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 1_000));
    const parkedAtKill = proxy.parked();
    await first.kill9();
    while (proxy.parked() > 0) await new Promise((r) => setTimeout(r, 20));
    proxy.parkAccess(false);
    const restartedAt = Date.now();
    children.push(await startChild("scripts/worker.ts", env, { ready: /worker running/, timeoutMs: 180_000 }));
    const readyMs = Date.now() - restartedAt;
    const settled = new Map<string, { state: string; ms: number }>();
    while (settled.size < keys.length && Date.now() - restartedAt < 120_000) {
      const rows = await database.prisma.installation.findMany({
        where: { consumerKey: { in: keys } },
        select: { consumerKey: true, state: true },
      });
      for (const r of rows)
        if (!settled.has(r.consumerKey) && (r.state === "active" || r.state.startsWith("failed")))
          settled.set(r.consumerKey, { state: r.state, ms: Date.now() - restartedAt });
      await new Promise((r) => setTimeout(r, 100));
    }
    const times = [...settled.values()].map((s) => `${(s.ms / 1000).toFixed(1)} s (${s.state})`);
    console.log(
      `round ${n}: ${parkedAtKill} exchange(s) waiting on the store's answer at the kill; new worker ready ${(readyMs / 1000).toFixed(1)} s after the restart; exchanges settled ` +
        `${times.join(", ") || "never"} after the restart; ${keys.length - settled.size} unsettled after 120 s`,
    );
  } finally {
    for (const c of children.reverse()) await c.stop();
    await database.close();
    await proxy.close();
    await store.close();
    await db.dispose();
  }
}

async function main(): Promise<void> {
  console.log(`crash hand-back on ${provider}, default leases, bound 30 s after the restart`);
  for (let i = 1; i <= ROUNDS; i++) await round(i);
  stopPostgres();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
