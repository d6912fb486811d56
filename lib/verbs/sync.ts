/**
 * The sync namespace of the kit (kit.sync): what the Sync page, the command line and other features ask of the
 * delta sync. `userId` null means the operator (command line, jobs): no user check.
 */
import { SYNC_PASS_JOB, SYNC_SWEEP_JOB, syncJobOptions } from "@/lib/jobs/kinds";
import {
  isPolled,
  type SyncEntity,
  type SyncHandler,
  syncEntity,
  syncRun,
  type SyncServices,
  SyncBusyError,
  syncEntityView,
  lagSeconds,
  type SliceEnd,
} from "@magento-integration/sync";
import type { SyncCursor } from "@magento-integration/storage";
import type { KitCore } from "./core";

export interface SyncEntityStatus {
  entity: string;
  label: string;
  cursor: SyncCursor | null;
  /** How far the mirror is behind the store's clock (lagSeconds); null before the first pass or sweep. */
  lagSeconds: number | null;
  mirrored: number;
}

/** How often a command waiting for another runner's pass looks again. */
const LOCK_POLL_MS = 1_000;
/** A pass or sweep run to its end (the command line): no slice ends it. */
const FOREVER = new Date(8.64e15);

async function waitingForLock<T>(fn: () => Promise<T>, onWait?: (why: string) => void): Promise<T> {
  let told = false;
  for (;;) {
    try {
      return await fn();
    } catch (e) {
      if (!(e instanceof SyncBusyError)) throw e;
      if (!told) onWait?.(e.message);
      told = true;
      await new Promise((r) => setTimeout(r, LOCK_POLL_MS));
    }
  }
}

