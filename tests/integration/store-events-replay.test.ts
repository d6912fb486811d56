/**
 * A captured, validly signed Commerce webhook replayed later (packages/sync/src/events/commerce-dedupe.ts), on SQLite and
 * PostgreSQL, with a controlled clock. The de-duplication used to hold for one minute only, so the same body sent
 * again two minutes later was stored and handled a second time. A payload naming its entity's id and
 * `updated_at` is now recognised for as long as deliveries are kept; a new save (a new `updated_at`) is a new event.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createPrivateKey, sign } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Kit } from "@/lib/kit";
import { STORE_EVENT_JOB, DEDUPE_WINDOW_MS } from "@magento-integration/sync/events";
import { PROVIDERS, freshDatabase, type TestDatabase } from "../helpers/databases";
import { testKit } from "../helpers/test-kit";

const fixtures = join(__dirname, "..", "fixtures", "store-events");
const pem = (name: string) => readFileSync(join(fixtures, name), "utf8");
const commercePrivate = createPrivateKey(pem("commerce-private.pem"));

const signed = (body: string) => ({
  headers: new Headers({
    "x-adobe-commerce-webhook-signature": sign(
      "sha256",
      Buffer.from(Buffer.from(body).toString("base64")),
      commercePrivate,
    ).toString("base64"),
  }),
  body: new Response(body).body,
});
const productSaved = (updatedAt: string, price = 34) =>
  JSON.stringify({
    eventName: "observer.catalog_product_save_after",
    data: { product: { entity_id: "1", sku: "24-MB01", price, updated_at: updatedAt } },
  });

describe.each(PROVIDERS)("Commerce webhook replay on %s", (provider) => {
  let db: TestDatabase;
  let kit: Kit;
  let clock: Date;
  let installationId: string;

  beforeEach(async () => {
    db = await freshDatabase(provider);
    clock = new Date("2026-12-07T10:00:00Z");
    kit = await testKit(db, { clock: () => clock });
    const store = await db.storage.stores.ensure("http://shop.invalid/");
    installationId = (
      await db.storage.installations.create({
        consumerKey: "k".repeat(32),
        storeId: store.id,
        state: "active",
        mode: "oauth",
        consumerSecretEnc: "sealed",
        activationCount: 1,
      })
    ).id;
    expect(await kit.events.setCommerceKey(installationId, pem("commerce-public.pem"))).toMatchObject({ ok: true });
  });
  afterEach(async () => {
    await kit.close();
    await db.dispose();
  });

  const jobs = () => kit.jobs.queue.list({ kinds: [STORE_EVENT_JOB], limit: 100 });
  const deliveries = () => db.database.prisma.eventDelivery.findMany({ orderBy: { receivedAt: "asc" } });

  it("the same signed body replayed after the one-minute window is a duplicate, not handled again", async () => {
    const body = productSaved("2026-12-07 09:59:58");
    expect(await kit.events.intake.commerce(installationId, signed(body))).toEqual({
      status: 200,
      json: { op: "success" },
    });
    for (const later of [2 * DEDUPE_WINDOW_MS, 60 * 60_000, 3 * 24 * 60 * 60_000]) {
      clock = new Date(new Date("2026-12-07T10:00:00Z").getTime() + later);
      expect(await kit.events.intake.commerce(installationId, signed(body))).toEqual({
        status: 200,
        json: { op: "success" },
      });
    }
    expect(await jobs()).toHaveLength(1);
    const rows = await deliveries();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: "queued", count: 4 });

    // a new save of the same product (a new updated_at) is a new event
    const next = productSaved("2026-12-10 10:00:05", 35);
    expect((await kit.events.intake.commerce(installationId, signed(next))).status).toBe(200);
    expect(await jobs()).toHaveLength(2);
    expect(await deliveries()).toHaveLength(2);
  });
});
