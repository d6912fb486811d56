/**
 * The REST client next to the lean signer (bench/lib/lean-signer.ts: an undici Pool and a minimal hand-written
 * HMAC-SHA256 signer, the least a signed client can do), on the calls of the issue: GET /rest/V1/products/SKU-n
 * and a searchCriteria list call with a date filter, at concurrency 1 and 16. The store is a verifying stub in a
 * process of its own (bench/lib/store-stub.ts); every client run is a fresh process, all loaded the same way
 * (`--import tsx`), runs interleaved and repeated (median). Then packages/client/src/magento's own CPU per call with a
 * dispatcher that answers at once (no network), and what importing it costs in memory (bench/lib/import-footprint.ts).
 * Prints figures, asserts nothing.
 * BENCH_QUICK=1 for a short run.
 */
import { fork, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import type { Dispatcher } from "undici";
import { createMagentoClient, searchCriteria } from "@magento-integration/client";
import type { CallName, ClientName } from "./lib/client-worker";
import { BENCH_CREDENTIALS } from "./lib/bench-credentials";
import { printImportFootprint } from "./lib/import-footprint";

const QUICK = process.env.BENCH_QUICK === "1";
const N: Record<CallName, number> = QUICK ? { sku: 4000, list: 1000 } : { sku: 20_000, list: 5000 };
const REPS = QUICK ? 1 : 3;
const CONCS = [1, 16];
const CLIENTS: ClientName[] = ["lean", "kit", "kit+store-fetch"];
const TSX = ["--import", "tsx"];

interface Sample {
  rps: number;
  cpuUs: number;
  rssMB: number;
  connections: number;
  unauthorized: number;
  srvCpu: number;
  lookups: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function ask<T>(srv: ChildProcess, msg: object | null, type: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: { type: string }) => {
      if (m.type !== type) return;
      srv.off("message", on);
      resolve(m as T);
    };
    srv.on("message", on);
    if (msg) srv.send(msg);
  });
}

