/**
 * An export is bounded whatever the store answers (lib/exports/run.ts, lib/verbs/exports.ts). The store decides
 * how many pages an export has (`total_count`) and how large each is; anyone can make the app talk to a store he
 * runs (a manual store, or his own activation). A store that never runs out of pages used to fill the database.
 */
import { afterEach, describe, expect, it } from "vitest";
import { PROVIDERS, freshDatabase, type TestDatabase } from "../helpers/databases";
import { startHarness, type Harness } from "../helpers/handshake-harness";
import { exportSlice } from "@/lib/exports/run";
import { MAX_OPEN_EXPORTS } from "@/lib/verbs/exports";
import type { MagentoClient } from "@magento-integration/client";
import type { Storage } from "@magento-integration/storage";
import type { ExportBudgets } from "@/lib/exports/budget";

const MIB = 1024 * 1024;
const NO_BUDGETS: ExportBudgets = { perAccountBytes: 1024 * MIB, totalBytes: 1024 * MIB };

/** An installation of a store at `url` (manual stores are free: one account can point several at one host). */
async function storeAt(s: Storage, url: string, key: string) {
  const store = await s.stores.ensure(url);
  return s.installations.create({
    consumerKey: key.padEnd(32, "k"),
    storeId: store.id,
    state: "active",
    mode: "manual",
    consumerSecretEnc: "sealed",
    activationCount: 0,
  });
}

/** A store that claims a billion products and answers every page full, with long names. */
function endlessStore(): { client: MagentoClient; pagesServed: () => number } {
  let served = 0;
  const call = async (_op: string, args: { searchCriteria: { pageSize: number; currentPage: number } }) => {
    if (args.searchCriteria.pageSize === 1)
      return { status: 200, url: "http://shop.invalid/rest/V1/products", data: { total_count: 1_000_000_000 } };
    served++;
    const page = args.searchCriteria.currentPage;
    const items = Array.from({ length: args.searchCriteria.pageSize }, (_, i) => ({
      sku: `p-${page}-${i}`,
      name: "x".repeat(1000),
    }));
    return { status: 200, url: "http://shop.invalid/rest/V1/products", data: { items, total_count: 1_000_000_000 } };
  };
  return { client: { call } as unknown as MagentoClient, pagesServed: () => served };
}

