/**
 * Sync lag across many stores (lib/sync, docs/sync.md): BENCH_STORES (200) small dev stores and one with
 * BENCH_SYNC_PRODUCTS (100,000) products, all linked; the syncer is this process with a worker pair (two workers,
 * the default settings each) on a fresh SQLite database, running the real schedule (`sync.schedule`, every 15 s).
 * For BENCH_SECONDS (300) it samples every small store's lag per entity (the Sync page's lag: lib/sync/lag.ts)
 * while the big store backfills, and prints per entity the lag's p50/p95/max against the entity's interval + 30 s,
 * and how far the big backfill got. Asserts nothing.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@/lib/db";
import { parseEnv } from "@/lib/env";
import { createKit, type Kit } from "@/lib/kit";
import { createLogger } from "@/lib/log";
import { createSecretBox } from "@/lib/secret-box";
import { createStoreFetch } from "@/lib/net/store-fetch";
import { lagSeconds } from "@/lib/sync/lag";
import { SYNC_ENTITIES } from "@/lib/sync/registry";
import { startStoreChild, startStoreFleet, type StoreChild } from "./lib/devstore-child";
import { pct } from "./lib/app-server";
import { linkManualStore } from "./lib/link-store";

const STORES = Number(process.env.BENCH_STORES ?? 200);
const BIG = Number(process.env.BENCH_SYNC_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 300);

async function main(): Promise<void> {
  const fleet = await startStoreFleet({ stores: STORES, products: 20 });
  const big = await startStoreChild({ products: BIG });
  const dir = mkdtempSync(join(tmpdir(), "sync-lag-bench-"));
  const url = `file:${join(dir, "bench.db")}`;
  execFileSync(join(process.cwd(), "node_modules", ".bin", "prisma"), ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: "ignore",
  });
  const box = createSecretBox([{ id: "b1", key: Buffer.alloc(32, 7) }]);
  const env = parseEnv({ NODE_ENV: "test", DATABASE_URL: url, ALLOW_PRIVATE_STORE_URLS: "true" });
  const kits: Kit[] = [0, 1].map(() =>
    createKit({
      env,
      db: openDatabase(url),
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
    let warm = false;
    while (Date.now() - started < SECONDS * 1000) {
      await new Promise((r) => setTimeout(r, 5_000));
      const now = new Date();
      const states = await Promise.all(small.map((id) => kits[0]!.storage.sync.cursors(id)));
      // lag counts once every small store finished its first pass of the entity (its backfill is not lag)
      if (!warm)
        warm = states.every((cs) => cs.filter((c) => c.lastPassAt || c.lastSweepAt).length >= SYNC_ENTITIES.length);
      if (!warm) continue;
      for (const cs of states)
        for (const c of cs) {
          const lag = lagSeconds(c, now);
          if (lag !== null) lags.get(c.entity)?.push(lag);
        }
    }
    const bigCursor = await kits[0]!.storage.sync.cursor(bigId, "products");
    const firstDone = (await Promise.all(small.map((id) => kits[0]!.storage.sync.cursors(id))))
      .flat()
      .filter((c) => c.lastPassAt || c.lastSweepAt).length;
    console.log(
      `${STORES} stores × ${SYNC_ENTITIES.length} entities + one of ${BIG} products, worker pair, ${SECONDS} s` +
        (warm ? "" : ` (first passes done for ${firstDone} of ${STORES * SYNC_ENTITIES.length}: no lag sampled yet)`),
    );
    for (const e of SYNC_ENTITIES) {
      const xs = lags.get(e.name)!;
      if (!xs.length) continue;
      console.log(
        `${e.name}: lag p50 ${pct(xs, 0.5)} s, p95 ${pct(xs, 0.95)} s, max ${Math.max(...xs)} s; goal p95 ≤ interval ${e.intervalSeconds} s + 30 s = ${e.intervalSeconds + 30} s (${xs.length} samples)`,
      );
    }
    console.log(`big store backfill: ${bigCursor?.backfillDone ?? 0} of ${bigCursor?.backfillTotal ?? BIG} products`);
  } finally {
    for (const k of kits) await k.close(5_000);
    fleet.stop();
    big.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
