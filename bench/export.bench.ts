/**
 * Export throughput and memory: the full dev-store catalogue (products, then orders and customers) streamed
 * through scripts/export.ts's exportRows to a byte-counting sink. The dev store runs in a child process so the
 * RSS figures are the exporter's own. Prints rows/s and peak RSS; no assertions.
 */
import { spawn } from "node:child_process";
import { writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { createMagentoClient } from "@/lib/magento";
import { exportRows, type Entity } from "../scripts/export";

async function startStoreChild(): Promise<{ url: string; storeBaseUrl: string; stop: () => void }> {
  const file = join(tmpdir(), `devstore-bench-${process.pid}.mts`);
  const server = join(process.cwd(), "devstore", "src", "server.ts");
  writeFileSync(file, `import { startDevStore } from ${JSON.stringify(server)};\nconst s = await startDevStore({ port: 0, host: "127.0.0.1" });\nconsole.log(JSON.stringify({ url: s.url, storeBaseUrl: s.storeBaseUrl }));\n`);
  const child = spawn(join(process.cwd(), "node_modules", ".bin", "tsx"), [file], { stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise<string>((resolve, reject) => {
    let buf = "";
    child.stdout!.on("data", (d: Buffer) => {
      buf += d.toString();
      const nl = buf.indexOf("\n");
      if (nl >= 0) resolve(buf.slice(0, nl));
    });
    child.once("exit", (code) => reject(new Error(`dev store exited ${code}`)));
  });
  return { ...(JSON.parse(line) as { url: string; storeBaseUrl: string }), stop: () => { child.kill("SIGTERM"); rmSync(file, { force: true }); } };
}

async function main() {
  const store = await startStoreChild();
  try {
    const post = async (path: string, body: unknown = {}) =>
      (await (await fetch(`${store.url}/admin/api${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json()) as Record<string, unknown>;
    const created = await post("/integrations", { name: "export bench", resources: "all" });
    const t = (await post(`/integrations/${created.id}/activate`)).tokens as Record<string, string>;
    const client = createMagentoClient({
      baseUrl: store.storeBaseUrl,
      auth: { kind: "oauth", consumerKey: t.consumer_key!, consumerSecret: t.consumer_secret!, accessToken: t.access_token!, accessTokenSecret: t.access_token_secret! },
    });

    const runs: Array<{ entity: Entity; pageSize: number; prefetch: number; fields?: string }> = [
      { entity: "products", pageSize: 300, prefetch: 2 },
      { entity: "products", pageSize: 100, prefetch: 2 },
      { entity: "products", pageSize: 300, prefetch: 1 },
      { entity: "products", pageSize: 300, prefetch: 2, fields: "sku,name,price,status,type_id,updated_at,extension_attributes[stock_item[qty],category_links]" },
      { entity: "orders", pageSize: 300, prefetch: 2 },
      { entity: "customers", pageSize: 300, prefetch: 2 },
    ];
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    console.log(`baseline RSS before exporting: ${(baseline / 2 ** 20).toFixed(1)} MiB`);
    console.log("entity      pageSize prefetch   rows    bytes      ms   rows/s  peak RSS MiB  (+ over baseline)");
    const { ENTITIES } = await import("../scripts/export");
    const REPS = 5;
    for (const r of runs) {
      const times: number[] = [];
      let rows = 0;
      let bytes = 0;
      let peak = process.memoryUsage().rss;
      const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
      for (let rep = 0; rep <= REPS; rep++) {
        bytes = 0;
        const sink = new Writable({ write(chunk: Buffer, _e, cb) { bytes += chunk.length; cb(); } });
        const started = performance.now();
        rows = await exportRows(client, { entity: r.entity, fields: r.fields ?? ENTITIES[r.entity].fields, filterGroups: [], pageSize: r.pageSize, prefetch: r.prefetch }, sink);
        if (rep > 0) times.push(performance.now() - started); // rep 0 warms the JIT and the store
      }
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage().rss);
      const ms = times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
      console.log(
        `${(r.entity + (r.fields ? "+ext" : "")).padEnd(12)} ${String(r.pageSize).padStart(6)} ${String(r.prefetch).padStart(8)} ${String(rows).padStart(6)} ${String(bytes).padStart(8)} ${ms.toFixed(0).padStart(7)} ${Math.round(rows / (ms / 1000)).toString().padStart(8)} ${(peak / 2 ** 20).toFixed(1).padStart(13)}  (+${((peak - baseline) / 2 ** 20).toFixed(1)})`,
      );
    }
    console.log(`(ms = median of ${REPS} runs after a warm-up; peak RSS sampled every 5 ms over all runs)`);

    // flat memory: 20 full product exports into one stream (40 000 rows); RSS after every 5th
    const after: string[] = [];
    let total = 0;
    const sink = new Writable({ write(_c: Buffer, _e, cb) { cb(); } });
    const started = performance.now();
    for (let i = 1; i <= 20; i++) {
      total += await exportRows(client, { entity: "products", fields: ENTITIES.products.fields, filterGroups: [], pageSize: 300, prefetch: 2 }, sink);
      if (i % 5 === 0) after.push(`${(process.memoryUsage().rss / 2 ** 20).toFixed(1)}`);
    }
    const secs = (performance.now() - started) / 1000;
    console.log(`${total} rows in one stream: ${Math.round(total / secs)} rows/s; RSS MiB after 5/10/15/20 exports: ${after.join(" / ")}`);
  } finally {
    store.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
