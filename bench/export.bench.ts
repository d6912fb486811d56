/**
 * Export at vendor scale: the dev store seeded with 100,000 products (BENCH_EXPORT_PRODUCTS to change it) in its
 * own process, exported through scripts/export.ts's exportRows (the paging iterator, NDJSON to stdout) in an
 * exporter process of its own, next to the store's own serving rate for the very same pages read by the lean
 * signer (bench/lib: an undici Pool and a minimal HMAC-SHA256 signer, pages fetched one after the other and
 * JSON-parsed, nothing else).
 * Prints rows/s of both, their ratio, the exporter's peak RSS, and its RSS over the first and the last 10 % of
 * the rows (flat memory: no growth between them). No assertions.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { searchCriteriaToQuery } from "@/lib/magento";
import { pagedCriteria, pagedFields } from "@/lib/magento/paginate";
import { ENTITIES, type ExportOptions } from "../scripts/export";
import { processCpuMs, startStoreChild, type StoreChild } from "./lib/devstore-child";
import { leanClient, type Pairs } from "./lib/lean-signer";

const PRODUCTS = Number(process.env.BENCH_EXPORT_PRODUCTS ?? 100_000);
const MiB = 2 ** 20;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Pass {
  rows: number;
  ms: number;
  storeCpuMs: number;
}

/** The store serving the exporter's pages to the lean signer: same query, same fields, one page after another. */
async function leanPass(store: StoreChild, options: ExportOptions, total: number): Promise<Pass> {
  const origin = new URL(store.url).origin;
  const path = new URL(`${store.storeBaseUrl}rest/V1${ENTITIES[options.entity].path.slice(3)}`).pathname;
  const lean = leanClient(origin, { consumerKey: store.tokens.consumer_key, consumerSecret: store.tokens.consumer_secret, accessToken: store.tokens.access_token, accessTokenSecret: store.tokens.access_token_secret }, 1);
  const criteria = pagedCriteria({ filterGroups: options.filterGroups, sortOrders: [] }, "entity_id", options.pageSize);
  const fields = pagedFields(`items[${options.fields}]`)!;
  const pages = Math.ceil(total / options.pageSize);
  const cpu0 = processCpuMs(store.pid);
  const started = performance.now();
  let rows = 0;
  for (let page = 1; page <= pages; page++) {
    const query: Pairs = [...searchCriteriaToQuery({ ...criteria, currentPage: page }), ["fields", fields]];
    const { status, data } = await lean.get(path, query);
    if (status !== 200) throw new Error(`lean signer: ${status} on page ${page}`);
    rows += (data as { items: unknown[] }).items.length;
  }
  const ms = performance.now() - started;
  await lean.close();
  return { rows, ms, storeCpuMs: processCpuMs(store.pid) - cpu0 };
}

interface ExportPass extends Pass {
  peakRss: number;
  firstTenth: number;
  lastTenth: number;
  bytes: number;
}

/**
 * `passes` exports in one exporter process of its own (bench/lib/export-runner.ts: tsx, lib/magento,
 * scripts/export.ts, NDJSON to a real stdout pipe read here), so its RSS is the exporter's alone.
 */
async function exportPasses(store: StoreChild, options: ExportOptions, passes: number): Promise<ExportPass[]> {
  const runner = spawn(join(process.cwd(), "node_modules", ".bin", "tsx"), [join("bench", "lib", "export-runner.ts")], {
    env: { ...process.env, EXPORT_RUN: JSON.stringify({ storeBaseUrl: store.storeBaseUrl, tokens: store.tokens, options, passes }) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let bytes = 0;
  runner.stdout.on("data", (d: Buffer) => (bytes += d.length));
  let errText = "";
  runner.stderr.on("data", (d: Buffer) => (errText += d.toString()));
  const results: ExportPass[] = [];
  let cpu0 = processCpuMs(store.pid);
  let bytes0 = 0;
  await new Promise<void>((resolve, reject) => {
    runner.stderr.on("data", () => {
      for (;;) {
        const nl = errText.indexOf("\n");
        if (nl < 0) return;
        const line = errText.slice(0, nl);
        errText = errText.slice(nl + 1);
        const r = JSON.parse(line) as { error?: string; rows: number; ms: number; samples: Array<[number, number]>; maxRss: number };
        if (r.error) return reject(new Error(r.error));
        const window = (from: number, to: number) => median(r.samples.filter(([n]) => n > from * r.rows && n <= to * r.rows).map(([, rss]) => rss));
        const cpu = processCpuMs(store.pid);
        results.push({ rows: r.rows, ms: r.ms, storeCpuMs: cpu - cpu0, peakRss: r.maxRss, firstTenth: window(0, 0.1), lastTenth: window(0.9, 1), bytes: bytes - bytes0 });
        cpu0 = cpu;
        bytes0 = bytes;
      }
    });
    runner.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`exporter exited ${code}: ${errText}`))));
  });
  return results;
}

async function main(): Promise<void> {
  const store = await startStoreChild({ products: PRODUCTS });
  try {
    console.log(`dev store with ${PRODUCTS} products, the exporter (tsx, lib/magento, scripts/export.ts, NDJSON to a stdout pipe) and this process each on their own`);
    console.log("page size  prefetch     rows  lean rows/s  export rows/s  ratio  NDJSON MiB  peak RSS MiB  RSS first 10% → last 10% (MiB)");
    for (const [pageSize, prefetch] of [
      [200, 2],
      [300, 2],
    ] as const) {
      const options: ExportOptions = { entity: "products", fields: ENTITIES.products.fields, filterGroups: [], pageSize, prefetch };
      await leanPass(store, options, PRODUCTS); // warm-up: JIT, the store's sorted index, sockets
      const lean: Pass[] = [];
      for (let rep = 0; rep < 3; rep++) lean.push(await leanPass(store, options, PRODUCTS));
      const exported = (await exportPasses(store, options, 4)).slice(1); // pass 0 warms the exporter up
      const leanRate = median(lean.map((p) => p.rows / (p.ms / 1000)));
      const exportRate = median(exported.map((p) => p.rows / (p.ms / 1000)));
      const last = exported[exported.length - 1]!;
      console.log(
        `${String(pageSize).padStart(9)} ${String(prefetch).padStart(9)} ${String(last.rows).padStart(8)} ${leanRate.toFixed(0).padStart(12)} ${exportRate.toFixed(0).padStart(14)} ${(exportRate / leanRate).toFixed(2).padStart(6)} ${(last.bytes / MiB).toFixed(1).padStart(11)} ${(Math.max(...exported.map((p) => p.peakRss)) / MiB).toFixed(0).padStart(13)}  ${(last.firstTenth / MiB).toFixed(0)} → ${(last.lastTenth / MiB).toFixed(0)}`,
      );
      console.log(
        `          store CPU per 1,000 rows: lean ${median(lean.map((p) => (p.storeCpuMs / p.rows) * 1000)).toFixed(0)} ms, export ${median(exported.map((p) => (p.storeCpuMs / p.rows) * 1000)).toFixed(0)} ms`,
      );
    }
    console.log("(rows/s: median of 3 passes after a warm-up pass; peak RSS = the exporter process's maxrss, start-up included; RSS sampled after every page written)");
  } finally {
    store.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
