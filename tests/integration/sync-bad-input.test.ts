/**
 * Bad declarations and bad store answers are clear errors, kept on the entity's cursor (the Sync page shows them),
 * and the mirror is left as it was: a declaration with an unknown field, rows without the identity field, a page
 * with more rows than asked, and a version going backwards.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "@/lib/log";
import type { MagentoClient, RequestSpec } from "@magento-integration/client";
import {
  defineSyncEntity,
  SyncDeclarationError,
  type SyncEntity,
  orders,
  syncRun,
  SyncDataError,
} from "@magento-integration/sync";
import { PROVIDERS, freshDatabase, type TestDatabase } from "../helpers/databases";

type Row = Record<string, unknown>;

/** A store answering the order list with whatever `answer` builds for the request. */
function fakeStore(answer: (spec: RequestSpec) => { items: Row[]; total_count: number }): MagentoClient {
  const request = async (spec: RequestSpec) => ({
    status: 200,
    url: "http://shop.invalid/rest/V1/orders",
    headers: new Headers({ date: new Date().toUTCString() }),
    data: answer(spec),
    durationMs: 1,
    attempts: 1,
  });
  return { request } as unknown as MagentoClient;
}

const order = (id: number, updatedAt: string, status = "pending"): Row => ({
  entity_id: id,
  increment_id: String(100000 + id),
  state: "new",
  status,
  customer_email: `c${id}@example.com`,
  grand_total: 10,
  order_currency_code: "USD",
  updated_at: updatedAt,
});

describe("sync declarations", () => {
  it("refuses a declaration with an unknown key, or an identity that is not among its fields, naming what to fix", () => {
    expect(() => defineSyncEntity({ ...orders, colour: "red" } as unknown as SyncEntity)).toThrow(
      /sync entity "orders": .*colour/,
    );
    expect(() =>
      defineSyncEntity({ ...orders, identity: { field: "customer_id", filter: "customer_id", numeric: true } }),
    ).toThrow(SyncDeclarationError);
    expect(() => defineSyncEntity({ ...orders, fields: [...orders.fields, "Bad Field"] })).toThrow(/snake_case/);
  });
});

describe.each(PROVIDERS)("bad store answers on %s", (provider) => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.dispose();
    db = undefined;
  });

  async function setUp(client: MagentoClient, entity: SyncEntity = orders) {
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
    const delivered: unknown[] = [];
    const run = syncRun({
      storage: s,
      log: createLogger({ level: "silent" }),
      now: () => new Date(),
      handlers: [{ name: "log", entities: "*", handle: async (c) => void delivered.push(...c) }],
      fetch: globalThis.fetch,
      systemClient: async () => client,
    });
    const pass = () => run.pass(inst.id, entity, globalThis.fetch, new Date(8.64e15));
    return { s, inst, pass, delivered };
  }

  it("a declared field no row has (not a field of the route) fails the pass, kept on the cursor, mirror empty", async () => {
    const entity = defineSyncEntity({ ...orders, name: "orders-typo", fields: [...orders.fields, "grand_totl"] });
    const { s, inst, pass } = await setUp(
      fakeStore(() => ({ items: [order(1, "2024-01-01 00:00:00")], total_count: 1 })),
      entity,
    );
    await expect(pass()).rejects.toThrow(/no orders-typo row the store answered has the field "grand_totl"/);
    expect(await s.sync.count(inst.id, entity.name)).toBe(0);
    expect(await s.sync.cursor(inst.id, entity.name)).toMatchObject({
      errorCode: "sync_data",
      error: expect.stringContaining("grand_totl"),
    });
  });

  it("rows without the identity field, or more rows than asked, are refused whole", async () => {
    let answer: { items: Row[]; total_count: number } = {
      items: [order(1, "2024-01-01 00:00:00"), { ...order(2, "2024-01-01 00:00:00"), entity_id: undefined }],
      total_count: 2,
    };
    const { s, inst, pass } = await setUp(fakeStore(() => answer));
    await expect(pass()).rejects.toThrow(/without its identity field "entity_id"/);
    expect(await s.sync.count(inst.id, "orders")).toBe(0);
    answer = {
      items: Array.from({ length: orders.pageSize + 1 }, (_, i) => order(i + 1, "2024-01-01 00:00:00")),
      total_count: 5000,
    };
    await expect(pass()).rejects.toThrow(
      new RegExp(`answered ${orders.pageSize + 1} orders rows to a page of ${orders.pageSize}`),
    );
    expect(await s.sync.count(inst.id, "orders")).toBe(0);
    expect((await s.sync.cursor(inst.id, "orders"))?.errorCode).toBe("sync_data");
  });

  it("a version going backwards is an error naming the record; the mirror keeps the newer version", async () => {
    let status = "processing";
    let updatedAt = "2024-05-01 10:00:00";
    const { s, inst, pass, delivered } = await setUp(
      // a store that answers the record whatever the filter (as one whose clock was set back would, after the overlap)
      fakeStore(() => ({ items: [order(7, updatedAt, status)], total_count: 1 })),
    );
    await pass();
    expect(delivered).toHaveLength(1);
    status = "canceled";
    updatedAt = "2024-04-01 09:00:00"; // older than what was delivered
    await expect(pass()).rejects.toThrow(SyncDataError);
    await expect(pass()).rejects.toThrow(
      /orders 7 at version 2024-04-01 09:00:00, older than the version 2024-05-01 10:00:00/,
    );
    expect((await s.sync.record(inst.id, "orders", "7"))?.data.status).toBe("processing");
    expect(delivered).toHaveLength(1);
    expect(await s.sync.cursor(inst.id, "orders")).toMatchObject({
      errorCode: "sync_data",
      error: expect.stringMatching(/Resync from scratch/),
    });
  });
});
