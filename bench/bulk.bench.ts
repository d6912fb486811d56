/**
 * Writes at vendor scale: 100,000 price updates (BENCH_BULK_ROWS) to the dev store in its own process (bulk
 * consumer on, unthrottled), sent through Magento's bulk route in chunks of 5,000 and polled until every operation
 * is done, next to the same updates sent as single PUT calls, 5 at a time (what one store takes in parallel), in the
 * same run (BENCH_BULK_SINGLE_ROWS to send fewer as single calls: their rate is per row either way). Both go through
 * the job engine's rate governor (packages/storage/src/jobs/governor.ts) over the client of packages/client/src/magento.
 * Prints store requests used and rows/s of each. No assertions. Not measured here: the tracked job's own database
 * writes (packages/sync/src/bulk/track.ts), which the SQLite/PostgreSQL figures of bench/export.bench.ts bound from above.
 */
import pino from "pino";
import { BULK_STATUS, createMagentoClient, operationsByIndex, type MagentoClient } from "@magento-integration/client";
import { governedFetch, type LaneState } from "@magento-integration/storage/jobs";
import { startStoreChild, type StoreChild } from "./lib/devstore-child";

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 100_000);
const SINGLE_ROWS = Number(process.env.BENCH_BULK_SINGLE_ROWS ?? ROWS);
const PARALLEL = 5;

/** A healthy store costs the governor no lane writes; these answer for the lane in memory. */
const lanes = {
  get: async (): Promise<LaneState | null> => null,
  list: async (): Promise<LaneState[]> => [],
  pause: async () => undefined,
  addFailure: async () => 1,
  clearFailures: async () => undefined,
};

function client(store: StoreChild, counter: { requests: number }): MagentoClient {
  const counted: typeof fetch = (input, init) => {
    counter.requests++;
    return fetch(input, init);
  };
  return createMagentoClient({
    baseUrl: store.storeBaseUrl,
    storeCode: "all",
    auth: {
      kind: "oauth",
      consumerKey: store.tokens.consumer_key,
      consumerSecret: store.tokens.consumer_secret,
      accessToken: store.tokens.access_token,
      accessTokenSecret: store.tokens.access_token_secret,
    },
    fetch: governedFetch(counted, `store:${store.storeBaseUrl}`, {
      lanes,
      now: () => new Date(),
      log: pino({ level: "silent" }),
    }),
  });
}

/** The catalogue's SKUs, cycled to `n` rows (the same SKU again later is a later price: the store applies both). */
async function skus(c: MagentoClient, n: number): Promise<string[]> {
  const all: string[] = [];
  for await (const p of c.paginate<{ sku: string }>("/V1/products", { pageSize: 300, fields: "items[sku]" }))
    all.push(p.sku);
  return Array.from({ length: n }, (_, i) => all[i % all.length]!);
}

async function bulkPass(c: MagentoClient, list: string[]): Promise<{ ms: number; done: number }> {
  const started = performance.now();
  const rows = list.map((sku, i) => ({ sku, product: { sku, price: 10 + (i % 500) / 10 } }));
  const chunks = await c.bulk("putProductsBySku", rows, { chunkSize: 5_000 });
  let done = 0;
  const open = new Set(chunks.map((ch) => ch.bulk_uuid));
  let wait = 100;
  while (open.size > 0) {
    await new Promise((r) => setTimeout(r, wait));
    for (const uuid of [...open]) {
      const ops = operationsByIndex(await c.bulkStatus(uuid));
      if (ops.some((o) => o.status === BULK_STATUS.open)) break; // chunks finish in order: look again later
      done += ops.filter((o) => o.status === BULK_STATUS.complete).length;
      open.delete(uuid);
    }
    wait = Math.min(2_000, wait * 2);
  }
  return { ms: performance.now() - started, done };
}

async function singlePass(c: MagentoClient, list: string[]): Promise<{ ms: number; done: number }> {
  const started = performance.now();
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < list.length) {
        const i = next++;
        const sku = list[i]!;
        await c.call("putProductsBySku", {
          pathParams: { sku },
          body: { product: { sku, price: 20 + (i % 500) / 10 } },
        });
        done++;
      }
    }),
  );
  return { ms: performance.now() - started, done };
}

async function main(): Promise<void> {
  const store = await startStoreChild({ bulkRate: 1_000_000 });
  try {
    const setup = { requests: 0 };
    const list = await skus(client(store, setup), ROWS);

    const bulkCounter = { requests: 0 };
    const b = await bulkPass(client(store, bulkCounter), list);
    const singleCounter = { requests: 0 };
    const s = await singlePass(client(store, singleCounter), list.slice(0, SINGLE_ROWS));

    const rate = (rows: number, ms: number) => Math.round(rows / (ms / 1000));
    console.log(
      `bulk route   ${ROWS.toLocaleString("en-US")} price updates: ${b.done.toLocaleString("en-US")} complete in ${(b.ms / 1000).toFixed(1)} s, ${rate(b.done, b.ms).toLocaleString("en-US")} rows/s, ${bulkCounter.requests} store requests (${Math.ceil(ROWS / 5000)} submissions + status polls)`,
    );
    console.log(
      `single calls ${SINGLE_ROWS.toLocaleString("en-US")} price updates, ${PARALLEL} in parallel: ${s.done.toLocaleString("en-US")} complete in ${(s.ms / 1000).toFixed(1)} s, ${rate(s.done, s.ms).toLocaleString("en-US")} rows/s, ${singleCounter.requests.toLocaleString("en-US")} store requests`,
    );
    console.log(
      `bulk / single: ${(rate(b.done, b.ms) / rate(s.done, s.ms)).toFixed(1)}x the rows per second with ${((bulkCounter.requests / ROWS) * 100).toFixed(2)} % of a request per row`,
    );
    console.log(
      `(a single call took ${((s.ms / s.done) * PARALLEL).toFixed(0)} ms here; Magento answers a write in about a second, so on a real store the single path is slower still)`,
    );
  } finally {
    store.stop();
  }
}

void main();
