import { z } from "zod";
import { storeLane } from "@/lib/jobs/kinds";
import {
  type JobRegistry,
  startWorker,
  type Worker,
  type Job,
  type LaneState,
  type GovernorPolicy,
} from "@magento-integration/storage/jobs";
import { whenDatabaseReachable, type WaitOptions } from "@magento-integration/storage";
import { consumerKeyRef } from "@magento-integration/handshake";
import { MagentoApiError, MagentoOAuthError } from "@magento-integration/client";
import type { KitCore } from "./core";

/** A job as the Jobs view and its JSON show it. */
export interface JobView {
  id: string;
  kind: string;
  label: string;
  /** queued | scheduled (starts later) | running | retrying (waits for its next attempt) | done | failed | cancelled */
  state: "queued" | "scheduled" | "running" | "retrying" | "done" | "failed" | "cancelled";
  attempts: number;
  maxAttempts: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** When a queued, scheduled or retrying job may start. */
  runAfter: string | null;
  /** The last failure's message (failed or retrying jobs). */
  error: string | null;
  canRetry: boolean;
}

export interface LaneView {
  pausedUntil: string | null;
  reason: string | null;
  failStreak: number;
}

export interface WorkerSettings {
  concurrency: number;
  laneCap: number;
  pollMs: number;
  healthProbeEveryMs: number;
  governor?: GovernorPolicy;
  /** Only these job kinds (e.g. the export command runs exports only); default every kind. */
  kinds?: readonly string[];
  /** Keep the recurring jobs going (maintenance, health probes). Default true. */
  recurring?: boolean;
  /** Start no new job while this says the process is busy (the web process: packages/storage/src/jobs/event-loop.ts). */
  busy?: () => boolean;
}

/** A store's 4xx other than 408 (timeout) and 429 (slow down): the same request would get the same answer. */
export function storeRefusedForGood(e: unknown): boolean {
  const status = e instanceof MagentoApiError || e instanceof MagentoOAuthError ? e.status : undefined;
  return status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

const failureOutput = z.object({ message: z.string() }).loose();

export function toJobView(j: Job, now: Date, label: (kind: string) => string): JobView {
  const queued = j.state === "created" || j.state === "retry";
  const later = queued && j.startAfter > now;
  const state: JobView["state"] =
    j.state === "created"
      ? later
        ? "scheduled"
        : "queued"
      : j.state === "retry"
        ? "retrying"
        : j.state === "active"
          ? "running"
          : j.state === "completed"
            ? "done"
            : j.state;
  const failure = failureOutput.safeParse(j.output);
  return {
    id: j.id,
    kind: j.kind,
    label: label(j.kind),
    state,
    attempts: j.retryCount + (j.startedAt || j.state === "completed" || j.state === "failed" ? 1 : 0),
    maxAttempts: j.retryLimit + 1,
    createdAt: j.createdAt.toISOString(),
    startedAt: j.startedAt?.toISOString() ?? null,
    finishedAt: j.completedAt?.toISOString() ?? null,
    runAfter: queued ? j.startAfter.toISOString() : null,
    error: (j.state === "failed" || j.state === "retry") && failure.success ? failure.data.message : null,
    canRetry: j.state === "failed" || j.state === "cancelled",
  };
}

function laneView(l: LaneState | null, now: Date): LaneView {
  const paused = l?.pausedUntil && l.pausedUntil > now ? l.pausedUntil : null;
  return {
    pausedUntil: paused?.toISOString() ?? null,
    reason: paused ? (l?.reason ?? null) : null,
    failStreak: l?.failStreak ?? 0,
  };
}

/** The job engine as the app sees it: a store's jobs (Jobs view), retrying one, and starting this process's worker. */
export function jobVerbs<S>(core: KitCore, services: () => S, registry: JobRegistry<S>) {
  const label = (kind: string) => registry.label(kind);
  return {
    queue: core.queue,
    send: core.send,

    /** The jobs of one of the user's stores, newest first, and its lane's governor state. Null: not the user's store. */
    async forStore(
      installationId: string,
      userId: string,
      limit = 100,
    ): Promise<{ jobs: JobView[]; lane: LaneView } | null> {
      const inst = await core.storage.installations.forUser(installationId, userId);
      if (!inst) return null;
      const now = core.now();
      const jobs = await core.queue.list({ refs: [inst.id, consumerKeyRef(inst.consumerKey)], limit });
      const lane = await core.queue.lanes.get(storeLane(inst.store.baseUrl));
      return { jobs: jobs.map((j) => toJobView(j, now, label)), lane: laneView(lane, now) };
    },

    /** Every store's jobs (operators: GET /api/ops/jobs), newest first, with the lane and whom each is for. */
    async overview(filter: {
      states?: readonly Job["state"][];
      kinds?: readonly string[];
      limit: number;
    }): Promise<Array<JobView & { lane: string; ref: string | null }>> {
      const now = core.now();
      const jobs = await core.queue.list({ ...filter, limit: Math.min(1000, Math.max(1, filter.limit)) });
      return jobs.map((j) => ({ ...toJobView(j, now, label), lane: j.lane, ref: j.ref }));
    },

    /** Runs a failed job of one of the user's stores again (one more attempt). */
    async retry(jobId: string, installationId: string, userId: string): Promise<boolean> {
      const inst = await core.storage.installations.forUser(installationId, userId);
      if (!inst) return false;
      const job = await core.queue.get(jobId);
      if (!job || (job.ref !== inst.id && job.ref !== consumerKeyRef(inst.consumerKey))) return false;
      const ok = await core.queue.retry(jobId, core.now());
      if (ok) core.worker?.wake();
      return ok;
    },

    /** Starts this process's worker (once). */
    startWorker(settings: WorkerSettings): Worker {
      if (core.worker) return core.worker;
      const s = services();
      const wanted = (kind: string) => !settings.kinds || settings.kinds.includes(kind);
      core.worker = startWorker({
        queue: core.queue,
        kinds: registry.kinds(s, core.queue).filter((k) => wanted(k.kind)),
        recurring: settings.recurring === false ? [] : registry.recurring(s).filter((r) => wanted(r.kind)),
        concurrency: settings.concurrency,
        laneCap: settings.laneCap,
        pollMs: settings.pollMs,
        now: core.now,
        log: core.log.child({ component: "worker" }),
        storeFetch: core.fetch,
        failsForGood: storeRefusedForGood,
        ...(settings.governor ? { governor: settings.governor } : {}),
        ...(settings.busy ? { busy: settings.busy } : {}),
      });
      return core.worker;
    },

    /**
     * Prepares the queue, then starts this process's worker: while the database cannot be reached (started
     * together with it, or restarting) it waits and tries again (packages/storage/src/db-reachable.ts) instead of giving up. Null
     * when `signal` stopped the wait.
     */
    async startWorkerWhenReady(
      settings: WorkerSettings,
      o: Pick<WaitOptions, "onWait" | "signal">,
    ): Promise<Worker | null> {
      try {
        await whenDatabaseReachable(() => core.queue.start(), o);
      } catch (e) {
        if (o.signal?.aborted) return null;
        throw e;
      }
      return o.signal?.aborted ? null : this.startWorker(settings);
    },

    async stopWorker(graceMs?: number): Promise<void> {
      const w = core.worker;
      core.worker = null;
      await w?.stop(graceMs);
    },
  };
}
