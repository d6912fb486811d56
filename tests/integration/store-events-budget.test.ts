/**
 * One linked store filling the disk with signed events (packages/sync/src/events/budget.ts), on SQLite and PostgreSQL. Validly
 * signed deliveries of 256 KiB each used to be kept a week with no byte budget at all: twenty of them kept about
 * 7 MB, at the 1,200 a minute the rate limit lets through a store could keep terabytes. Now a store's kept
 * deliveries stay within EVENT_STORE_BUDGET_MIB and all stores' within EVENT_TOTAL_BUDGET_MIB; past a budget a
 * delivery is folded with the refusals (a Commerce webhook still answered success, an I/O event 429), the Events
 * page says how many were not kept and since when, and pruning old deliveries makes room again.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createPrivateKey, sign } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { Kit } from "@/lib/kit";
import {
  parseRsaPublicKey,
  EVENT_BODY_MAX_BYTES,
  STORE_EVENT_JOB,
  OVER_BUDGET_DETAIL,
  OVER_BUDGET_RETRY_SECONDS,
  type EventHandlers,
} from "@magento-integration/sync/events";
import { EVENT_DELIVERY_TTL_MS } from "@magento-integration/storage";
import { PROVIDERS, freshDatabase, type TestDatabase } from "../helpers/databases";
import { testKit } from "../helpers/test-kit";

const MIB = 1024 * 1024;
const fixtures = join(__dirname, "..", "fixtures", "store-events");
const pem = (name: string) => readFileSync(join(fixtures, name), "utf8");
const commercePrivate = createPrivateKey(pem("commerce-private.pem"));
const ioPrivate = createPrivateKey(pem("io1-private.pem"));
const IO_PATH = "/prod/keys/pub-key-test-1.pem";
const CLIENT_ID = "app-client-id";

/** A product saved, padded to just under the intake's 256 KiB cap (each id a new event). */
function bigProductSaved(id: number, eventName = "observer.catalog_product_save_after"): string {
  const shell = (filler: string) =>
    JSON.stringify({
      eventName,
      data: {
        product: { entity_id: String(id), sku: `SKU-${id}`, updated_at: "2026-12-07 10:00:00", description: filler },
      },
    });
  return shell("x".repeat(EVENT_BODY_MAX_BYTES - shell("").length - 16));
}
const commerceRequest = (body: string) => ({
  headers: new Headers({
    "x-adobe-commerce-webhook-signature": sign(
      "sha256",
      Buffer.from(Buffer.from(body).toString("base64")),
      commercePrivate,
    ).toString("base64"),
  }),
  body: new Response(body).body,
});
const ioRequest = (eventId: string) => {
  const shell = (filler: string) =>
    JSON.stringify({
      specversion: "1.0",
      id: eventId,
      event_id: eventId,
      type: "com.adobe.commerce.observer.catalog_product_save_commit_after",
      recipient_client_id: CLIENT_ID,
      data: { value: { sku: "24-MB01", description: filler } },
    });
  const body = shell("y".repeat(EVENT_BODY_MAX_BYTES - shell("").length - 16));
  return {
    headers: new Headers({
      "x-adobe-digital-signature-1": sign("sha256", Buffer.from(body), ioPrivate).toString("base64"),
      "x-adobe-public-key1-path": IO_PATH,
    }),
    body: new Response(body).body,
  };
};

