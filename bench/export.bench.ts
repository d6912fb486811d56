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
import { searchCriteriaToQuery } from "@magento-integration/client";
import { pagedCriteria, pagedFields } from "@magento-integration/client";
import { exportEntity, type ExportOptions } from "../scripts/export";
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
  const path = new URL(`${store.storeBaseUrl}rest/V1${exportEntity(options.entity).path.slice(3)}`).pathname;
  const lean = leanClient(
    origin,
    {
      consumerKey: store.tokens.consumer_key,
      consumerSecret: store.tokens.consumer_secret,
      accessToken: store.tokens.access_token,
      accessTokenSecret: store.tokens.access_token_secret,
    },
    1,
  );
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
  cpuMs: number;
  peakRss: number;
  firstTenth: number;
  lastTenth: number;
  bytes: number;
}

/**
 * An exporter process of its own (bench/lib/export-runner.ts: tsx, packages/client/src/magento, scripts/export.ts, NDJSON on
 * stdout to /dev/null as to a file), so its RSS is the exporter's alone; `pass()` runs one export in it.
 */
function startExporter(
  store: StoreChild,
  options: ExportOptions,
): { pass: () => Promise<ExportPass>; stop: () => void } {
  // the V8 flag `npm run export` runs with: a 2 MiB young generation, which a page-at-a-time stream never outgrows
  const runner = spawn(
    join(process.cwd(), "node_modules", ".bin", "tsx"),
    ["--max-semi-space-size=2", join("bench", "lib", "export-runner.ts")],
    {
      env: {
        ...process.env,
        EXPORT_RUN: JSON.stringify({ storeBaseUrl: store.storeBaseUrl, tokens: store.tokens, options }),
      },
      stdio: ["pipe", "ignore", "pipe"],
    },
  );
  let errText = "";
  let waiting: ((line: string) => void) | undefined;
  runner.stderr.on("data", (d: Buffer) => {
    errText += d.toString();
    const nl = errText.indexOf("\n");
    if (nl < 0) return;
    const line = errText.slice(0, nl);
    errText = errText.slice(nl + 1);
    waiting?.(line);
  });
  return {
    async pass() {
      const cpu0 = processCpuMs(store.pid);
      const line = await new Promise<string>((resolve) => {
        waiting = resolve;
        runner.stdin.write("run\n");
      });
      const r = JSON.parse(line) as {
        error?: string;
        rows: number;
        ms: number;
        cpuMs: number;
        bytes: number;
        samples: Array<[number, number]>;
        maxRss: number;
      };
      if (r.error) throw new Error(r.error);
      const window = (from: number, to: number) =>
        median(r.samples.filter(([n]) => n > from * r.rows && n <= to * r.rows).map(([, rss]) => rss));
      return {
        rows: r.rows,
        ms: r.ms,
        cpuMs: r.cpuMs,
        storeCpuMs: processCpuMs(store.pid) - cpu0,
        peakRss: r.maxRss,
        firstTenth: window(0, 0.1),
        lastTenth: window(0.9, 1),
        bytes: r.bytes,
      };
    },
    stop: () => {
      runner.stdin.end();
    },
  };
}

async function main(): Promise<void> {
  const store = await startStoreChild({ products: PRODUCTS });
  try {
    console.log(
      `dev store with ${PRODUCTS} products, the exporter (tsx, packages/client/src/magento, scripts/export.ts, NDJSON on stdout to /dev/null) and this process each on their own`,
    );
    console.log(
      "page size  prefetch     rows  lean rows/s  export rows/s  ratio  cold export rows/s  NDJSON MiB  peak RSS MiB  RSS first 10% → last 10% (MiB)",
    );
    for (const [pageSize, prefetch] of [
      [200, 2],
      [300, 1],
      [300, 2],
    ] as const) {
      const options: ExportOptions = {
        entity: "products",
        fields: exportEntity("products").fields,
        filterGroups: [],
        pageSize,
        prefetch,
      };
      const exporter = startExporter(store, options);
      let cold = 0;
      for (let i = 0; i < 3; i++) {
        await leanPass(store, options, PRODUCTS); // warm-up: JIT, the store's sorted index, sockets
        const p = await exporter.pass();
        if (i === 0) cold = p.rows / (p.ms / 1000); // a fresh exporter process: what one `npm run export` sees
      }
      const lean: Pass[] = [];
      const exported: ExportPass[] = [];
      for (let rep = 0; rep < 3; rep++) {
        lean.push(await leanPass(store, options, PRODUCTS));
        exported.push(await exporter.pass());
      }
      exporter.stop();
      const leanRate = median(lean.map((p) => p.rows / (p.ms / 1000)));
      const exportRate = median(exported.map((p) => p.rows / (p.ms / 1000)));
      const last = exported[exported.length - 1]!;
      console.log(
        `${String(pageSize).padStart(9)} ${String(prefetch).padStart(9)} ${String(last.rows).padStart(8)} ${leanRate.toFixed(0).padStart(12)} ${exportRate.toFixed(0).padStart(14)} ${(exportRate / leanRate).toFixed(2).padStart(6)} ${cold.toFixed(0).padStart(19)} ${(last.bytes / MiB).toFixed(1).padStart(11)} ${(Math.max(...exported.map((p) => p.peakRss)) / MiB).toFixed(0).padStart(13)}  ${(last.firstTenth / MiB).toFixed(0)} → ${(last.lastTenth / MiB).toFixed(0)}`,
      );
      console.log(
        `          CPU per 1,000 rows: store ${median(lean.map((p) => (p.storeCpuMs / p.rows) * 1000)).toFixed(1)} ms serving the lean signer, ${median(exported.map((p) => (p.storeCpuMs / p.rows) * 1000)).toFixed(1)} ms serving the exporter; exporter ${median(exported.map((p) => (p.cpuMs / p.rows) * 1000)).toFixed(1)} ms (wall ${median(exported.map((p) => (p.ms / p.rows) * 1000)).toFixed(1)} ms)`,
      );
    }
    console.log(
      "(rows/s: median of 3 passes after 3 warm-up passes, lean and export interleaved; cold = the exporter process's first pass; peak RSS = the exporter process's maxrss, start-up included; RSS sampled every tenth page)",
    );
  } finally {
    store.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
