/**
 * "Remove store": the confirmation counts what the removal deletes (bulk edits with their operations and store
 * event deliveries among it), and after the removal no row of any table names the installation (every model of
 * packages/storage/prisma/schema.prisma with an installationId column is checked, so a table added later is checked too); another
 * store's rows stay. The store's jobs that have not started are deleted in the same transaction as its rows.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { removeInstallationFor, consumerKeyRef, removalPreview } from "@magento-integration/handshake";
import type { Kit } from "@/lib/kit";
import type { Storage } from "@magento-integration/storage";
import { PROVIDERS, freshDatabase, type TestDatabase } from "../helpers/databases";
import { testKit } from "../helpers/test-kit";

const NOW = new Date(Date.UTC(2026, 10, 27, 12, 0, 0));

/** The Prisma delegates of every model with an installationId column. */
function modelsNamingAnInstallation(): string[] {
  const schema = readFileSync(join(__dirname, "..", "..", "packages", "storage", "prisma", "schema.prisma"), "utf8");
  return [...schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)]
    .filter((m) => /^\s+installationId\s/m.test(m[2]!))
    .map((m) => m[1]!.charAt(0).toLowerCase() + m[1]!.slice(1));
}

type Counter = { count(args: { where: { installationId: string } }): Promise<number> };

/** An active installation on `host` with its owner linked. */
async function linkedInstallation(s: Storage, host: string, key: string) {
  const store = await s.stores.ensure(`http://${host}/`);
  const inst = await s.installations.create({
    consumerKey: key.repeat(32),
    storeId: store.id,
    state: "active",
    mode: "oauth",
    consumerSecretEnc: "sealed",
    accessTokenEnc: "sealed",
    accessTokenSecretEnc: "sealed",
  });
  const owner = await s.users.create(`owner-${key}@example.com`, "x");
  await s.links.link(inst.id, owner.id);
  return { inst, owner };
}

describe.each(PROVIDERS)("removing a store on %s", (provider) => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await freshDatabase(provider);
  });
  afterEach(async () => {
    await db.dispose();
  });

  /** A linked installation with a row in every table that can name it. */
  async function storeWithHistory(host: string, key: string) {
    const s = db.storage;
    const { inst, owner } = await linkedInstallation(s, host, key);
    const asker = await s.users.create(`asker-${key}@example.com`, "x");
    await s.activations.create({
      installationId: inst.id,
      seq: 1,
      fingerprint: "f",
      storeBaseUrl: `http://${host}/`,
      consumerSecretEnc: "x",
      verifierEnc: "x",
      callbackAt: NOW,
    });
    await s.events.add({ installationId: inst.id, kind: "callback", message: "m", at: NOW });
    await s.links.fileRequest(inst.id, asker.id, "act", NOW);
    await s.mailedLinks.create({
      id: `mail-${key}`,
      purpose: "link_request",
      userId: asker.id,
      installationId: inst.id,
      activationId: "act",
      email: null,
      createdAt: NOW,
      expiresAt: new Date(NOW.getTime() + 30 * 60_000),
    });
    await s.resourceChecks.save(inst.id, {
      resource: "Magento_Catalog::products",
      operation: "GET /V1/products",
      granted: true,
      checkedAt: NOW,
    });
    await s.exports.create({ installationId: inst.id, requestedBy: owner.id, entity: "products", options: "{}" });
    for (const n of [2, 3])
      await s.bulks.create(
        {
          installationId: inst.id,
          requestedBy: owner.id,
          kind: "product-edit",
          operationId: "putProductsBySku",
          chunkSize: 2,
        },
        Array.from({ length: n }, (_, i) => ({ row: i + 1, ref: `SKU-${i}`, body: "{}", status: "pending" as const })),
      );
    for (const id of ["evt-1", "evt-2", "evt-3"])
      await s.storeEvents.addDelivery({
        installationId: inst.id,
        channel: "io",
        outcome: "handled",
        detail: null,
        eventName: "com.adobe.commerce.observer.catalog_product_save_commit_after",
        dedupeKey: id,
        bodyEnc: "sealed",
        at: NOW,
      });
    const p = db.database.prisma;
    await s.storeEvents.setIoClientId(inst.id, "client"); // its row exists already: the deliveries counted in it
    await p.syncCursor.create({ data: { installationId: inst.id, entity: "products" } });
    await p.syncRecord.create({
      data: {
        installationId: inst.id,
        entity: "products",
        identity: "SKU-0",
        sortKey: "SKU-0",
        version: "v",
        sequence: 1,
        fingerprint: "f",
        data: "{}",
        seenAt: NOW,
      },
    });
    await p.syncChange.create({
      data: {
        installationId: inst.id,
        entity: "products",
        identity: "SKU-0",
        operation: "upsert",
        version: "v",
        sequence: 1,
        nextAttemptAt: NOW,
        createdAt: NOW,
      },
    });
    return { id: inst.id, owner: owner.id };
  }

  it("the confirmation counts bulk edits, their operations and event deliveries; afterwards nothing names the store", async () => {
    const gone = await storeWithHistory("shop.invalid", "a");
    const kept = await storeWithHistory("other.invalid", "b");
    const models = modelsNamingAnInstallation();
    expect(models).toEqual(expect.arrayContaining(["bulkSubmission", "eventDelivery", "mailedLink", "syncRecord"]));
    const rowsOf = async (id: string) => {
      const counts: Record<string, number> = {};
      for (const m of models)
        counts[m] = await (db.database.prisma as unknown as Record<string, Counter>)[m]!.count({
          where: { installationId: id },
        });
      return counts;
    };
    // every table holds a row of the store before (so "none after" means the removal took it)
    expect(Object.entries(await rowsOf(gone.id)).filter(([, n]) => n === 0)).toEqual([]);

    expect(await removalPreview(db.storage, gone.id, gone.owner)).toMatchObject({
      bulkSubmissions: 2,
      bulkOperations: 5,
      eventDeliveries: 3,
      activations: 1,
      linkedAccounts: 1,
    });

    expect(await removeInstallationFor(db.storage, gone.id, gone.owner)).toBe(true);
    expect(Object.entries(await rowsOf(gone.id)).filter(([, n]) => n > 0)).toEqual([]);
    expect(await db.database.prisma.bulkRow.count({ where: { submission: { installationId: gone.id } } })).toBe(0);
    expect(await db.storage.installations.byId(gone.id)).toBeNull();

    // the other store keeps all of its own
    expect(Object.entries(await rowsOf(kept.id)).filter(([, n]) => n === 0)).toEqual([]);
    expect(await removalPreview(db.storage, kept.id, kept.owner)).toMatchObject({
      bulkSubmissions: 2,
      bulkOperations: 5,
      eventDeliveries: 3,
    });
  });
});