describe.each(PROVIDERS)("stored-events budgets on %s", (provider) => {
  let db: TestDatabase;
  let kit: Kit;
  let clock: Date;
  const start = new Date("2026-12-07T10:00:00Z");

  async function open(env: Record<string, string>, events?: EventHandlers) {
    db = await freshDatabase(provider);
    clock = start;
    kit = await testKit(db, {
      clock: () => clock,
      env,
      ...(events ? { events } : {}),
      ioKeyLoader: async (path) => (path === IO_PATH ? parseRsaPublicKey(pem("io1-public.pem")) : null),
    });
  }
  async function linkedStore(host: string) {
    const store = await db.storage.stores.ensure(`http://${host}/`);
    const inst = await db.storage.installations.create({
      consumerKey: host.replace(/\W/g, "").padEnd(32, "k").slice(0, 32),
      storeId: store.id,
      state: "active",
      mode: "oauth",
      consumerSecretEnc: "sealed",
      activationCount: 1,
    });
    expect(await kit.events.setCommerceKey(inst.id, pem("commerce-public.pem"))).toMatchObject({ ok: true });
    expect(await kit.events.setIoClientId(inst.id, CLIENT_ID)).toEqual({ ok: true });
    const user = await db.storage.users.create(`owner@${host}`, "x");
    await db.storage.links.link(inst.id, user.id);
    return { id: inst.id, userId: user.id };
  }
  const kept = async (installationId: string) =>
    (await db.database.prisma.eventDelivery.findMany({ where: { installationId, outcome: { not: "refused" } } })).map(
      (d) => d.bodyEnc?.length ?? 0,
    );
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const jobs = () => kit.jobs.queue.list({ kinds: [STORE_EVENT_JOB], limit: 100 });

  afterEach(async () => {
    await kit?.close();
    await db?.dispose();
  });

  it("twenty signed 256 KiB webhooks: the store keeps at most its budget, the rest folded, answered success, shown on the Events page", async () => {
    await open({ EVENT_STORE_BUDGET_MIB: "1", EVENT_TOTAL_BUDGET_MIB: "100" });
    const a = await linkedStore("shop-a.test");
    for (let i = 0; i < 20; i++) {
      clock = new Date(start.getTime() + i * 1000);
      expect(await kit.events.intake.commerce(a.id, commerceRequest(bigProductSaved(i)))).toEqual({
        status: 200,
        json: { op: "success" },
      });
    }
    const bodies = await kept(a.id);
    expect(sum(bodies)).toBeLessThanOrEqual(1 * MIB);
    expect(bodies.length).toBeGreaterThan(0);
    expect(await jobs()).toHaveLength(bodies.length);
    const notKept = 20 - bodies.length;
    const folded = await db.database.prisma.eventDelivery.findMany({
      where: { installationId: a.id, outcome: "refused" },
    });
    expect(folded.map((r) => [r.detail, r.count])).toEqual([[OVER_BUDGET_DETAIL.installation, notKept]]);

    const page = await kit.events.pageFor(a.id, a.userId);
    expect(page?.storage.refused).toMatchObject({ count: notKept, since: folded[0]!.receivedAt });
    expect(page?.storage.refused?.message).toMatch(
      new RegExp(`^Since 2026-12-07 10:00 UTC, ${notKept} deliveries were not kept .*This store's events keep`),
    );
    expect(page?.storage.refused?.message).toContain("EVENT_STORE_BUDGET_MIB");
    expect(page?.storage.storeBytes).toBeLessThanOrEqual(1 * MIB);

    // an I/O event past the budget is answered 429, so Adobe retries it later
    expect(await kit.events.intake.io(a.id, ioRequest("evt-1"))).toMatchObject({
      status: 429,
      retryAfterSeconds: OVER_BUDGET_RETRY_SECONDS,
    });

    // a week later the old deliveries are deleted and the store has room again
    clock = new Date(start.getTime() + EVENT_DELIVERY_TTL_MS + 60_000);
    await db.storage.storeEvents.prune(new Date(clock.getTime() - EVENT_DELIVERY_TTL_MS));
    expect(await db.storage.storeEvents.storedBytes(a.id)).toBe(0);
    expect(await kit.events.intake.io(a.id, ioRequest("evt-1"))).toEqual({ status: 200, json: { ok: true } });
    expect((await kit.events.pageFor(a.id, a.userId))?.storage.refused).toBeNull();
  });

  it("the app-wide budget: a second store with room of its own is refused once all stores' events fill it", async () => {
    await open({ EVENT_STORE_BUDGET_MIB: "4", EVENT_TOTAL_BUDGET_MIB: "1" });
    const a = await linkedStore("shop-a.test");
    const b = await linkedStore("shop-b.test");
    for (let i = 0; i < 6; i++)
      expect((await kit.events.intake.commerce(a.id, commerceRequest(bigProductSaved(i)))).status).toBe(200);
    for (let i = 100; i < 103; i++)
      expect((await kit.events.intake.commerce(b.id, commerceRequest(bigProductSaved(i)))).status).toBe(200);
    expect(sum(await kept(a.id)) + sum(await kept(b.id))).toBeLessThanOrEqual(1 * MIB);
    expect(await kept(b.id)).toHaveLength(0);
    const page = await kit.events.pageFor(b.id, b.userId);
    expect(page?.storage.refused?.count).toBe(3);
    expect(page?.storage.refused?.message).toContain("The app's stored events keep");
    expect(page?.storage.refused?.message).toContain("EVENT_TOTAL_BUDGET_MIB");
  });

  it("a decision hook past the budget still decides the store's action; nothing of it is stored", async () => {
    const decided: string[] = [];
    await open(
      { EVENT_STORE_BUDGET_MIB: "1", EVENT_TOTAL_BUDGET_MIB: "100" },
      {
        decisionHooks: [
          {
            eventName: "plugin.magento.quote.api.cart_item_repository.save",
            budgetMs: 1000,
            failure: "open",
            decide: async (event) => {
              decided.push(event.deliveryId);
              return { op: "exception", message: "Out of stock here." };
            },
          },
        ],
      },
    );
    const a = await linkedStore("shop-a.test");
    for (let i = 0; i < 4; i++)
      expect((await kit.events.intake.commerce(a.id, commerceRequest(bigProductSaved(i)))).status).toBe(200);
    const body = bigProductSaved(99, "plugin.magento.quote.api.cart_item_repository.save");
    expect(await kit.events.intake.commerce(a.id, commerceRequest(body))).toEqual({
      status: 200,
      json: { op: "exception", message: "Out of stock here." },
    });
    expect(decided).toHaveLength(1);
    const answered = await db.database.prisma.eventDelivery.findMany({ where: { outcome: "answered" } });
    expect(answered).toHaveLength(0);
    expect(sum(await kept(a.id))).toBeLessThanOrEqual(1 * MIB);
  });
});