export function syncVerbs(
  core: KitCore,
  o: {
    entities: readonly SyncEntity[];
    handlers: readonly SyncHandler[];
    systemClient: SyncServices["systemClient"];
  },
) {
  const services: SyncServices = {
    storage: core.storage,
    log: core.log,
    now: core.now,
    handlers: o.handlers,
    fetch: core.fetch,
    systemClient: o.systemClient,
  };
  const run = syncRun(services);
  const allowed = (installationId: string, userId: string | null) =>
    userId === null
      ? core.storage.installations.byId(installationId)
      : core.storage.installations.forUser(installationId, userId);
  const chosen = (entity?: string) => (entity === undefined ? o.entities : [syncEntity(entity, o.entities)]);

  return {
    entities: o.entities,

    /**
     * Refreshes one record through the sync path (for store events and webhooks): reads it from the store, keeps
     * the mirror's version order (an answer older than the mirror is skipped as stale), updates the mirror and
     * delivers the change to the sync handlers. A record the store no longer has is delivered as a delete.
     */
    refreshRecord(input: { installationId: string; entity: string; identity: string }) {
      return run.refresh(input.installationId, syncEntity(input.entity, o.entities), input.identity, core.fetch);
    },

    /**
     * Runs a delta pass (or a sweep) of one entity in this process, to the end. While a worker's pass or sweep of
     * the same entity runs, it waits for it (`onWait` hears why, once), then runs: never both at once.
     */
    runPass: (installationId: string, entity: string, until: SliceEnd = FOREVER, onWait?: (why: string) => void) =>
      waitingForLock(() => run.pass(installationId, syncEntity(entity, o.entities), core.fetch, until), onWait),
    runSweep: (installationId: string, entity: string, until: SliceEnd = FOREVER, onWait?: (why: string) => void) =>
      waitingForLock(() => run.sweep(installationId, syncEntity(entity, o.entities), core.fetch, until), onWait),

    async status(installationId: string, userId: string | null): Promise<SyncEntityStatus[] | null> {
      if (!(await allowed(installationId, userId))) return null;
      const cursors = new Map((await core.storage.sync.cursors(installationId)).map((c) => [c.entity, c]));
      const out: SyncEntityStatus[] = [];
      for (const e of o.entities) {
        const c = cursors.get(e.name) ?? null;
        out.push({
          entity: e.name,
          label: e.label,
          cursor: c,
          lagSeconds: lagSeconds(c, core.now()),
          mirrored: await core.storage.sync.count(installationId, e.name),
        });
      }
      return out;
    },

    /** Changes delivered and parked per hour over the last 24 h (oldest hour first), for the page's chart. */
    async lastDay(
      installationId: string,
      userId: string | null,
    ): Promise<Array<{ hour: Date; delivered: number; parked: number }> | null> {
      if (!(await allowed(installationId, userId))) return null;
      const now = core.now();
      const start = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 - 23 * 3_600_000);
      const hours = Array.from({ length: 24 }, (_, i) => ({
        hour: new Date(start.getTime() + i * 3_600_000),
        delivered: 0,
        parked: 0,
      }));
      for (const c of await core.storage.sync.changesSince(installationId, start, 100_000)) {
        const h = hours[Math.floor((c.createdAt.getTime() - start.getTime()) / 3_600_000)];
        if (!h) continue;
        if (c.state === "delivered") h.delivered++;
        else if (c.state === "parked") h.parked++;
      }
      return hours;
    },

    /**
     * The Sync page's data as JSON-ready values (GET /api/stores/<id>/sync): each entity's state, the last day's
     * chart and the parked changes (without their record data). Null: not the user's store.
     */
    async view(installationId: string, userId: string | null) {
      const [status, lastDay, parked] = await Promise.all([
        this.status(installationId, userId),
        this.lastDay(installationId, userId),
        this.parked(installationId, userId),
      ]);
      if (!status || !lastDay || !parked) return null;
      const now = core.now();
      return {
        entities: status.map((s) => syncEntityView(s, now)),
        lastDay,
        parked: parked.map((c) => ({
          id: c.id,
          entity: c.entity,
          identity: c.identity,
          operation: c.operation,
          version: c.version,
          attempts: c.attempts,
          error: c.error,
          createdAt: c.createdAt,
        })),
      };
    },

    async parked(installationId: string, userId: string | null, limit = 50) {
      if (!(await allowed(installationId, userId))) return null;
      return core.storage.sync.parked(installationId, limit);
    },

    /** A parked change is delivered again with the entity's next pass (sent now). */
    async retryParked(installationId: string, userId: string | null, changeId: number): Promise<boolean> {
      const inst = await allowed(installationId, userId);
      if (!inst) return false;
      const parked = (await core.storage.sync.parked(installationId, 10_000)).find((c) => c.id === changeId);
      if (!parked || !(await core.storage.sync.unpark(installationId, changeId, core.now()))) return false;
      await core.send(
        SYNC_PASS_JOB,
        { installationId, entity: parked.entity },
        syncJobOptions(installationId, parked.entity, inst.store.baseUrl, { dedupe: false }),
      );
      return true;
    },

    async pause(installationId: string, userId: string | null, entity?: string): Promise<boolean> {
      if (!(await allowed(installationId, userId))) return false;
      for (const e of chosen(entity)) await core.storage.sync.saveCursor(installationId, e.name, { paused: true });
      return true;
    },

    async resume(installationId: string, userId: string | null, entity?: string): Promise<boolean> {
      if (!(await allowed(installationId, userId))) return false;
      for (const e of chosen(entity)) await core.storage.sync.saveCursor(installationId, e.name, { paused: false });
      return true;
    },

    /** Sends a pass now (a sweep too with `sweep`), for one entity or all; returns the job ids. */
    async syncNow(
      installationId: string,
      userId: string | null,
      opts: { entity?: string; sweep?: boolean; retryLimit?: number } = {},
    ): Promise<string[] | null> {
      const inst = await allowed(installationId, userId);
      if (!inst) return null;
      const ids: string[] = [];
      for (const e of chosen(opts.entity)) {
        const options = syncJobOptions(installationId, e.name, inst.store.baseUrl, {
          dedupe: false,
          ...(opts.retryLimit === undefined ? {} : { retryLimit: opts.retryLimit }),
        });
        const data = { installationId, entity: e.name };
        if (isPolled(e)) {
          const id = await core.send(SYNC_PASS_JOB, data, options);
          if (id) ids.push(id);
        }
        if (opts.sweep || !isPolled(e)) {
          const id = await core.send(SYNC_SWEEP_JOB, data, options);
          if (id) ids.push(id);
        }
      }
      return ids;
    },

    /** Resync from scratch: backfill and sweep again (the mirror keeps what it has; unchanged records are not delivered again). */
    async resync(installationId: string, userId: string | null, entity?: string): Promise<boolean> {
      if (!(await allowed(installationId, userId))) return false;
      for (const e of chosen(entity)) await core.storage.sync.reset(installationId, e.name);
      await this.syncNow(installationId, userId, { ...(entity ? { entity } : {}), sweep: true });
      return true;
    },

    /** The mirror of one entity in identity order, a page at a time (flat memory for any size). */
    async *records(installationId: string, entity: string) {
      const e = syncEntity(entity, o.entities);
      let after: string | null = null;
      for (;;) {
        const page = await core.storage.sync.records(installationId, e.name, after, 500);
        if (page.length === 0) return;
        for (const r of page) yield r;
        after = page.at(-1)!.sortKey;
      }
    },
  };
}
