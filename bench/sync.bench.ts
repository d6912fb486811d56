/**
 * Delta sync at vendor scale (packages/sync/src/sync, docs/sync.md). The dev store runs in its own process with 100,000 products
 * (BENCH_SYNC_PRODUCTS to change it); this process is the syncer, on a fresh SQLite database. Prints:
 * - the products backfill (one delta pass from no watermark) in rows/s, next to the store's own serving rate for the
 *   very same keyset requests read by the lean signer (bench/lib), and their ratio;
 * - the syncer's RSS over the first and the last 10 % of the backfill (flat memory: no growth between them), its
 *   peak, RSS and the JS heap by tenth, and the live JS heap after a full collection at each tenth (a leak grows
 *   there; Prisma's bounded buffers, the last 100 closed transactions and debug messages, fill early); the syncer
 *   runs with the heap setting of a worker process (packages/storage/src/jobs/worker-heap.ts: the bench runs itself again with
 *   WORKER_NODE_FLAGS); BENCH_HEAP=optimize-for-size for a worker started without them, BENCH_HEAP=defaults for
 *   V8's own, to compare;
 * - the requests an idle delta pass costs per entity;
 * - the requests a products sweep costs against ⌈rows / page size⌉.
 * No assertions.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { join } from "node:path";
import { openDatabase, useWriteAheadLog, createSecretBox } from "@magento-integration/storage";
import { parseEnv } from "@/lib/env";
import { createKit } from "@/lib/kit";
import { createLogger } from "@/lib/log";
import { settleWorkerHeap, WORKER_NODE_FLAGS, youngGenerationCapped } from "@magento-integration/storage/jobs";
import { searchCriteriaToQuery } from "@magento-integration/client";
import { projection, products } from "@magento-integration/sync";
import { startStoreChild } from "./lib/devstore-child";
import { leanClient, type Pairs } from "./lib/lean-signer";
import { linkManualStore } from "./lib/link-store";

const PRODUCTS = Number(process.env.BENCH_SYNC_PRODUCTS ?? 100_000);
const MiB = 2 ** 20;
const mib = (n: number) => `${(n / MiB).toFixed(0)} MiB`;

const HEAP = process.env.BENCH_HEAP ?? "worker";

/** The heap setting the syncer runs with (printed with its RSS). */
function heapSetting(): string {
  if (HEAP === "defaults") return "V8's defaults";
  if (HEAP === "optimize-for-size") return `${settleWorkerHeap({ execArgv: [], env: {} })}, set at run time`;
  return `the worker's: ${settleWorkerHeap()} (${WORKER_NODE_FLAGS.join(" ")})`;
}