describe.each(PROVIDERS)("export bounds on %s", (provider) => {
  let db: TestDatabase | undefined;
  let h: Harness | undefined;
  afterEach(async () => {
    await db?.dispose();
    await h?.close();
    db = undefined;
    h = undefined;
  });

  it(`a store has at most ${MAX_OPEN_EXPORTS} exports queued or running; the next is refused saying why`, async () => {
    h = await startHarness({ provider });
    const integ = await h.createIntegration("Exports");
    await h.activate(integ.id);
    await h.settle();
    const inst = await h.installation(integ.consumer_key);
    h.hold(); // nothing runs: the exports stay queued
    const request = { entity: "products", fields: "sku,name", pageSize: 10 };
    for (let i = 0; i < MAX_OPEN_EXPORTS; i++)
      expect(await h.kit.exports.start(inst.id, null, request)).toMatchObject({ ok: true });
    expect(await h.kit.exports.start(inst.id, null, request)).toEqual({
      ok: false,
      error: expect.stringMatching(/already has 3 exports running or waiting/),
    });
    // the worker stays held: released, it would run three whole-catalogue exports that close() then waits on
  });

  it("a store whose integration was deleted in the store gets no export: the state table's words, nothing queued", async () => {
    h = await startHarness({ provider });
    const integ = await h.createIntegration("Deleted");
    await h.activate(integ.id);
    await h.settle();
    const inst = await h.installation(integ.consumer_key);
    // what a refused call records when the store no longer knows the consumer key (installation-states.ts nextState)
    expect(
      await h.storage.installations.transition(
        inst.id,
        { state: "active", credentialsSeq: inst.credentialsSeq },
        { state: "revoked", failureReason: "consumer_missing" },
      ),
    ).toBe(true);
    const request = { entity: "products", fields: "sku,name", pageSize: 10 };
    expect(await h.kit.exports.start(inst.id, null, request)).toEqual({
      ok: false,
      error: expect.stringMatching(/^The integration was deleted in the store\. Remove this store from the app\./),
    });
    expect(await h.storage.exports.listForInstallation(inst.id, 10)).toEqual([]);
  });

  it("an export from a store that never runs out of pages stops at its size limit, failed, saying what to do", async () => {
    db = await freshDatabase(provider);
    const s = db.storage;
    const store = await s.stores.ensure("http://shop.invalid/");
    const inst = await s.installations.create({
      consumerKey: "k".repeat(32),
      storeId: store.id,
      state: "active",
      mode: "oauth",
      consumerSecretEnc: "sealed",
      activationCount: 1,
    });
    const options = JSON.stringify({ entity: "products", fields: "sku,name", filterGroups: [], pageSize: 100 });
    const record = await s.exports.create({ installationId: inst.id, requestedBy: null, entity: "products", options });
    const store$ = endlessStore();
    const maxChars = 1024 * 1024; // about 10 pages of 100 rows of ~1 KB
    // a slice of 20 s: without the limit it is still reading (and storing) when its time is up
    const r = await exportSlice(
      { storage: s, now: () => new Date(), maxChars, budgets: NO_BUDGETS },
      record,
      store$.client,
      new Date(Date.now() + 20_000),
    );
    expect(r).toBe("done");
    const after = await s.exports.byId(record.id);
    expect(after).toMatchObject({ state: "failed" });
    expect(after?.error).toMatch(/would pass 1 MiB of NDJSON.*Export fewer fields or filter the rows/);
    expect(await s.exports.storedChars(record.id)).toBeLessThanOrEqual(maxChars);
    expect(store$.pagesServed()).toBeLessThan(15);
  });

  it("one account's exports from several stores stop together at its stored-bytes budget, another account's at the app's, and the app stays writable", async () => {
    db = await freshDatabase(provider);
    const s = db.storage;
    const attacker = await s.users.create("attacker@example.test", "x");
    const other = await s.users.create("other@example.test", "x");
    const budgets: ExportBudgets = { perAccountBytes: 1 * MIB, totalBytes: 1.5 * MIB };
    // each export alone may hold 4 MiB: without the budgets three of them keep 12 MiB
    const maxChars = 4 * MIB;
    const options = JSON.stringify({ entity: "products", fields: "sku,name", filterGroups: [], pageSize: 100 });
    const run = async (requestedBy: string, n: number) => {
      const inst = await storeAt(s, `http://shop${n}.invalid/`, `key${n}`);
      const record = await s.exports.create({ installationId: inst.id, requestedBy, entity: "products", options });
      const until = new Date(Date.now() + 20_000);
      await exportSlice({ storage: s, now: () => new Date(), maxChars, budgets }, record, endlessStore().client, until);
      return (await s.exports.byId(record.id))!;
    };
    for (let n = 1; n <= 3; n++) {
      const after = await run(attacker.id, n);
      expect(after.state).toBe("failed");
      expect(after.error).toMatch(/Your exports already keep [\d.]+ MiB of the 1 MiB one account may store/);
    }
    expect(await s.exports.storedBytes(attacker.id)).toBeLessThanOrEqual(1 * MIB);
    // another account still exports, up to what the app as a whole may keep
    const theirs = await run(other.id, 4);
    expect(theirs.state).toBe("failed");
    expect(theirs.error).toMatch(/The app's exports already keep [\d.]+ MiB of the 1.5 MiB they may store together/);
    expect(await s.exports.storedBytes(other.id)).toBeGreaterThan(0);
    expect(await s.exports.storedBytes()).toBeLessThanOrEqual(1.5 * MIB);
    // everything else is still written: a new account, a store, a session's worth of rows
    const late = await s.users.create("late@example.test", "x");
    expect(await s.users.byEmailWithPassword("late@example.test")).toMatchObject({ id: late.id });
    await storeAt(s, "http://shop5.invalid/", "key5");
  });

  it("a new export is refused, saying why, while the app's export budget is spent", async () => {
    h = await startHarness({ provider, env: { EXPORT_TOTAL_BUDGET_MIB: "1" } });
    const integ = await h.createIntegration("Budget");
    await h.activate(integ.id);
    await h.settle();
    const inst = await h.installation(integ.consumer_key);
    const options = JSON.stringify({ entity: "products", fields: "sku", filterGroups: [], pageSize: 10 });
    const full = await h.kit.storage.exports.create({
      installationId: inst.id,
      requestedBy: null,
      entity: "products",
      options,
    });
    await h.kit.storage.exports.savePage(full.id, 1, 1, `${JSON.stringify({ sku: "é".repeat(MIB / 2) })}\n`);
    await h.kit.storage.exports.finish(full.id, "done", new Date());
    expect(await h.kit.exports.start(inst.id, null, { entity: "products", fields: "sku", pageSize: 10 })).toEqual({
      ok: false,
      error: expect.stringMatching(/The app's exports already keep [\d.]+ MiB of the 1 MiB they may store together/),
    });
  });
});
