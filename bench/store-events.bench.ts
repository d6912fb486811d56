/**
 * Store-event intake against the production build (`next start`, SQLite, worker off so the queue only fills):
 * signed Commerce webhooks (RSA-SHA256 over the base64 of the body, signed here with the openssl-made fixture key)
 * to /api/events/commerce/<id>. Prints, in the same run:
 * - a burst of 500 concurrent deliveries: p50/p99 answer time and how many ended queued;
 * - the same burst of 500 POSTs to /api/health (a route that reads the body and does no work): Next's floor;
 * - sustained verified deliveries per second into the queue (batches of 50 at once).
 * Asserts nothing. Needs `npx next build` first.
 */
import { createPrivateKey, sign } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openDatabase, createPrismaStorage } from "@magento-integration/storage";
import { parseRsaPublicKey, keyFingerprint } from "@magento-integration/sync/events";
import { benchDatabase, fmt, hasBuild, pct, ROOT, startApp } from "./lib/app-server";

const BURST = Number(process.env.BURST ?? 500);
const SUSTAINED = Number(process.env.SUSTAINED ?? 3000);
const STORES = 10;
const fixtures = join(ROOT, "tests", "fixtures", "store-events");
const privateKey = createPrivateKey(readFileSync(join(fixtures, "commerce-private.pem"), "utf8"));
const publicPem = readFileSync(join(fixtures, "commerce-public.pem"), "utf8");

function delivery(i: number): { body: string; signature: string } {
  const body = JSON.stringify({
    eventName: "observer.catalog_product_save_after",
    data: { product: { sku: `BENCH-${i}`, name: `Bench product ${i}`, price: i % 100 } },
  });
  return {
    body,
    signature: sign("sha256", Buffer.from(Buffer.from(body).toString("base64")), privateKey).toString("base64"),
  };
}

async function fire(
  url: string,
  items: ReadonlyArray<{ body: string; signature?: string }>,
): Promise<{ ms: number[]; statuses: number[]; wallMs: number }> {
  const ms: number[] = [];
  const statuses: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    items.map(async (d) => {
      const s = performance.now();
      try {
        const res = await fetch(url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(d.signature ? { "x-adobe-commerce-webhook-signature": d.signature } : {}),
          },
          body: d.body,
        });
        await res.arrayBuffer();
        statuses.push(res.status);
      } catch {
        statuses.push(0);
      }
      ms.push(performance.now() - s);
    }),
  );
  return { ms, statuses, wallMs: performance.now() - t0 };
}

const line = (label: string, r: { ms: number[]; statuses: number[]; wallMs: number }) =>
  `${label.padEnd(34)} p50 ${fmt(pct(r.ms, 0.5)).padStart(7)}  p99 ${fmt(pct(r.ms, 0.99)).padStart(7)}  max ${fmt(Math.max(...r.ms)).padStart(7)}  ` +
  `200s ${r.statuses.filter((s) => s === 200).length}/${r.statuses.length}${others(r.statuses)}  wall ${fmt(r.wallMs)}`;

/** Non-200 answers by status (0: no answer), e.g. " (503×3)". */
function others(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) if (s !== 200) counts.set(s, (counts.get(s) ?? 0) + 1);
  return counts.size === 0 ? "" : ` (${[...counts].map(([s, n]) => `${s}×${n}`).join(", ")})`;
}

async function main() {
  if (!hasBuild()) {
    console.log("skipped: no production build (run `npx next build` first)");
    return;
  }
  const db = await benchDatabase("sqlite");
  const database = openDatabase(db.url);
  const storage = createPrismaStorage(database);
  const store = await storage.stores.ensure("http://shop.invalid/");
  // ten stores: the sustained run stays inside each installation's budget (1,200 verified deliveries a minute)
  const ids: string[] = [];
  for (let i = 0; i < STORES; i++) {
    const inst = await storage.installations.create({
      consumerKey: `b${i}`.padEnd(32, "b"),
      storeId: store.id,
      state: "active",
      mode: "oauth",
      consumerSecretEnc: "sealed",
    });
    await storage.storeEvents.setCommerceKey(
      inst.id,
      publicPem,
      keyFingerprint(parseRsaPublicKey(publicPem)!),
      new Date(),
    );
    ids.push(inst.id);
  }
  const app = await startApp(db.url, { WORKER: "off" });
  try {
    const url = `${app.url}/api/events/commerce/${ids[0]}`;
    const health = `${app.url}/api/health`;
    // warm both routes (first requests compile nothing in production, but open the database and the modules)
    await fire(url, [delivery(-1), delivery(-2)]);
    await fire(health, [{ body: delivery(-1).body }]);

    const signed = Array.from({ length: BURST }, (_, i) => delivery(i));
    const floorBefore = await fire(
      health,
      signed.map((d) => ({ body: d.body })),
    );
    const burst = await fire(url, signed);
    const floorAfter = await fire(
      health,
      signed.map((d) => ({ body: d.body })),
    );
    console.log(`burst of ${BURST} concurrent POSTs (SQLite, next start, worker off)`);
    console.log(line("no-op floor (/api/health) before", floorBefore));
    console.log(line("signed Commerce webhooks", burst));
    console.log(line("no-op floor (/api/health) after", floorAfter));

    // every stored verified delivery had its job sent before the answer
    const queued = () => database.prisma.eventDelivery.count({ where: { outcome: "queued" } });
    const before = await queued();
    const all = Array.from({ length: SUSTAINED }, (_, i) => delivery(BURST + i));
    const t0 = performance.now();
    let ok = 0;
    for (let i = 0; i < all.length; i += 50) {
      const batch = all.slice(i, i + 50);
      ok += (
        await Promise.all(
          ids.map((id, k) =>
            fire(
              `${app.url}/api/events/commerce/${id}`,
              batch.filter((_, j) => j % STORES === k),
            ),
          ),
        )
      )
        .flatMap((r) => r.statuses)
        .filter((s) => s === 200).length;
    }
    const seconds = (performance.now() - t0) / 1000;
    const added = (await queued()) - before;
    console.log(
      `sustained: ${SUSTAINED} signed deliveries to ${STORES} stores, 50 at a time: ${(ok / seconds).toFixed(0)} verified deliveries/s answered, ${(added / seconds).toFixed(0)} deliveries/s stored and queued (${added} queued, ${SUSTAINED - ok} not answered 200)`,
    );
  } finally {
    await app.stop();
    await database.close();
    await db.dispose();
  }
}

void main();
