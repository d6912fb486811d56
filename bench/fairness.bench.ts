/**
 * Fairness across stores: 50 simulated stores (one stub server, a path per store, 25 ms per call), one of them
 * with 10,000 jobs queued. While two workers (8 jobs at once each, at most 2 per store: the defaults) work
 * through that backlog, the other 49 stores send a job now and then. Measured: how long each of their jobs
 * waited to start (p50, p95, max; the goal is p95 ≤ 5 s), how far the big store got meanwhile, and the most
 * calls any store had in flight (the cap). On SQLite and on PostgreSQL. Prints figures; asserts nothing.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { openDatabase } from "@magento-integration/storage";
import { createLogger } from "@/lib/log";
import { openJobQueue, defineJob, startWorker } from "@magento-integration/storage/jobs";
import { benchDatabase, fmt, pct, stopPostgres } from "./lib/app-server";

const STORES = 50;
const BACKLOG = Number(process.env.BACKLOG ?? 10_000);
const SECONDS = Number(process.env.FAIRNESS_SECONDS ?? 30);
const CALL_MS = 25;

async function stubStores(): Promise<{ url: string; maxInFlight: Map<number, number>; close(): Promise<void> }> {
  const inFlight = new Map<number, number>();
  const maxInFlight = new Map<number, number>();
  const server: Server = createServer((req, res) => {
    const store = Number(/\/s\/(\d+)/.exec(req.url ?? "")?.[1] ?? -1);
    const n = (inFlight.get(store) ?? 0) + 1;
    inFlight.set(store, n);
    maxInFlight.set(store, Math.max(maxInFlight.get(store) ?? 0, n));
    setTimeout(() => {
      inFlight.set(store, (inFlight.get(store) ?? 1) - 1);
      res.writeHead(200).end("ok");
    }, CALL_MS);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    maxInFlight,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

async function run(provider: "sqlite" | "postgresql"): Promise<void> {
  const bdb = await benchDatabase(provider);
  const db = openDatabase(bdb.url, { poolSize: 4 });
  const queue = openJobQueue(db);
  const stub = await stubStores();
  const log = createLogger({ level: "silent" });
  const delays: number[] = [];
  let bigStarted = 0;
  let othersDone = 0;
  const kind = defineJob({
    kind: "bench.call",
    schema: z.object({ store: z.number(), sentAt: z.number() }),
    async run({ store, sentAt }, ctx) {
      if (store === 0) bigStarted++;
      else delays.push(ctx.now().getTime() - sentAt);
      await (await ctx.storeFetch(`${stub.url}/s/${store}`)).text();
      if (store !== 0) othersDone++;
    },
  });
  try {
    await queue.start();
    const t0 = Date.now();
    for (let i = 0; i < BACKLOG; i += 500) {
      await queue.sendMany(
        Array.from({ length: Math.min(500, BACKLOG - i) }, () => ({
          kind: "bench.call",
          data: { store: 0, sentAt: Date.now() },
          options: { lane: "store:0" },
        })),
        new Date(),
      );
    }
    const queuedIn = Date.now() - t0;
    const workers = [1, 2].map(() =>
      startWorker({
        queue,
        kinds: [kind],
        concurrency: 8,
        laneCap: 2,
        pollMs: 250,
        now: () => new Date(),
        log,
        storeFetch: globalThis.fetch,
      }),
    );
    // the other stores send a job every 100 ms, one store at a time, from "another process" (no wake-up)
    let sent = 0;
    const until = Date.now() + SECONDS * 1000;
    while (Date.now() < until) {
      const store = 1 + (sent % (STORES - 1));
      await queue.send("bench.call", { store, sentAt: Date.now() }, { lane: `store:${store}` }, new Date());
      sent++;
      await new Promise((r) => setTimeout(r, 100));
    }
    const waitUntil = Date.now() + 30_000;
    while (othersDone < sent && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 50));
    await Promise.all(workers.map((w) => w.stop(5_000)));
    const caps = [...stub.maxInFlight.values()];
    console.log(
      `${provider === "sqlite" ? "SQLite" : "PostgreSQL"}: ${STORES} stores, one with ${BACKLOG.toLocaleString("en")} queued jobs (queued in ${fmt(queuedIn)}), two workers × 8 jobs, ≤ 2 per store`,
    );
    console.log(
      `  other stores' jobs: ${sent} sent over ${SECONDS} s, ${othersDone} done; start delay p50 ${fmt(pct(delays, 0.5))}, p95 ${fmt(pct(delays, 0.95))}, max ${fmt(Math.max(...delays))} (goal p95 ≤ 5 s)`,
    );
    console.log(
      `  the big store meanwhile: ${bigStarted.toLocaleString("en")} of its jobs started; most calls in flight to one store: ${Math.max(...caps)} (store 0: ${stub.maxInFlight.get(0) ?? 0})`,
    );
  } finally {
    await queue.stop();
    await db.close();
    await stub.close();
    await bdb.dispose();
  }
}

async function main(): Promise<void> {
  const only = process.env.BENCH_DB;
  for (const provider of ["sqlite", "postgresql"] as const) if (!only || only === provider) await run(provider);
  stopPostgres();
}

main().catch((e: unknown) => {
  console.error(e);
  stopPostgres();
  process.exitCode = 1;
});
