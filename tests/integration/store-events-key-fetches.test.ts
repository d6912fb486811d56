/**
 * Forged I/O Events deliveries and the key fetches they cause (packages/sync/src/events/intake.ts, packages/sync/src/events/io-key-cache.ts),
 * on SQLite and PostgreSQL, with the kit's own key cache against a local key host on 127.0.0.1 that counts every
 * request. The attack: unauthenticated deliveries to random installation ids, and to a real installation with
 * made-up key paths of Adobe's shape. Each used to make the app fetch one key per path (300 deliveries, 600
 * fetches), and the made-up paths pushed real keys out of the cache. Now an installation that cannot accept I/O
 * events (unknown, or no I/O client id) fetches nothing, and the rest stay within the key fetch budget.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { createPrivateKey, randomUUID, sign } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Kit } from "@/lib/kit";
import { MAX_IN_FLIGHT, NEW_PATHS_PER_MINUTE, STORE_EVENT_JOB } from "@magento-integration/sync/events";
import { PROVIDERS, freshDatabase, type TestDatabase } from "../helpers/databases";
import { closeServer, listenLocal } from "../helpers/servers";
import { testKit } from "../helpers/test-kit";

const fixtures = join(__dirname, "..", "fixtures", "store-events");
const pem = (name: string) => readFileSync(join(fixtures, name), "utf8");
const ioPrivate = createPrivateKey(pem("io1-private.pem"));
const REAL_PATH = "/prod/keys/pub-key-test-1.pem";
const CLIENT_ID = "app-client-id";

const cloudEvent = (eventId: string) =>
  JSON.stringify({
    specversion: "1.0",
    id: eventId,
    event_id: eventId,
    type: "com.adobe.commerce.observer.catalog_product_save_commit_after",
    recipient_client_id: CLIENT_ID,
    data: { value: { sku: "24-MB01" } },
  });
const delivery = (body: string, path1: string, path2?: string) => ({
  headers: new Headers({
    "x-adobe-digital-signature-1": sign("sha256", Buffer.from(body), ioPrivate).toString("base64"),
    "x-adobe-public-key1-path": path1,
    ...(path2 ? { "x-adobe-digital-signature-2": "AAAA", "x-adobe-public-key2-path": path2 } : {}),
  }),
  body: new Response(body).body,
});
const madeUp = (tag: string) => `/prod/keys/pub-key-${tag}-${randomUUID()}.pem`;

describe.each(PROVIDERS)("I/O Events key fetches on %s", (provider) => {
  let db: TestDatabase;
  let kit: Kit;
  let keyHost: Server;
  let clock: Date;
  let installationId: string;
  let keyLessId: string;
  const asked: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;

  beforeEach(async () => {
    asked.length = 0;
    inFlight = mostInFlight = 0;
    keyHost = createServer((req, res) => {
      asked.push(req.url ?? "");
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      // answered a little later, so that concurrent deliveries find fetches still in flight
      setTimeout(() => {
        inFlight--;
        if (req.url === REAL_PATH) res.writeHead(200, { "content-type": "text/plain" }).end(pem("io1-public.pem"));
        else res.writeHead(404).end("no such key");
      }, 20);
    });
    const port = await listenLocal(keyHost);
    db = await freshDatabase(provider);
    clock = new Date("2026-12-07T10:00:00Z");
    kit = await testKit(db, { clock: () => clock, env: { DEV_IO_EVENTS_KEY_ORIGIN: `http://127.0.0.1:${port}` } });
    const store = await db.storage.stores.ensure("http://shop.invalid/");
    const create = (c: string) =>
      db.storage.installations.create({
        consumerKey: c.repeat(32),
        storeId: store.id,
        state: "active",
        mode: "oauth",
        consumerSecretEnc: "sealed",
        activationCount: 1,
      });
    installationId = (await create("k")).id;
    keyLessId = (await create("n")).id;
    expect(await kit.events.setIoClientId(installationId, CLIENT_ID)).toEqual({ ok: true });
  });
  afterEach(async () => {
    await kit.close();
    await db.dispose();
    await closeServer(keyHost);
  });

  const queued = async () => (await kit.jobs.queue.list({ kinds: [STORE_EVENT_JOB], limit: 500 })).length;
  const fetchesOf = (tag: string) => asked.filter((p) => p.includes(`-${tag}-`)).length;

  /** 300 forged deliveries, 30 at a time: half to random installation ids, half to the real one with made-up paths. */
  async function forge(): Promise<number[]> {
    const statuses: number[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const sends = Array.from({ length: 30 }, (_, i) => {
        const body = cloudEvent(randomUUID());
        return i % 2 === 0
          ? kit.events.intake.io(randomUUID().replace(/-/g, ""), delivery(body, madeUp("stranger"), madeUp("stranger")))
          : kit.events.intake.io(installationId, delivery(body, madeUp("forged"), madeUp("forged")));
      });
      statuses.push(...(await Promise.all(sends)).map((a) => a.status));
    }
    return statuses;
  }

  it("300 forged deliveries fetch at most the budget; the real key stays cached and a real delivery verifies", async () => {
    const first = cloudEvent("evt-real-1");
    expect((await kit.events.intake.io(installationId, delivery(first, REAL_PATH))).status).toBe(200);
    expect(asked).toEqual([REAL_PATH]);

    expect(new Set(await forge())).toEqual(new Set([401]));
    expect(fetchesOf("stranger")).toBe(0);
    expect(fetchesOf("forged")).toBeLessThanOrEqual(NEW_PATHS_PER_MINUTE);
    expect(mostInFlight).toBeLessThanOrEqual(MAX_IN_FLIGHT);

    // the real key was not pushed out: the next real delivery verifies without fetching it again
    const second = cloudEvent("evt-real-2");
    expect((await kit.events.intake.io(installationId, delivery(second, REAL_PATH))).status).toBe(200);
    expect(asked.filter((p) => p === REAL_PATH)).toHaveLength(1);
    expect(await queued()).toBe(2);

    // the budget is a rate: another minute, another few paths, never one per delivery
    clock = new Date(clock.getTime() + 60_000);
    await forge();
    expect(fetchesOf("stranger")).toBe(0);
    expect(fetchesOf("forged")).toBeLessThanOrEqual(2 * NEW_PATHS_PER_MINUTE);
    expect((await kit.events.intake.io(installationId, delivery(cloudEvent("evt-real-3"), REAL_PATH))).status).toBe(
      200,
    );
    expect(asked.filter((p) => p === REAL_PATH)).toHaveLength(1);
  });

  it("an installation with no I/O client id refuses a well-signed delivery without fetching any key", async () => {
    const a = await kit.events.intake.io(keyLessId, delivery(cloudEvent("evt-1"), REAL_PATH));
    expect(a.status).toBe(401);
    expect(asked).toEqual([]);
    const rows = await db.database.prisma.eventDelivery.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.detail).toBe("no I/O client id configured");
  });
});
