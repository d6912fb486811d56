/**
 * The heap setting of a worker process of its own (`npm run worker`, `node ops/worker.mjs`). A sync backfill or an
 * export reads page after page; each page outlives a scavenge (it is written while the next one is read), and V8
 * grows its young generation up to 16 MiB per semi-space for such a load, then lets the old generation grow to
 * several times what is live before it collects. Measured over a 100,000-product backfill (bench/sync.bench.ts)
 * with V8's defaults: the heap went from 53 to 119 MiB and the process from 165 to 236 MiB, with about 50 MiB live.
 *
 * The worker is started with `--max-semi-space-size=2` (WORKER_NODE_FLAGS: package.json's `worker` script,
 * compose.yaml and the Dockerfile's comment): the same backfill stays at 163 → 174 MiB with the live heap flat.
 * V8 reads that flag only when it sets the heap up, so it must be on the command line (or in NODE_OPTIONS).
 *
 * A worker started without it (a platform's own start command) falls back to `--optimize-for-size`, which V8 also
 * honours when set once the process runs: as flat, but it makes V8 compile less and collect more, and costs a worker
 * taking a burst of activations about a third more CPU per token exchange (bench/results.md). The worker says so
 * when it starts. The web process keeps V8's defaults: it serves pages, where collecting sooner costs per request.
 *
 * A worker also keeps no resource timings: Node's `fetch` records its first 250 requests (URL included) in a
 * global buffer that nothing in a worker reads, and a backfill's RSS grew by that until the buffer was full.
 */
import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";

/** What `node` is given to start a worker (the young generation capped at 2 MiB per semi-space). */
export const WORKER_NODE_FLAGS = ["--max-semi-space-size=2"] as const;

const YOUNG_GENERATION_CAP = /(^|\s)--max-semi-space-size[= ]\d+/;

/** Was this process started with a cap on its young generation (on the command line or in NODE_OPTIONS)? */
export function youngGenerationCapped(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  return YOUNG_GENERATION_CAP.test(execArgv.join(" ")) || YOUNG_GENERATION_CAP.test(nodeOptions ?? "");
}

/**
 * Settles the worker's heap (see above). Returns the setting in force: "capped" when the process was started with
 * WORKER_NODE_FLAGS (or its own cap), "optimize-for-size" for the fallback.
 */
export function settleWorkerHeap(
  proc: { execArgv: readonly string[]; env: Record<string, string | undefined> } = process,
): "capped" | "optimize-for-size" {
  performance.setResourceTimingBufferSize(0);
  if (youngGenerationCapped(proc.execArgv, proc.env.NODE_OPTIONS)) return "capped";
  setFlagsFromString("--optimize-for-size");
  return "optimize-for-size";
}
