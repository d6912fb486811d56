/**
 * The job queue on the kit's own tables (`Job`, `JobLane`, `JobWorker`), the same on SQLite and PostgreSQL: every
 * statement is a named function (sql/statements.ts) run through one executor (sql/executor.ts), the only thing
 * that differs between the databases. Semantics: queue.ts; why the kit keeps its own tables: docs/platform.md, "Jobs".
 */
import type { JobQueue } from "./queue.ts";
import type { SqlExecutor } from "./sql/executor.ts";
import { fetchNext, type ExpiryClock } from "./sql/fetch.ts";
import { laneStore, workerRegistry } from "./sql/lanes.ts";
import { complete, fail, heartbeat, requeue } from "./sql/leases.ts";
import {
  cancel,
  getJob,
  hasOpen,
  list,
  openCounts,
  pruneFinished,
  pruneUnproven,
  queuedKeys,
  retry,
} from "./sql/records.ts";
import { sendMany, sendOne } from "./sql/send.ts";
import { jobTableReady } from "./sql/statements.ts";

export interface SqlJobQueueOptions {
  /** Jitter of retry delays (tests pin it). */
  random?: () => number;
}

export function createSqlJobQueue(ex: SqlExecutor, o: SqlJobQueueOptions = {}): JobQueue {
  const random = o.random ?? Math.random;
  const expiry: ExpiryClock = { last: 0 };
  let ready: Promise<void> | null = null;
  return {
    provider: ex.dialect,
    // the job table is there (a database that cannot be reached fails here: the worker waits and tries again)
    start: () =>
      (ready ??= ex.query(jobTableReady(ex.dialect)).then(
        () => undefined,
        (e: unknown) => {
          ready = null;
          throw e;
        },
      )),
    stop: () => ex.close(),
    send: (kind, data, options, now) => sendOne(ex, kind, data, options, now),
    sendMany: (jobs, now) => sendMany(ex, jobs, now),
    fetch: (options) => fetchNext(ex, options, expiry),
    complete: (job, output, now) => complete(ex, job, output, now),
    fail: (job, error, now) => fail(ex, job, error, now, random),
    requeue: (job, now, startAfter) => requeue(ex, job, now, startAfter),
    heartbeat: (jobs, until) => heartbeat(ex, jobs, until),
    workers: workerRegistry(ex),
    get: (id) => getJob(ex, id),
    list: (filter) => list(ex, filter),
    openCounts: () => openCounts(ex),
    hasOpen: (kind, ref) => hasOpen(ex, kind, ref),
    queuedKeys: (keys) => queuedKeys(ex, keys),
    pruneUnproven: (before) => pruneUnproven(ex, before),
    pruneFinished: (completedBefore, failedBefore) => pruneFinished(ex, completedBefore, failedBefore),
    retry: (id, now) => retry(ex, id, now),
    cancel: (id, now) => cancel(ex, id, now),
    lanes: laneStore(ex),
  };
}
