/**
 * Delta sync as jobs (packages/sync/src/sync, docs/sync.md):
 * - `sync.pass` and `sync.sweep` of one (store, entity) share one job key, so they run one at a time and never race
 *   on the mirror; both go on in slices that end before the lease does (a backfill of 100,000 rows gives other
 *   stores their turn between slices, and a crash loses at most the page being read); `npm run sync` runs outside
 *   the queue, so both also hold the entity's runner lock (packages/sync/src/sync/runner-lock.ts): a job that finds the command
 *   running goes back to the queue for a few seconds;
 * - `sync.schedule` (recurring) sends each (store, entity) its pass and sweep when due, and a pass when delivery
 *   retries came due; a paused entity gets none.
 */
import { z } from "zod";
import {
  isPolled,
  type SyncEntity,
  syncEntity,
  syncRun,
  type SyncServices,
  SyncBusyError,
} from "@magento-integration/sync";
import type { SyncCursor } from "@magento-integration/storage";
import {
  defineJob,
  type JobKind,
  type SendOptions,
  storeLane,
  type JobModule,
} from "@magento-integration/storage/jobs";
import type { JobServices } from "./services";

export const SYNC_PASS_JOB = "sync.pass";
export const SYNC_SWEEP_JOB = "sync.sweep";
export const SYNC_SCHEDULE_JOB = "sync.schedule";
export const SYNC_SCHEDULE_EVERY_MS = 15_000;
/** A slice stops this long before its lease ends. */
const SLICE_MARGIN_MS = 30_000;
const SCHEDULE_BATCH = 10_000;
/** A tick held back for a handshake (packages/storage/src/jobs/foreground.ts) looks again this much later. */
const HELD_TICK_RETRY_MS = 1_000;
/** A job finding its entity held by another runner (packages/sync/src/sync/runner-lock.ts) tries again this much later. */
const BUSY_RETRY_MS = 5_000;

export const syncKey = (installationId: string, entity: string): string => `sync:${installationId}:${entity}`;

export function syncJobOptions(
  installationId: string,
  entity: string,
  storeBaseUrl: string,
  o: { dedupe?: boolean; retryLimit?: number } = {},
): SendOptions {
  return {
    lane: storeLane(storeBaseUrl),
    key: syncKey(installationId, entity),
    dedupe: o.dedupe ?? true,
    ref: installationId,
    retryLimit: o.retryLimit ?? 3,
    retryDelaySeconds: 10,
    retryBackoff: true,
    leaseSeconds: 120,
  };
}

const jobData = z.object({ installationId: z.string(), entity: z.string() });

export function syncServicesOf(s: JobServices): SyncServices {
  return {
    storage: s.storage,
    log: s.log,
    now: s.now,
    handlers: s.sync.handlers,
    fetch: s.sync.fetch,
    systemClient: s.systemClient,
  };
}

const dueAt = (last: Date | null, everySeconds: number, now: Date): boolean =>
  !last || last.getTime() + everySeconds * 1000 <= now.getTime();

/**
 * The job a (store, entity) is due for, or null: a sweep under way goes on (unless paused); else a sweep when its
 * interval is over (a polled entity's only once backfilled), else a pass when its interval is over.
 */
function dueJob(e: SyncEntity, c: SyncCursor | undefined, now: Date): string | null {
  if (c?.paused) return null;
  if (c?.sweepStartedAt) return SYNC_SWEEP_JOB;
  const sweepDue = !isPolled(e)
    ? dueAt(c?.lastSweepAt ?? null, e.sweepIntervalSeconds, now)
    : Boolean(c?.backfilledAt) && dueAt(c?.lastSweepAt ?? null, e.sweepIntervalSeconds, now);
  if (sweepDue) return SYNC_SWEEP_JOB;
  const passDue = isPolled(e) && (!c?.backfilledAt || dueAt(c.lastPassAt, e.intervalSeconds, now));
  return passDue ? SYNC_PASS_JOB : null;
}

