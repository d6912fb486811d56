/**
 * Sync lag across many stores (packages/sync/src/sync, docs/sync.md): BENCH_STORES (200) small dev stores and one with
 * BENCH_SYNC_PRODUCTS (100,000) products, all linked; the syncer is this process with a worker pair (two workers,
 * the default settings each) on a fresh database (BENCH_DB: sqlite, the default, or postgresql), running the real
 * schedule (`sync.schedule`, every 15 s). Once every small store finished its first pass of every entity (their
 * backfills are not lag; at most BENCH_WARM_SECONDS, 600), and then BENCH_SETTLE_SECONDS more (60: the longest
 * polled interval; linking 200 stores at once leaves every one of them due together right after their first
 * passes, a catch-up that is part of their backfill), it samples every small store's lag per entity every 5 s
 * (the Sync page's lag: packages/sync/src/sync/lag.ts) for BENCH_SECONDS (300) while the big store backfills, and prints per
 * entity the lag's p50/p95/max against the entity's interval + 30 s, how many passes ran per second, and how far
 * the big backfill got. Asserts nothing.
 */
import { loadavg } from "node:os";
import { openDatabase, createSecretBox } from "@magento-integration/storage";
import { parseEnv } from "@/lib/env";
import { createKit, type Kit } from "@/lib/kit";
import { createLogger } from "@/lib/log";
import { createStoreFetch } from "@magento-integration/client/net";
import { lagSeconds, SYNC_ENTITIES } from "@magento-integration/sync";
import { startStoreChild, startStoreFleet, type StoreChild } from "./lib/devstore-child";
import { benchDatabase, pct, stopPostgres } from "./lib/app-server";
import { linkManualStore } from "./lib/link-store";

const STORES = Number(process.env.BENCH_STORES ?? 200);
const BIG = Number(process.env.BENCH_SYNC_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 300);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 600);
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 60);
const PROVIDER = process.env.BENCH_DB === "postgresql" ? "postgresql" : "sqlite";

async function main(): Promise<void> {
  const fleet = await startStoreFleet({ stores: STORES, products: 20 });
  const big = await startStoreChild({ products: BIG });
  const database = await benchDatabase(PROVIDER);
  const box = createSecretBox([{ id: "b1", key: Buffer.alloc(32, 7) }]);
  const env = parseEnv({ NODE_ENV: "test", DATABASE_URL: database.url, ALLOW_PRIVATE_STORE_URLS: "true" });
  // SQLite: one connection for the process, as the app keeps (libSQL runs a statement synchronously: a second
  // connection of the same process waiting for the write lock would stop the event loop its holder needs).
  // PostgreSQL: a pool per worker, as two worker processes have.
  const shared = PROVIDER === "sqlite" ? openDatabase(database.url) : null;
  const kits: Kit[] = [0, 1].map(() =>
    createKit({
      env,
      db: shared ?? openDatabase(database.url),
      secretBox: box,
      log: createLogger({ level: "silent" }),
      fetch: createStoreFetch({ allowPrivate: true }),
      syncHandlers: [],
      healthProbeEveryMs: 24 * 3_600_000,
    }),
  );
  const link = (store: Pick<StoreChild, "storeBaseUrl" | "tokens">) => linkManualStore(kits[0]!.storage, box, store);
  try {
    const small: string[] = [];
    for (const st of fleet.stores) small.push(await link(st));
    const bigId = await link(big);
    for (const k of kits)
      k.jobs.startWorker({ concurrency: 8, laneCap: 2, pollMs: 250, healthProbeEveryMs: 24 * 3_600_000 });

    const lags = new Map<string, number[]>(SYNC_ENTITIES.map((e) => [e.name, []]));
    const started = Date.now();
    const passes = async () =>
      (await kits[0]!.jobs.queue.list({ kinds: ["sync.pass"], states: ["completed"], limit: 1_000_000 })).length;
    const catchUp = new Map<string, number[]>(SYNC_ENTITIES.map((e) => [e.name, []]));
    let firstPassesAt: number | null = null;
    let warmAt: number | null = null;
    let passesAtWarm = 0;
    while (
      warmAt === null
        ? Date.now() - started < (WARM_SECONDS + SETTLE_SECONDS) * 1000
        : Date.now() - warmAt < SECONDS * 1000
    ) {
      await new Promise((r) => setTimeout(r, 5_000));
      const now = new Date();
      const states = await Promise.all(small.map((id) => kits[0]!.storage.sync.cursors(id)));
      if (firstPassesAt === null) {
        // lag counts once every small store finished its first pass of the entity (its backfill is not lag)
        if (states.every((cs) => cs.filter((c) => c.lastPassAt || c.lastSweepAt).length >= SYNC_ENTITIES.length)) {
          firstPassesAt = Date.now();
          console.log(`every small store's first passes done after ${Math.round((firstPassesAt - started) / 1000)} s`);
        }
        continue;
      }
      if (warmAt === null && Date.now() - firstPassesAt >= SETTLE_SECONDS * 1000) {
        warmAt = Date.now();
        passesAtWarm = await passes();
      }
      for (const cs of states)
        for (const c of cs) {
          const lag = lagSeconds(c, now);
          if (lag !== null) (warmAt === null ? catchUp : lags).get(c.entity)?.push(lag);
        }
    }
    const passRate = warmAt === null ? 0 : ((await passes()) - passesAtWarm) / ((Date.now() - warmAt) / 1000);
    const bigCursor = await kits[0]!.storage.sync.cursor(bigId, "products");
    const firstDone = (await Promise.all(small.map((id) => kits[0]!.storage.sync.cursors(id))))
      .flat()
      .filter((c) => c.lastPassAt || c.lastSweepAt).length;
    console.log(
      `${PROVIDER}: ${STORES} stores × ${SYNC_ENTITIES.length} entities + one of ${BIG} products, worker pair, sampled ${SECONDS} s after a catch-up of ${SETTLE_SECONDS} s` +
        (warmAt !== null
          ? `; ${passRate.toFixed(1)} passes/s while sampled (load ${loadavg()[0]!.toFixed(1)})`
          : ` (first passes done for ${firstDone} of ${STORES * SYNC_ENTITIES.length} in ${WARM_SECONDS} s: no lag sampled)`),
    );
    for (const e of SYNC_ENTITIES) {
      const xs = lags.get(e.name)!;
      if (!xs.length) continue;
      console.log(
        `${e.name}: lag p50 ${pct(xs, 0.5)} s, p95 ${pct(xs, 0.95)} s, max ${Math.max(...xs)} s; goal p95 ≤ interval ${e.intervalSeconds} s + 30 s = ${e.intervalSeconds + 30} s (${xs.length} samples); during the catch-up: p95 ${pct(catchUp.get(e.name)!, 0.95)} s, max ${Math.max(...catchUp.get(e.name)!)} s`,
      );
    }
    console.log(`big store backfill: ${bigCursor?.backfillDone ?? 0} of ${bigCursor?.backfillTotal ?? BIG} products`);
  } finally {
    for (const k of kits) await k.jobs.stopWorker(5_000);
    for (const k of kits) await k.close(5_000).catch(() => undefined); // SQLite: the shared connection closes once
    fleet.stop();
    big.stop();
    await database.dispose();
    stopPostgres();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