function runWorker(job: object): Promise<{
  wallMs: number;
  cpuMs: number;
  maxRssMB: number;
  statuses: Record<string, number>;
  lookups: number;
  error?: string;
}> {
  return new Promise((resolve) => {
    const w = fork(join("bench", "lib", "client-worker.ts"), [JSON.stringify(job)], {
      execArgv: TSX,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let got: Awaited<ReturnType<typeof runWorker>> | undefined;
    w.on("message", (m) => (got = m as typeof got));
    w.on("exit", (code) =>
      resolve(got ?? { wallMs: 0, cpuMs: 0, maxRssMB: 0, statuses: {}, lookups: 0, error: `exit ${code}` }),
    );
  });
}

/** packages/client/src/magento's CPU per call without a network: a dispatcher that answers every request at once. */
async function ownCpu(): Promise<void> {
  const body = Buffer.from(JSON.stringify({ id: 42, sku: "SKU-1", name: "Driven Backpack", price: 36 }));
  const headers = { "content-type": "application/json", "content-length": String(body.length) };
  const answering = {
    dispatch(_o: Dispatcher.DispatchOptions, h: Dispatcher.DispatchHandler) {
      const c = {
        abort() {},
        pause() {},
        resume() {},
        aborted: false,
        paused: false,
        reason: null,
      } as unknown as Dispatcher.DispatchController;
      queueMicrotask(() => {
        h.onRequestStart?.(c, {});
        h.onResponseStart?.(c, 200, headers, "OK");
        h.onResponseData?.(c, body);
        h.onResponseEnd?.(c, {});
      });
      return true;
    },
  } as unknown as Dispatcher;
  const client = createMagentoClient({
    baseUrl: "http://store.test/",
    auth: { kind: "oauth", ...BENCH_CREDENTIALS },
    signature: { method: "HMAC-SHA256", mode: "standard" },
    dispatcher: answering,
  });
  const calls: Array<[string, (i: number) => Promise<unknown>]> = [
    ["GET /V1/products/SKU-n", (i) => client.request({ method: "GET", path: `/V1/products/SKU-${i}` })],
    [
      "GET /V1/products?searchCriteria (4 pairs)",
      () =>
        client.request({
          method: "GET",
          path: "/V1/products",
          searchCriteria: searchCriteria().where("created_at", "gt", "2024-10-25 00:00:00").pageSize(5),
        }),
    ],
  ];
  console.log("\nlib/magento's own CPU per call (URL, signing, headers, response handling, JSON.parse; no network):");
  for (const [label, call] of calls) {
    for (let i = 0; i < 20_000; i++) await call(i);
    let best = Infinity;
    for (let r = 0; r < 5; r++) {
      const t = performance.now();
      for (let i = 0; i < 50_000; i++) await call(i);
      best = Math.min(best, ((performance.now() - t) * 1000) / 50_000);
    }
    console.log(`  ${label.padEnd(42)} ${best.toFixed(1)} µs/call (best of 5 × 50,000)`);
  }
}

async function main(): Promise<void> {
  const srv = fork(join("bench", "lib", "store-stub.ts"), [], {
    execArgv: TSX,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    const { port } = await ask<{ port: number }>(srv, null, "ready");
    const origin = `http://127.0.0.1:${port}`;
    const samples = new Map<string, Sample[]>();
    for (let rep = 0; rep < REPS; rep++) {
      for (const call of ["sku", "list"] as const) {
        for (const conc of CONCS) {
          const order = CLIENTS.map((_, i) => CLIENTS[(i + rep) % CLIENTS.length]!);
          for (const client of order) {
            await ask(srv, { type: "reset" }, "reset-ok");
            const r = await runWorker({ client, origin, call, n: N[call], conc, warmup: Math.min(2000, N[call] / 10) });
            const st = await ask<{ connections: number; unauthorized: number; cpuMs: number }>(
              srv,
              { type: "stats" },
              "stats",
            );
            if (r.error) throw new Error(`${client} ${call} c${conc}: ${r.error}`);
            const key = `${call} ${conc} ${client}`;
            samples.set(key, [
              ...(samples.get(key) ?? []),
              {
                rps: (N[call] / r.wallMs) * 1000,
                cpuUs: (r.cpuMs / N[call]) * 1000,
                rssMB: r.maxRssMB,
                connections: st.connections,
                unauthorized: st.unauthorized,
                srvCpu: st.cpuMs / r.wallMs,
                lookups: r.lookups,
              },
            ]);
          }
        }
      }
    }
    console.log(
      `Node ${process.version}; ${N.sku} sku / ${N.list} list calls per run after a warm-up, ${REPS} interleaved repetition(s), median; stub store in its own process`,
    );
    console.log(
      "call  conc  client            req/s   ×lean   CPU µs/req  ×lean   peak RSS MB  ×lean  conns  401s  srv CPU  DNS lookups",
    );
    for (const call of ["sku", "list"] as const) {
      for (const conc of CONCS) {
        const lean = samples.get(`${call} ${conc} lean`)!;
        for (const client of CLIENTS) {
          const s = samples.get(`${call} ${conc} ${client}`)!;
          const m = (f: (x: Sample) => number) => median(s.map(f));
          const l = (f: (x: Sample) => number) => median(lean.map(f));
          console.log(
            `${call.padEnd(5)} ${String(conc).padStart(4)}  ${client.padEnd(16)} ${m((x) => x.rps)
              .toFixed(0)
              .padStart(7)} ${(m((x) => x.rps) / l((x) => x.rps)).toFixed(2).padStart(7)} ${m((x) => x.cpuUs)
              .toFixed(0)
              .padStart(11)} ${(m((x) => x.cpuUs) / l((x) => x.cpuUs)).toFixed(2).padStart(7)} ${m((x) => x.rssMB)
              .toFixed(0)
              .padStart(
                12,
              )} ${(m((x) => x.rssMB) / l((x) => x.rssMB)).toFixed(2).padStart(6)} ${String(Math.max(...s.map((x) => x.connections))).padStart(6)} ${String(s.reduce((a, x) => a + x.unauthorized, 0)).padStart(5)} ${m(
              (x) => x.srvCpu,
            )
              .toFixed(2)
              .padStart(
                8,
              )} ${client === "kit+store-fetch" ? String(Math.max(...s.map((x) => x.lookups))).padStart(12) : ""}`,
          );
        }
      }
    }
    console.log(
      "(kit+store-fetch: the client given the app's guarded store fetch, sending through its Agent; lookups = DNS lookups by its connector in a whole run)",
    );
  } finally {
    srv.kill();
  }
  await ownCpu();
  printImportFootprint();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
