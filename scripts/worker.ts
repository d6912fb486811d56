/**
 * `npm run worker`: a job worker alone (no web server): token exchanges, health probes, exports, upkeep. Any
 * number may run next to the app's own in-process workers on one database (docs/platform.md, "Workers").
 * Without NODE_ENV it runs as production (refusing unset secrets, as `npm start` does) unless DATABASE_URL is the
 * dev default (lib/process-env.ts). Migrates the database first, like `npm run dev`, and waits for a database that
 * cannot be reached yet. SIGTERM or Ctrl+C stops it after its running jobs finish (at most SHUTDOWN_GRACE_SECONDS,
 * 25 s; a job cut short is handed to another worker once its 15 s hold ends), and it exits 0.
 */
import { EnvError, parseProcessEnv } from "@/lib/process-env";
import { kitFromEnv, workerSettings } from "@/lib/kit-from-env";
import { whenDatabaseReachable, openDatabase } from "@magento-integration/storage";
import {
  openJobQueue,
  settleWorkerHeap,
  WORKER_NODE_FLAGS,
  lowerWorkerPriority,
} from "@magento-integration/storage/jobs";
import {
  metrics,
  serveMetrics,
  startTracing,
  stopTracing,
  watchStoreCalls,
  type MetricsServer,
} from "@magento-integration/storage/ops";
import { scrapeSources } from "@/lib/kit-scrape-sources";
import { migrate } from "./setup.mjs";

async function main(): Promise<void> {
  // long syncs and exports keep a flat heap (packages/storage/src/jobs/worker-heap.ts)
  if (settleWorkerHeap() === "optimize-for-size")
    console.warn(
      `worker: started without ${WORKER_NODE_FLAGS.join(" ")}: V8's --optimize-for-size keeps its memory flat instead, ` +
        `at about a third more CPU per job; start it as \`node ${WORKER_NODE_FLAGS.join(" ")} ops/worker.mjs\` ` +
        "(docs/operations.md)",
    );
  // without NODE_ENV: production (its checks, as `npm start` makes them) unless the database is the dev default
  const env = parseProcessEnv(process.env, "production-unless-dev-database");
  Object.assign(process.env, { NODE_ENV: env.nodeEnv }); // what the modules reading getEnv() see too
  // below the web process's CPU priority: a host running both answers callbacks first (packages/storage/src/jobs/worker-priority.ts)
  const notLowered = lowerWorkerPriority(env.worker.nice);
  if (notLowered) console.warn(`worker: could not lower its CPU priority to nice ${env.worker.nice}: ${notLowered}`);
  const where = env.databaseUrl.startsWith("file:") ? env.databaseUrl : env.databaseUrl.replace(/\/\/[^@]*@/, "//");
  // A database that cannot be reached yet (started together with the worker, or restarting) is waited for: no
  // crash loop. A wrong URL, password or database name still stops the worker at once.
  const stopping = new AbortController();
  const onWait = (e: Error, ms: number) =>
    console.warn(
      `worker: waiting for the database at ${where} (${e.message}); trying again in ${Math.round(ms / 1000)} s`,
    );
  const db = openDatabase(env.databaseUrl); // opens nothing yet
  const queue = openJobQueue(db);
  const kit = kitFromEnv(env, { db, jobs: queue });
  await startTracing({ serviceName: "magento-integration-kit-worker" });
  watchStoreCalls({ perStore: env.metricsPerStore });
  let metricsServer: MetricsServer | null = null;
  const stop = async () => {
    if (stopping.signal.aborted) return;
    stopping.abort();
    console.log("worker stopping: waiting for running jobs…");
    await metricsServer?.close();
    await kit.close(env.shutdownGraceSeconds * 1000);
    await stopTracing();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
  await whenDatabaseReachable(() => migrate({ databaseUrl: env.databaseUrl, quiet: true }), {
    onWait,
    signal: stopping.signal,
  });
  if (env.workerMetrics) {
    // the same metrics as the web app's /api/ops/metrics: this worker's jobs and store calls, the database-wide gauges
    metrics().scrapeSources.current = scrapeSources(queue, db.prisma);
    metricsServer = await serveMetrics(env.workerMetrics);
    console.log(`worker metrics at ${metricsServer.url}/metrics (Authorization: Bearer <OPS_TOKEN>)`);
  }
  const settings = workerSettings(env);
  if (!(await kit.jobs.startWorkerWhenReady(settings, { onWait, signal: stopping.signal }))) return;
  console.log(
    `worker running on ${where}: ${settings.concurrency} jobs at once, ${settings.laneCap} per store (pid ${process.pid})`,
  );
}

main().catch((e: unknown) => {
  console.error(
    e instanceof EnvError ? `The worker cannot start: ${e.message}` : `worker: ${(e as Error).stack ?? String(e)}`,
  );
  process.exit(1);
});
