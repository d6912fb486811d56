/**
 * A worker: leases jobs from the queue (fairly, packages/storage/src/jobs/queue.ts) and runs them, `concurrency` at a time. Runs
 * inside the web process (`npm run dev`, `npm start`, unless WORKER=off) or alone (`npm run worker`); any number of
 * workers may share one database. What happens to a job:
 * - data invalid for its kind: failed for good (a retry cannot fix it);
 * - the handler returns: completed; it returns `{ again: true }`: given back to run on later (a long job in slices);
 * - it throws RetryLater (the store asked us to wait): given back, to start after the lane's pause, no attempt used;
 * - it throws an error the app says no retry can fix (`failsForGood`: a store's 4xx other than 408 and 429, a
 *   missing permission, a bad request; lib/verbs/jobs.ts): failed at once;
 * - it throws anything else: retried with backoff (after the lane's pause if the store is paused) until the job's
 *   retries are spent, then failed with the error's message. Either way the kind's `onFailed` runs.
 * Recurring jobs (maintenance, health probes) are chained: after each run the next is sent, and every worker
 * makes sure one is queued when it starts (keys make that idempotent). The worker knows no job kind: the app hands
 * it the registered ones (packages/storage/src/jobs/registry.ts). One attempt: attempt.ts; when it holds back: give-way.ts, and
 * background kinds while foreground ones run: foreground.ts.
 */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Logger } from "pino";
import { runAttempt, type AttemptDeps } from "./attempt.ts";
import { createForegroundHold } from "./foreground.ts";
import { createGiveWay } from "./give-way.ts";
import type { GovernorPolicy } from "./governor.ts";
import type { JobKind, Recurring } from "./job-kind.ts";
import type { JobQueue, LeasedJob, WorkerBeat } from "./queue.ts";

export {
  defineJob,
  InvalidJobData,
  type JobContext,
  type JobDefinition,
  type JobKind,
  type JobPriority,
  type JobResult,
  type Recurring,
} from "./job-kind.ts";

export interface WorkerOptions {
  queue: JobQueue;
  kinds: readonly JobKind[];
  /** Jobs this worker runs at once. */
  concurrency: number;
  /** Jobs of one lane (store) running at once across every worker. */
  laneCap: number;
  /**
   * Jobs of never-proven stores running at once across every worker (packages/storage/src/jobs/queue.ts). Default: a quarter of
   * `concurrency`, at least 1: the other slots are always there for proven stores and upkeep.
   */
  unprovenCap?: number;
  /** How often an idle worker asks for work. */
  pollMs: number;
  now: () => Date;
  log: Logger;
  /** The guarded store fetch; each job gets it governed for its lane. */
  storeFetch: typeof fetch;
  recurring?: readonly Recurring[];
  governor?: GovernorPolicy;
  /** Errors no retry can fix: the job fails at once. Default: none (every error is retried while attempts remain). */
  failsForGood?: (error: unknown) => boolean;
  /**
   * When it answers true, no new job starts (a worker inside a busy web process gives way to requests), for at most
   * a second in a row: a process that stays busy still gets its jobs done.
   */
  busy?: () => boolean;
  /**
   * Crash hand-back: each running job is held this long and the worker renews the hold every `heartbeatMs` while it
   * runs, so a worker that dies (kill -9, a crashed host) gives its jobs back within this time, whatever their
   * lease. Default 15 s, heartbeat every 5 s. The same beat marks the worker alive (readiness, `workers.lastBeat`).
   */
  holdSeconds?: number;
  heartbeatMs?: number;
}

export const DEFAULT_HOLD_SECONDS = 15;

export interface Worker {
  /** Ask for work now (a job was just sent in this process). */
  wake(): void;
  /**
   * Requests that must answer fast are being served in this process (activation callbacks: the store waits 5 s):
   * start no new job for `ms` (for at most 5 s in a row, however many arrive; the next hold after 5 s without any).
   */
  giveWay(ms: number): void;
  /** Resolves once nothing was runnable and nothing runs (tests). */
  idle(): Promise<void>;
  /** Stops leasing, waits for running jobs (at most `graceMs`). */
  stop(graceMs?: number): Promise<void>;
  readonly running: number;
}

