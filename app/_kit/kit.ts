import { getEnv } from "@/lib/env";
import { openDatabase, type Database, whenDatabaseReachable } from "@magento-integration/storage";
import { createStoreFetch } from "@magento-integration/client/net";
import { eventLoopBusy, type JobQueue, openJobQueue, type Worker } from "@magento-integration/storage/jobs";
import { kitFromEnv, workerSettings } from "@/lib/kit-from-env";
import type { Kit } from "@/lib/kit";
import { metrics, readinessCheck, watchStoreCalls, type Readiness } from "@magento-integration/storage/ops";
import { scrapeSources } from "@/lib/kit-scrape-sources";
import { draining, onShutdown } from "./lifecycle";

/**
 * What one app process shares, whichever Next bundle asks (routes, pages and instrumentation are bundled
 * separately, each with its own copy of lib/): one database pool, one job queue, one guarded store fetch, one
 * worker, and one kit over them. They live on globalThis. An error a verb throws is recognised by any bundle's
 * `instanceof`: the kit's errors are branded (packages/client/src/kit-error.ts).
 */
interface Shared {
  db: Database;
  queue: JobQueue;
  fetch: typeof fetch;
  worker: Worker | null;
  readiness: () => Promise<Readiness>;
  kit?: Kit | undefined;
}

const holder = globalThis as unknown as { __kitShared?: Shared };

// `npm run dev` evaluates this module again after an edit (hot reload): the next kit() is built from the new code.
if (process.env.NODE_ENV !== "production" && holder.__kitShared) holder.__kitShared.kit = undefined;

function shared(): Shared {
  if (!holder.__kitShared) {
    const env = getEnv();
    const db = openDatabase(env.databaseUrl);
    const queue = openJobQueue(db);
    // metrics: store calls counted from undici's channels, jobs and paused lanes read from the database when scraped
    watchStoreCalls({ perStore: env.metricsPerStore });
    metrics().scrapeSources.current = scrapeSources(queue, db.prisma);
    const readiness = readinessCheck({
      db,
      draining,
      workerExpected: true,
      lastWorkerBeat: () => queue.workers.lastBeat(),
      now: () => new Date(),
    });
    holder.__kitShared = {
      db,
      queue,
      fetch: createStoreFetch({ allowPrivate: env.allowPrivateStoreUrls }),
      worker: null,
      readiness,
    };
  }
  return holder.__kitShared;
}

export function kit(): Kit {
  const s = shared();
  s.kit ??= kitFromEnv(getEnv(), {
    db: s.db,
    jobs: s.queue,
    fetch: s.fetch,
    wake: () => s.worker?.wake(),
    giveWay: (ms) => s.worker?.giveWay(ms),
  });
  return s.kit;
}

/** Readiness of this process (GET /api/health/ready). */
export function readiness(): Promise<Readiness> {
  return shared().readiness();
}

/**
 * Server start (instrumentation.ts): checks the job queue's tables are there and, unless
 * WORKER=off, runs a worker in this process. Stopped cleanly on SIGTERM/SIGINT once the last request was answered
 * (lifecycle.ts): running jobs finish first, for at most SHUTDOWN_GRACE_SECONDS; anything cut short is handed to
 * another worker when its 15 s hold ends.
 */
export async function startBackgroundWork(): Promise<void> {
  const k = kit();
  const env = getEnv();
  // A database that cannot be reached yet (started together with the app, or restarting) is waited for in the
  // background: the app answers meanwhile, and the worker starts once the queue is ready.
  const onWait = (e: Error, ms: number) =>
    console.warn(`the job queue waits for the database (${e.message}); trying again in ${Math.round(ms / 1000)} s`);
  if (!env.worker.inProcess) {
    await whenDatabaseReachable(() => k.jobs.queue.start(), { onWait });
    return;
  }
  const s = shared();
  const stopping = new AbortController();
  onShutdown(async () => {
    stopping.abort();
    await k.jobs.stopWorker(env.shutdownGraceSeconds * 1000);
  });
  // inside the web process the worker gives way to requests (a burst of activation callbacks answers first)
  s.worker = await k.jobs.startWorkerWhenReady(
    { ...workerSettings(env), busy: eventLoopBusy() },
    { onWait, signal: stopping.signal },
  );
}
