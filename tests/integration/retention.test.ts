/**
 * What the recurring prune job (maintenance.prune) keeps and removes of store events and bulk submissions, and what
 * removing a store takes with it: deliveries last seen more than a week ago go (a day-old one stays, so an I/O
 * Events retry, sent for up to 24 hours, is still recognised as a duplicate); finished bulk submissions go two
 * weeks after they finished, with their rows, while unfinished ones stay; removing the store deletes its bulk
 * submissions and deliveries.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Kit } from "@/lib/kit";
import { PRUNE_JOB } from "@/lib/jobs/kinds/maintenance";
import { removeInstallationFor } from "@magento-integration/handshake";
import { PROVIDERS, freshDatabase, type TestDatabase } from "../helpers/databases";
import { testKit } from "../helpers/test-kit";

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date(Date.UTC(2026, 10, 27, 12, 0, 0));
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe.each(PROVIDERS)("retention on %s", (provider) => {
  let db: TestDatabase;
  let kit: Kit;
  let installationId: string;
  let ownerId: string;

  beforeEach(async () => {
    db = await freshDatabase(provider);
    kit = await testKit(db, { clock: () => NOW });
    const store = await db.storage.stores.ensure("http://shop.invalid/");
    installationId = (
      await db.storage.installations.create({
        consumerKey: "r".repeat(32),
        storeId: store.id,
        state: "active",
        mode: "oauth",
        consumerSecretEnc: "sealed",
      })
    ).id;
    // a linked store (the prune job removes never-proven installations nobody linked)
    ownerId = (await db.storage.users.create("owner@example.com", "x")).id;
    await db.storage.links.link(installationId, ownerId);
  });
  afterEach(async () => {
    await kit.close();
    await db.dispose();
  });

  /** Runs the prune job as the schedule does (through the queue and a worker) and answers its output. */
  async function prune(): Promise<Record<string, number>> {
    const id = await kit.jobs.queue.send(PRUNE_JOB, {}, {}, NOW);
    kit.jobs.startWorker({ concurrency: 1, laneCap: 1, pollMs: 20, healthProbeEveryMs: 3_600_000, recurring: false });
    try {
      await expect.poll(async () => (await kit.jobs.queue.get(id!))?.state, { timeout: 20_000 }).toBe("completed");
    } finally {
      await kit.jobs.stopWorker(10_000);
    }
    return (await kit.jobs.queue.get(id!))!.output as Record<string, number>;
  }

  const delivery = (dedupeKey: string, at: Date) =>
    db.storage.storeEvents.addDelivery({
      installationId,
      channel: "io",
      outcome: "handled",
      detail: null,
      eventName: "com.adobe.commerce.observer.catalog_product_save_commit_after",
      dedupeKey,
      bodyEnc: "sealed",
      at,
    });

  const submission = async (finished: { state: "done" | "failed" | "stalled"; at: Date | null }) => {
    const s = await db.storage.bulks.create(
      { installationId, requestedBy: null, kind: "product-edit", operationId: "putProductsBySku", chunkSize: 2 },
      [1, 2, 3].map((row) => ({ row, ref: `SKU-${row}`, body: `{"product":{"sku":"SKU-${row}"}}`, status: "pending" })),
    );
    await db.storage.bulks.update(s.id, { state: finished.state, finishedAt: finished.at });
    return s.id;
  };
  const rowsOf = (submissionId: string) => db.database.prisma.bulkRow.count({ where: { submissionId } });

  it("deliveries last seen over a week ago are pruned; a day-old one stays and still catches a retry", async () => {
    await delivery("evt-old", ago(8 * DAY));
    await delivery("evt-yesterday", ago(DAY + 60 * 60 * 1000));
    await db.storage.storeEvents.foldRefusal({
      foldKey: "io|?|unknown installation|1",
      installationId: null,
      channel: "io",
      detail: "unknown installation",
      at: ago(8 * DAY),
    });
    await db.storage.storeEvents.foldRefusal({
      foldKey: "io|?|unknown installation|2",
      installationId: null,
      channel: "io",
      detail: "unknown installation",
      at: ago(DAY),
    });
    const out = await prune();
    expect(out.eventDeliveries).toBe(2);
    const left = await db.database.prisma.eventDelivery.findMany({ orderBy: { lastAt: "asc" } });
    expect(left.map((d) => d.dedupeKey ?? d.foldKey)).toEqual(["evt-yesterday", "io|?|unknown installation|2"]);
    // I/O Events' last retry of yesterday's event (24 h after the first) is still a duplicate
    expect(await delivery("evt-yesterday", NOW)).toHaveProperty("existing");
  });

  it("finished bulk submissions are pruned two weeks after they finished, with their rows; unfinished ones stay", async () => {
    const old = await submission({ state: "done", at: ago(15 * DAY) });
    const oldFailed = await submission({ state: "failed", at: ago(20 * DAY) });
    const recent = await submission({ state: "done", at: ago(13 * DAY) });
    const stalled = await submission({ state: "stalled", at: null });
    expect(await rowsOf(old)).toBe(3);
    const out = await prune();
    expect(out.bulkSubmissions).toBe(2);
    expect(await db.storage.bulks.byId(old)).toBeNull();
    expect(await db.storage.bulks.byId(oldFailed)).toBeNull();
    expect(await rowsOf(old)).toBe(0);
    expect(await db.database.prisma.bulkChunk.count({ where: { submissionId: old } })).toBe(0);
    expect(await db.storage.bulks.byId(recent)).not.toBeNull();
    expect(await db.storage.bulks.byId(stalled)).not.toBeNull();
    expect(await rowsOf(stalled)).toBe(3);
  });

  it("removing the store deletes its bulk submissions with their rows, and its deliveries", async () => {
    const sub = await submission({ state: "stalled", at: null });
    await delivery("evt-1", NOW);
    const otherStore = await db.storage.stores.ensure("http://other.invalid/");
    const other = await db.storage.installations.create({
      consumerKey: "o".repeat(32),
      storeId: otherStore.id,
      state: "active",
      mode: "oauth",
      consumerSecretEnc: "sealed",
    });
    const kept = await db.storage.bulks.create(
      {
        installationId: other.id,
        requestedBy: null,
        kind: "product-edit",
        operationId: "putProductsBySku",
        chunkSize: 2,
      },
      [{ row: 1, ref: "X", body: "{}", status: "pending" }],
    );
    expect(await removeInstallationFor(db.storage, installationId, ownerId)).toBe(true);
    expect(await db.storage.bulks.byId(sub)).toBeNull();
    expect(await rowsOf(sub)).toBe(0);
    expect(await db.database.prisma.eventDelivery.count()).toBe(0);
    expect(await db.storage.bulks.byId(kept.id)).not.toBeNull();
  });
});