export function recurringKey(kind: string): string {
  return `every:${kind}`;
}

function workerIdentity(now: Date): WorkerBeat {
  return {
    id: `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`,
    host: hostname(),
    pid: process.pid,
    startedAt: now,
  };
}

/** Sends a recurring job now (if none is queued) or its next run `everyMs` after `from`. */
function recurringSender(o: WorkerOptions) {
  const send = (r: Recurring, startAfter: Date | undefined, failure: string) =>
    o.queue
      .send(
        r.kind,
        r.data ?? {},
        { key: recurringKey(r.kind), dedupe: true, ...(startAfter ? { startAfter } : {}), retryLimit: 1 },
        o.now(),
      )
      .then(
        () => undefined,
        (e: unknown) => o.log.warn({ kind: r.kind, err: (e as Error).message }, failure),
      );
  return {
    next: (r: Recurring, from: Date) =>
      send(r, new Date(from.getTime() + r.everyMs), "could not schedule the next run"),
    async ensure(all: Iterable<Recurring>) {
      for (const r of all) await send(r, undefined, "could not schedule a recurring job");
    },
  };
}

/** The database is away (a restart): said once, then every 30 s while it lasts, not every poll. */
function fetchTrouble(log: Logger) {
  let failingSince: number | null = null;
  let lastLog = 0;
  return {
    failed(e: unknown) {
      const at = Date.now();
      if (failingSince === null || at - lastLog >= 30_000) {
        log.error(
          { err: (e as Error).message, failingForMs: failingSince === null ? 0 : at - failingSince },
          "could not fetch jobs",
        );
        lastLog = at;
      }
      failingSince ??= at;
    },
    worked() {
      if (failingSince === null) return;
      log.warn({ afterMs: Date.now() - failingSince }, "fetching jobs works again");
      failingSince = null;
    },
  };
}