async function main() {
  const heap = heapSetting();
  const store = await startStoreChild({ products: PRODUCTS });
  const dir = mkdtempSync(join(tmpdir(), "sync-bench-"));
  const url = `file:${join(dir, "bench.db")}`;
  execFileSync(join(process.cwd(), "node_modules", ".bin", "prisma"), ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: "ignore",
  });
  await useWriteAheadLog(url); // as `node scripts/setup.mjs` and the kit's migrate leave every SQLite database
  const keys = [{ id: "b1", key: Buffer.alloc(32, 7) }];
  const box = createSecretBox(keys);
  // count the store requests the syncer makes
  let requests = 0;
  const counting: typeof fetch = (input, init) => {
    requests++;
    return fetch(input, init);
  };
  const kit = createKit({
    env: parseEnv({ NODE_ENV: "test", DATABASE_URL: url, ALLOW_PRIVATE_STORE_URLS: "true" }),
    db: openDatabase(url),
    secretBox: box,
    log: createLogger({ level: "silent" }),
    fetch: counting,
    syncHandlers: [],
  });
  try {
    const s = kit.storage;
    const inst = { id: await linkManualStore(s, box, store) };

    // the backfill, with RSS sampled against progress
    const samples: Array<{ done: number; rss: number; heap: number; buffers: number; external: number }> = [];
    let peak = 0;
    // the live JS heap after a full collection, at each tenth of the backfill: what the syncer really holds
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const live: number[] = [];
    const timer = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      const at = { rss: m.rss, heap: m.heapTotal, buffers: m.arrayBuffers, external: m.external };
      void s.sync.cursor(inst.id, "products").then((c) => {
        const done = c?.backfillDone ?? 0;
        samples.push({ done, ...at });
        if (done >= (PRODUCTS * (live.length + 1)) / 10 && live.length < 10) {
          gc();
          live.push(process.memoryUsage().heapUsed);
        }
      });
    }, 200);
    const t0 = performance.now();
    const r0 = requests;
    const pass = await kit.sync.runPass(inst.id, "products");
    const ms = performance.now() - t0;
    clearInterval(timer);
    const backfillRequests = requests - r0;
    const rate = pass.rows / (ms / 1000);
    const first = samples.filter((x) => x.done > 0 && x.done <= PRODUCTS * 0.1);
    const last = samples.filter((x) => x.done >= PRODUCTS * 0.9);
    const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
    const mean = (xs: typeof samples, k: "rss" | "heap" | "buffers" | "external") => mib(avg(xs.map((x) => x[k])));

    // the store's own rate for the same keyset requests (updated_at ASC, entity_id ASC, keyset after the last row)
    const lean = leanClient(
      new URL(store.url).origin,
      {
        consumerKey: store.tokens.consumer_key,
        consumerSecret: store.tokens.consumer_secret,
        accessToken: store.tokens.access_token,
        accessTokenSecret: store.tokens.access_token_secret,
      },
      1,
    );
    const path = new URL(`${store.storeBaseUrl}rest/V1/products`).pathname;
    let pos: { v: string; k: number } | null = null;
    let leanRows = 0;
    const l0 = performance.now();
    for (;;) {
      const groups = pos
        ? [
            { filters: [{ field: "updated_at", conditionType: "gteq" as const, value: pos.v }] },
            {
              filters: [
                { field: "updated_at", conditionType: "gt" as const, value: pos.v },
                { field: "entity_id", conditionType: "gt" as const, value: String(pos.k) },
              ],
            },
          ]
        : [];
      const query: Pairs = [
        ...searchCriteriaToQuery({
          filterGroups: groups,
          sortOrders: [
            { field: "updated_at", direction: "ASC" },
            { field: "entity_id", direction: "ASC" },
          ],
          pageSize: products.pageSize,
          currentPage: 1,
        }),
        ["fields", projection(products)],
      ];
      const { status, data } = await lean.get(path, query);
      if (status !== 200) throw new Error(`lean signer: ${status}`);
      const items = (data as { items?: Array<{ id: number; updated_at: string }> }).items ?? [];
      leanRows += items.length;
      if (items.length < products.pageSize) break;
      const lastRow = items.at(-1)!;
      pos = { v: lastRow.updated_at, k: lastRow.id };
    }
    const leanMs = performance.now() - l0;
    await lean.close();
    const leanRate = leanRows / (leanMs / 1000);

    console.log(
      `products backfill: ${pass.rows} rows in ${(ms / 1000).toFixed(1)} s = ${Math.round(rate)} rows/s, ${backfillRequests} requests`,
    );
    console.log(
      `dev store serving the same keyset pages (lean signer): ${leanRows} rows in ${(leanMs / 1000).toFixed(1)} s = ${Math.round(leanRate)} rows/s`,
    );
    console.log(`ratio sync / store: ${(rate / leanRate).toFixed(2)}`);
    console.log(
      `syncer RSS (heap setting ${heap}): first 10 % ${mean(first, "rss")}, last 10 % ${mean(last, "rss")}, peak ${mib(peak)}`,
    );
    // the shape of it: growth that stops early is the heap and caches warming up; growth to the end is a leak
    const tenths = Array.from({ length: 10 }, (_, i) =>
      samples.filter((x) => x.done > (PRODUCTS * i) / 10 && x.done <= (PRODUCTS * (i + 1)) / 10),
    );
    console.log(
      `  RSS by tenth of the backfill (MiB): ${tenths.map((t) => (avg(t.map((x) => x.rss)) / MiB).toFixed(0)).join(" ")}`,
    );
    console.log(
      `  live JS heap after a full GC, at each tenth (MiB): ${live.map((b) => (b / MiB).toFixed(1)).join(" ")}`,
    );
    console.log(
      `  JS heap by tenth (MiB):             ${tenths.map((t) => (avg(t.map((x) => x.heap)) / MiB).toFixed(0)).join(" ")}`,
    );
    // where RSS goes: the JavaScript heap, and array buffers (Buffers)
    console.log(
      `  of it: JS heap (allocated) ${mean(first, "heap")} → ${mean(last, "heap")}, external ${mean(first, "external")} → ${mean(last, "external")} (array buffers ${mean(first, "buffers")} → ${mean(last, "buffers")})`,
    );

    for (const e of ["products", "customers", "orders"]) {
      if (e !== "products") await kit.sync.runPass(inst.id, e);
      const before = requests;
      await kit.sync.runPass(inst.id, e);
      console.log(`idle delta pass, ${e}: ${requests - before} store request(s)`);
    }
    const before = requests;
    const loadBefore = loadavg()[0]!;
    const s0 = performance.now();
    const sweep = await kit.sync.runSweep(inst.id, "products");
    const sweepMs = performance.now() - s0;
    console.log(
      `products sweep: ${requests - before} requests for ${sweep.rows} rows (⌈rows / ${products.pageSize}⌉ = ${Math.ceil(sweep.rows / products.pageSize)}) in ${(sweepMs / 1000).toFixed(1)} s = ${Math.round(sweep.rows / (sweepMs / 1000))} rows/s (load ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)})`,
    );
  } finally {
    await kit.close(2_000);
    store.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (HEAP === "worker" && !youngGenerationCapped(process.execArgv, process.env.NODE_OPTIONS)) {
  // V8 sizes its young generation only as a process starts: the bench runs itself again as a worker is started
  const run = spawnSync(process.execPath, [...WORKER_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
  });
  process.exitCode = run.status ?? 1;
} else {
  main().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
