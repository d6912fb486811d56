/**
 * Model-based convergence of the delta sync (docs/sync.md): random interleavings of store activity (creates,
 * updates, deletes, mass updates, stock saves), store clock moves, passes and sweeps hit by faults (a worker killed
 * mid-page, 500s, 429s, a page answered twice) and a failing handler. Once the store is quiet, one pass and one
 * sweep of each entity leave the mirror equal to the store's own listing, record by record, and the handler log
 * shows every record's last change delivered, none out of order per record. fast-check shrinks a failure to a
 * minimal list of steps.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { PROVIDERS } from "../helpers/databases";
import { InjectedCrash, startSyncHarness, type Fault, type SyncHarness } from "../helpers/sync-harness";
import { SyncDataError } from "@magento-integration/sync";
import { MagentoApiError } from "@magento-integration/client";

const ENTITIES = ["products", "customers", "orders", "stock"] as const;
type Entity = (typeof ENTITIES)[number];

type Step =
  | {
      t: "churn";
      seed: number;
      creates: number;
      updates: number;
      deletes: number;
      massUpdates: number;
      stockChanges: number;
    }
  | { t: "clock"; seconds: number }
  | { t: "pass" | "sweep"; entity: Entity; faults: Fault[] }
  | { t: "handlerFails"; n: number };

const fault = fc.constantFrom<Fault>("500", "429", "duplicate", "crash");
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    t: fc.constant("churn" as const),
    seed: fc.nat(1_000_000),
    creates: fc.nat(3),
    updates: fc.nat(4),
    deletes: fc.nat(2),
    massUpdates: fc.nat(2),
    stockChanges: fc.nat(3),
  }),
  fc.record({ t: fc.constant("clock" as const), seconds: fc.integer({ min: 1, max: 120 }) }),
  fc.record({
    t: fc.constantFrom("pass" as const, "sweep" as const),
    entity: fc.constantFrom(...ENTITIES),
    faults: fc.array(fault, { maxLength: 2 }),
  }),
  fc.record({ t: fc.constant("handlerFails" as const), n: fc.integer({ min: 1, max: 3 }) }),
);

/** What a killed worker, a 500 or a handler outage leave: the job engine runs the job again later. */
function expectedFailure(e: unknown): boolean {
  if (e instanceof SyncDataError) return false;
  return (
    e instanceof InjectedCrash ||
    e instanceof MagentoApiError ||
    (e instanceof Error && /service is down/.test(e.message))
  );
}

async function run(s: SyncHarness, kind: "pass" | "sweep", entity: Entity): Promise<void> {
  try {
    if (kind === "pass") await s.h.kit.sync.runPass(s.installationId, entity);
    else await s.h.kit.sync.runSweep(s.installationId, entity);
  } catch (e) {
    if (!expectedFailure(e)) throw e;
  }
}

describe.each(PROVIDERS)("sync convergence on %s", (provider) => {
  let s: SyncHarness;
  beforeAll(async () => {
    s = await startSyncHarness(provider, 60);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it("after the store goes quiet, one pass and one sweep leave the mirror equal to the store, every change delivered in order", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        s.faults.length = 0;
        s.failHandler(0);
        for (const st of steps) {
          if (st.t === "churn") await s.churn({ ...st, t: undefined } as unknown as Record<string, number>);
          else if (st.t === "clock") await s.moveStoreClock(st.seconds);
          else if (st.t === "handlerFails") s.failHandler(st.n);
          else {
            s.faults.push(...st.faults);
            await run(s, st.t, st.entity);
            s.faults.length = 0;
          }
        }
        // quiet store, healthy handler, retries due: one pass and one sweep of each entity
        s.failHandler(0);
        s.h.clock.advance(2 * 60 * 60_000);
        for (const c of (await s.h.kit.sync.parked(s.installationId, null, 10_000)) ?? [])
          await s.h.kit.sync.retryParked(s.installationId, null, c.id);
        for (const e of ENTITIES) {
          if (e !== "stock") await s.h.kit.sync.runPass(s.installationId, e);
          await s.h.kit.sync.runSweep(s.installationId, e);
        }
        for (const e of ENTITIES) {
          const mirror = await s.mirror(e);
          const store = await s.storeListing(e);
          expect([...mirror.keys()].sort()).toEqual([...store.keys()].sort());
          for (const [id, data] of store) expect(mirror.get(id), `${e} ${id}`).toEqual(data);
          // the handler log: sequences never go down per record, and each record's last delivery is its state now
          const last = new Map<string, { sequence: number; operation: string; data: unknown }>();
          for (const c of s.delivered.filter((x) => x.entity === e)) {
            const prev = last.get(c.identity);
            expect(c.sequence, `${e} ${c.identity} delivered out of order`).toBeGreaterThanOrEqual(prev?.sequence ?? 0);
            last.set(c.identity, c);
          }
          for (const [id, data] of store)
            expect(last.get(id), `${e} ${id} last delivery`).toMatchObject({ operation: "upsert", data });
          for (const [id, c] of last)
            if (!store.has(id)) expect(c.operation, `${e} ${id} is gone from the store`).toBe("delete");
        }
      }),
      { numRuns: Number(process.env.SYNC_CONVERGENCE_RUNS ?? 6), endOnFailure: false },
    );
  }, 600_000);
});