export function startWorker(o: WorkerOptions): Worker {
  const holdSeconds = o.holdSeconds ?? DEFAULT_HOLD_SECONDS;
  const heartbeatMs = o.heartbeatMs ?? Math.max(250, Math.floor((holdSeconds * 1000) / 3));
  const identity = workerIdentity(o.now());
  /** The jobs this worker holds now (their holds are renewed on each beat). */
  const holding = new Set<LeasedJob>();
  const kinds = new Map(o.kinds.map((k) => [k.kind, k]));
  const kindNames = [...kinds.keys()];
  /** What may start while background work waits for foreground work (foreground.ts). */
  const notBackground = o.kinds.filter((k) => k.priority !== "background").map((k) => k.kind);
  const recurring = new Map((o.recurring ?? []).map((r) => [r.kind, r]));
  const schedule = recurringSender(o);
  const unprovenCap = o.unprovenCap ?? Math.max(1, Math.floor(o.concurrency / 4));
  const clock = () => o.now().getTime();
  const giveWay = createGiveWay(clock, o.busy);
  const foreground = createForegroundHold(clock);
  const trouble = fetchTrouble(o.log);
  const deps: AttemptDeps = {
    queue: o.queue,
    kinds,
    recurring,
    now: o.now,
    log: o.log,
    storeFetch: o.storeFetch,
    ...(o.governor ? { governor: o.governor } : {}),
    failsForGood: o.failsForGood ?? (() => false),
    scheduleNext: schedule.next,
    foregroundWaiting: () => foreground.holding(),
  };
  let stopping = false;
  let inFlight = 0;
  let wakeUp: (() => void) | null = null;
  /**
   * A wake that came while the loop was not asleep (a job ended, or one was sent, during a fetch): the loop's next
   * sleep returns at once. Lost, the next job of a chain (a callback's exchange, the next exchange of a lane capped
   * at one) waited a whole poll.
   */
  let woken = false;
  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  let idleWaiters: Array<() => void> = [];
  const running = new Set<Promise<void>>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) {
        woken = false;
        resolve();
        return;
      }
      const t = setTimeout(() => {
        wakeUp = null;
        resolve();
      }, ms);
      wakeUp = () => {
        clearTimeout(t);
        wakeUp = null;
        woken = false;
        resolve();
      };
    });

  let beating: Promise<void> = Promise.resolve();
  const beat = () => {
    beating = (async () => {
      const now = o.now();
      await o.queue.heartbeat([...holding], new Date(now.getTime() + holdSeconds * 1000));
      await o.queue.workers.beat(identity, now);
    })().catch((e: unknown) =>
      o.log.warn({ err: (e as Error).message }, "heartbeat failed (running jobs may be handed to another worker)"),
    );
  };
  beat();
  const beats = setInterval(beat, heartbeatMs);
  beats.unref();

  /** Leases the next job, or null (nothing runnable, or the database is away). */
  async function lease(): Promise<LeasedJob | null> {
    try {
      const job = await o.queue.fetch({
        kinds: kindNames,
        ...(foreground.holding() ? { startable: notBackground } : {}),
        laneCap: o.laneCap,
        unprovenCap,
        now: o.now(),
        holdSeconds,
      });
      trouble.worked();
      return job;
    } catch (e) {
      trouble.failed(e);
      return null;
    }
  }

  function start(job: LeasedJob): void {
    inFlight++;
    holding.add(job);
    const isForeground = kinds.get(job.kind)?.priority === "foreground";
    if (isForeground) foreground.started();
    const p = runAttempt(deps, job)
      .catch((e: unknown) => o.log.error({ job: job.id, err: (e as Error).message }, "job bookkeeping failed"))
      .finally(() => {
        if (isForeground) foreground.ended();
        holding.delete(job);
        inFlight--;
        running.delete(p);
        wake();
      });
    running.add(p);
  }

  /** Starts jobs while slots are free; true when it started any. */
  async function fill(yielding: boolean): Promise<boolean> {
    let fetched = false;
    while (!stopping && inFlight < o.concurrency && !yielding) {
      const job = await lease();
      if (!job) break;
      fetched = true;
      start(job);
    }
    return fetched;
  }

  const loop = (async () => {
    await schedule.ensure(recurring.values());
    let lastEnsure = Date.now();
    while (!stopping) {
      const yielding = giveWay.yielding();
      const fetched = await fill(yielding);
      // background jobs held back for foreground ones may still be queued: not idle yet
      const holdingBack = foreground.holding();
      if (!fetched && inFlight === 0 && !yielding && !holdingBack) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const w of waiters) w();
      }
      if (Date.now() - lastEnsure > 60_000) {
        lastEnsure = Date.now();
        await schedule.ensure(recurring.values());
      }
      // a hold that ends before the next poll: look again when it does
      const holdLeft = yielding ? giveWay.holdLeft() : holdingBack ? foreground.holdLeft() : 0;
      if (!stopping)
        await sleep(fetched && inFlight < o.concurrency ? 0 : holdLeft > 0 ? Math.min(o.pollMs, holdLeft) : o.pollMs);
    }
  })();

  return {
    wake,
    giveWay: (ms) => giveWay.hold(ms),
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        wake();
      }),
    async stop(graceMs = 10_000) {
      stopping = true;
      wake();
      await loop;
      await Promise.race([Promise.allSettled([...running]), new Promise((r) => setTimeout(r, graceMs).unref())]);
      // jobs still running past the grace stop being renewed: another worker takes them once their hold ends
      clearInterval(beats);
      await beating;
      await o.queue.workers.gone(identity.id).catch(() => undefined);
    },
    get running() {
      return inFlight;
    },
  };
}
