/**
 * The heap setting of a worker process of its own (`npm run worker`, `node ops/worker.mjs`). A sync backfill or an
 * export reads page after page; each page outlives a scavenge (it is written while the next one is read), so
 * its garbage lands in V8's old generation, which V8 then lets grow to several times what is live before it
 * collects. Measured over a 100,000-product backfill (bench/sync.bench.ts): the heap went from 53 to 119 MiB and
 * the process from 165 to 236 MiB, with about 50 MiB live throughout. V8's `--optimize-for-size` collects the old
 * generation sooner instead: the same backfill stays flat, at no cost in rows per second (the store is the slower
 * side). V8 reads this flag as it sizes the heap, so setting it once the process runs takes effect (a command-line
 * flag would have to be repeated by every way a worker is started: npm, the image, compose, a platform's config).
 * The web process keeps V8's defaults: it serves pages, where collecting sooner would cost time per request.
 *
 * A worker also keeps no resource timings: Node's `fetch` records its first 250 requests (URL included) in a
 * global buffer that nothing in a worker reads, and a backfill's RSS grew by that until the buffer was full.
 */
import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";

export function favourMemoryOverSpeed(): void {
  setFlagsFromString("--optimize-for-size");
  performance.setResourceTimingBufferSize(0);
}