describe.each(PROVIDERS)("removing a store through the kit on %s", (provider) => {
  let db: TestDatabase;
  let kit: Kit;
  beforeEach(async () => {
    db = await freshDatabase(provider);
    kit = await testKit(db, { clock: () => NOW });
  });
  afterEach(async () => {
    await kit.close();
    await db.dispose();
  });

  it("deletes the store's jobs that have not started, with its rows; another store's jobs and a running one stay", async () => {
    const link = async (host: string, key: string) => {
      const { inst, owner } = await linkedInstallation(db.storage, host, key);
      return { id: inst.id, owner: owner.id, lane: `store:${host}` };
    };
    const gone = await link("shop.invalid", "a");
    const kept = await link("other.invalid", "b");
    const q = kit.jobs.queue;
    const send = (ref: string, lane: string, n: number) => q.send("test.noop", { n }, { ref, lane }, NOW);
    const running = await send(gone.id, gone.lane, 0);
    expect((await q.fetch({ kinds: ["test.noop"], laneCap: 1, now: NOW }))?.id).toBe(running);
    const queued = [await send(gone.id, gone.lane, 1), await send(gone.id, gone.lane, 2)];
    const other = await send(kept.id, kept.lane, 3);
    const byKey = await send(consumerKeyRef("a".repeat(32)), gone.lane, 4); // a callback's job, named by its key

    expect(await kit.forUser(kept.owner).stores.remove(gone.id)).toBe(false); // not his: nothing happens
    expect((await q.get(queued[0]!))?.state).toBe("created");
    expect(await kit.forUser(gone.owner).stores.remove(gone.id)).toBe(true);

    for (const id of queued) expect(await q.get(id!)).toBeNull();
    expect(await q.get(byKey!)).toBeNull();
    expect((await q.get(running!))?.state).toBe("active");
    expect((await q.get(other!))?.state).toBe("created");
  });

  it("a removal that fails leaves the store's queued jobs, as it leaves its rows (one transaction)", async () => {
    const { inst, owner } = await linkedInstallation(db.storage, "shop.invalid", "a");
    const q = kit.jobs.queue;
    const queued = await q.send("test.noop", { n: 1 }, { ref: inst.id, lane: "store:shop.invalid" }, NOW);
    // the store's row cannot be deleted: the transaction fails after the jobs' delete ran inside it
    const failing: Storage = {
      ...db.storage,
      transaction: (fn) =>
        db.storage.transaction((tx) =>
          fn({
            ...tx,
            installations: {
              ...tx.installations,
              delete: async () => {
                throw new Error("the database went away");
              },
            },
          }),
        ),
    };
    await expect(removeInstallationFor(failing, inst.id, owner.id)).rejects.toThrow("the database went away");
    expect((await q.get(queued!))?.state).toBe("created");
    expect(await db.storage.installations.byId(inst.id)).not.toBeNull();
  });
});