export function syncJobs(s: JobServices): JobKind[] {
  const run = syncRun(syncServicesOf(s));
  const entities = (): readonly SyncEntity[] => s.sync.entities;
  const slice = (kind: "pass" | "sweep") =>
    defineJob({
      kind: kind === "pass" ? SYNC_PASS_JOB : SYNC_SWEEP_JOB,
      priority: "background", // a slice ends early while a handshake runs in the worker (packages/storage/src/jobs/foreground.ts)
      schema: jobData,
      async run({ installationId, entity }, ctx) {
        const e = syncEntity(entity, entities());
        const end = { until: new Date(ctx.leaseEndsAt.getTime() - SLICE_MARGIN_MS), yieldNow: ctx.foregroundWaiting };
        try {
          const r = await run[kind](installationId, e, ctx.storeFetch, end);
          return r.state === "more" ? { again: true } : { output: r };
        } catch (err) {
          // `npm run sync` (or a job of a former key) holds the entity: this job runs once it is done
          if (err instanceof SyncBusyError) return { again: true, after: new Date(s.now().getTime() + BUSY_RETRY_MS) };
          throw err;
        }
      },
    });
  return [
    slice("pass"),
    slice("sweep"),
    defineJob({
      kind: SYNC_SCHEDULE_JOB,
      schema: z.object({}).loose(),
      async run(_data, ctx) {
        // while a handshake runs in this worker (within the hold's bound) the tick waits a second at a time: what
        // it sent would be held anyway, and every fetch would walk past it (packages/storage/src/jobs/foreground.ts)
        if (ctx.foregroundWaiting()) return { again: true, after: new Date(s.now().getTime() + HELD_TICK_RETRY_MS) };
        const now = s.now();
        // one read of every store's cursors and one of the keys already queued, whatever the number of stores (a
        // read per store and a locked dedupe per due entity grew with the stores, and once the worker fell behind
        // every tick re-checked every due entity whose pass was still queued)
        const targets = await s.storage.installations.listProbeTargets(SCHEDULE_BATCH);
        const cursors = new Map<string, SyncCursor>();
        for (const c of await s.storage.sync.cursorsOf(targets.map((t) => t.id)))
          cursors.set(syncKey(c.installationId, c.entity), c);
        const due: Array<{ key: string; kind: string; installationId: string; entity: string; baseUrl: string }> = [];
        for (const t of targets)
          for (const e of entities()) {
            const key = syncKey(t.id, e.name);
            const kind = dueJob(e, cursors.get(key), now);
            if (kind) due.push({ key, kind, installationId: t.id, entity: e.name, baseUrl: t.baseUrl });
          }
        const queued = await s.queuedKeys(due.map((d) => d.key));
        // One write for every due job (a tick after 200 activations had 600 locked sends, seconds of the worker's
        // time). Not deduplicated: a job sent for a key since the read above (`sync now`) makes one more queued
        // job of that key, which runs after it and finds little to do (a key's jobs run one at a time).
        const jobs = due
          .filter((d) => !queued.has(d.key))
          .map((d) => {
            const { dedupe: _, ...options } = syncJobOptions(d.installationId, d.entity, d.baseUrl);
            return { kind: d.kind, data: { installationId: d.installationId, entity: d.entity }, options };
          });
        const sent = (await s.sendMany(jobs)).length;
        return { output: { sent } };
      },
    }),
  ];
}

/** Delta sync: registered by createKit (lib/kit.ts). */
export const syncJobModule: JobModule<JobServices> = {
  labels: {
    [SYNC_PASS_JOB]: "Sync pass",
    [SYNC_SWEEP_JOB]: "Sync sweep",
    [SYNC_SCHEDULE_JOB]: "Sync schedule (all stores)",
  },
  kinds: syncJobs,
  recurring: () => [{ kind: SYNC_SCHEDULE_JOB, everyMs: SYNC_SCHEDULE_EVERY_MS }],
};
