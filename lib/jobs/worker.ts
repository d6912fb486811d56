/**
 * A worker: leases jobs from the queue (fairly, lib/jobs/queue.ts) and runs them, `concurrency` at a time. Runs
 * inside the web process (`npm run dev`, `npm start`, unless WORKER=off) or alone (`npm run worker`); any number of
 * workers may share one database. What happens to a job:
 * - data invalid for its kind: failed for good (a retry cannot fix it);
 * - the handler returns: completed; it returns `{ again: true }`: given back to run on later (a long job in slices);
 * - it throws RetryLater (the store asked us to wait): given back, to start after the lane's pause, no attempt used;
 * - it throws a store's 4xx answer (other than 408 and 429: a missing permission, a bad request): failed at once,
 *   since asking again cannot change the answer;
 * - it throws anything else: retried with backoff (after the lane's pause if the store is paused) until the job's
 *   retries are spent, then failed with the error's message. Either way the kind's `onFailed` runs.
 * Recurring jobs (maintenance, health probes) are chained: after each run the next is sent, and every worker
 * makes sure one is queued when it starts (keys make that idempotent).
 */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { MagentoApiError, MagentoOAuthError } from "@/lib/magento";
import type { Logger } from "pino";
import { metrics } from "@/lib/ops/metrics";
import { contextFromTraceparent, withSpan } from "@/lib/ops/tracing";
import type { z } from "zod";
import { governedFetch, type GovernorPolicy } from "./governor";
import type { JobQueue, LeasedJob } from "./queue";
import { RetryLater } from "./retry-later";

export interface JobContext {
  job: LeasedJob;
  /** 0 on the first attempt. */
  attempt: number;
  now: () => Date;
  log: Logger;
  /** The store fetch for this job's lane, watched by the rate governor (lib/jobs/governor.ts). */
  storeFetch: typeof fetch;
  /** When this attempt's lease ends: a long job stops before and returns `{ again: true }`. */
  leaseEndsAt: Date;
}

/** `again`: given back to run later, from `after` when given (a job that polls, lib/jobs/kinds/bulk.ts). */
export type JobResult = { again: true; after?: Date } | { output?: unknown } | void;

export interface JobDefinition<T> {
  kind: string;
  /** The job's data, checked before it runs (a job sent by an older version may not fit any more). */
  schema: z.ZodType<T>;
  run(data: T, ctx: JobContext): Promise<JobResult>;
  /** After the last attempt failed (not when the data was invalid). */
  onFailed?(data: T, message: string, ctx: Omit<JobContext, "storeFetch">): Promise<void>;
}

/** A job kind as the worker holds it: data checked against the kind's schema on the way in. */
export interface JobKind {
  kind: string;
  /** Throws InvalidJobData when the data does not fit. */
  run(data: unknown, ctx: JobContext): Promise<JobResult>;
  onFailed(data: unknown, message: string, ctx: Omit<JobContext, "storeFetch">): Promise<void>;
}

export class InvalidJobData extends Error {
  override readonly name = "InvalidJobData";
}

export function defineJob<T>(def: JobDefinition<T>): JobKind {
  const parse = (data: unknown): T => {
    const r = def.schema.safeParse(data);
    if (!r.success) throw new InvalidJobData(`invalid ${def.kind} job data: ${r.error.issues[0]?.message ?? "?"}`);
    return r.data;
  };
  return {
    kind: def.kind,
    run: (data, ctx) => def.run(parse(data), ctx),
    onFailed: async (data, message, ctx) => {
      const r = def.schema.safeParse(data);
      if (r.success && def.onFailed) await def.onFailed(r.data, message, ctx);
    },
  };
}

export interface Recurring {
  kind: string;
  everyMs: number;
  data?: unknown;
}

export interface WorkerOptions {
  queue: JobQueue;
  kinds: readonly JobKind[];
  /** Jobs this worker runs at once. */
  concurrency: number;
  /** Jobs of one lane (store) running at once across every worker. */
  laneCap: number;
  /**
   * Jobs of never-proven stores running at once across every worker (lib/jobs/queue.ts). Default: a quarter of
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

/** A store's 4xx other than 408 (timeout) and 429 (slow down): the same request would get the same answer. */
function refusedForGood(e: unknown): boolean {
  const status = e instanceof MagentoApiError || e instanceof MagentoOAuthError ? e.status : undefined;
  return status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** The longest a worker holds back new jobs in a row for giveWay. */
const MAX_HOLD_MS = 5_000;

export function recurringKey(kind: string): string {
  return `every:${kind}`;
}

export function startWorker(o: WorkerOptions): Worker {
  const holdSeconds = o.holdSeconds ?? DEFAULT_HOLD_SECONDS;
  const heartbeatMs = o.heartbeatMs ?? Math.max(250, Math.floor((holdSeconds * 1000) / 3));
  const identity = {
    id: `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`,
    host: hostname(),
    pid: process.pid,
    startedAt: o.now(),
  };
  /** The jobs this worker holds now (their holds are renewed on each beat). */
  const holding = new Set<LeasedJob>();
  const byKind = new Map(o.kinds.map((k) => [k.kind, k]));
  const kindNames = [...byKind.keys()];
  const recurring = new Map((o.recurring ?? []).map((r) => [r.kind, r]));
  const unprovenCap = o.unprovenCap ?? Math.max(1, Math.floor(o.concurrency / 4));
  let stopping = false;
  let inFlight = 0;
  let wakeUp: (() => void) | null = null;
  let idleWaiters: Array<() => void> = [];
  const running = new Set<Promise<void>>();
  let yieldingSince: number | null = null;
  let holdUntil = 0;
  let holdingSince: number | null = null;
  let fetchFailingSince: number | null = null;
  let lastFetchErrorLog = 0;
  /**
   * giveWay's hold, for at most MAX_HOLD_MS in a row (a flood of callbacks cannot stop the jobs for good). A new
   * hold starts only after a quiet spell as long: a flood with short pauses (anyone can post callbacks) would
   * otherwise start a fresh hold after each pause, and the jobs would run only in the pauses. Timed on the
   * worker's own clock (`now`), so a test drives it with a controlled one.
   */
  const clock = () => o.now().getTime();
  const held = (): boolean => {
    const now = clock();
    if (now >= holdUntil) {
      if (now - holdUntil >= MAX_HOLD_MS) holdingSince = null;
      return false;
    }
    holdingSince ??= now;
    return now - holdingSince < MAX_HOLD_MS;
  };
  const givingWay = (): boolean => {
    if (held()) {
      yieldingSince = null; // `busy` gets its own second once the hold ends
      return true;
    }
    if (!o.busy?.()) {
      yieldingSince = null;
      return false;
    }
    yieldingSince ??= clock();
    return clock() - yieldingSince < 1_000;
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        wakeUp = null;
        resolve();
      }, ms);
      wakeUp = () => {
        clearTimeout(t);
        wakeUp = null;
        resolve();
      };
    });

  async function scheduleNext(r: Recurring, from: Date): Promise<void> {
    await o.queue
      .send(
        r.kind,
        r.data ?? {},
        { key: recurringKey(r.kind), dedupe: true, startAfter: new Date(from.getTime() + r.everyMs), retryLimit: 1 },
        o.now(),
      )
      .catch((e: unknown) =>
        o.log.warn({ kind: r.kind, err: (e as Error).message }, "could not schedule the next run"),
      );
  }

  async function ensureRecurring(): Promise<void> {
    for (const r of recurring.values()) {
      await o.queue
        .send(r.kind, r.data ?? {}, { key: recurringKey(r.kind), dedupe: true, retryLimit: 1 }, o.now())
        .catch((e: unknown) =>
          o.log.warn({ kind: r.kind, err: (e as Error).message }, "could not schedule a recurring job"),
        );
    }
  }

  async function retryTime(job: LeasedJob, notBefore?: number): Promise<Date | undefined> {
    const lane = await o.queue.lanes.get(job.lane).catch(() => null);
    const paused = lane?.pausedUntil?.getTime() ?? 0;
    const at = Math.max(paused, notBefore ?? 0);
    return at > o.now().getTime() ? new Date(at) : undefined;
  }

  /** One attempt, counted and traced (continuing the sender's trace when the job carries one). */
  async function run(job: LeasedJob): Promise<void> {
    const m = metrics();
    m.jobsStarted.inc({ kind: job.kind });
    m.queueLagSeconds.observe(
      { kind: job.kind },
      Math.max(0, job.startedAt.getTime() - Math.max(job.startAfter.getTime(), job.createdAt.getTime())) / 1000,
    );
    m.jobsRunning.inc({ kind: job.kind });
    const traceparent =
      job.data && typeof job.data === "object" ? (job.data as { traceparent?: unknown }).traceparent : undefined;
    try {
      o.log.debug({ job: job.id, kind: job.kind, attempt: job.retryCount, lane: job.lane }, "job started");
      const result = await withSpan(
        `job ${job.kind}`,
        { "job.kind": job.kind, "job.id": job.id, "job.attempt": job.retryCount },
        () => attempt(job),
        contextFromTraceparent(traceparent),
      );
      m.jobsFinished.inc({ kind: job.kind, result });
      o.log.debug({ job: job.id, kind: job.kind, result }, "job ended");
    } finally {
      m.jobsRunning.dec({ kind: job.kind });
    }
  }

  type AttemptResult = "completed" | "again" | "waiting" | "retry" | "failed" | "lost";

  async function attempt(job: LeasedJob): Promise<AttemptResult> {
    const kind = byKind.get(job.kind);
    const log = o.log.child({ job: job.id, kind: job.kind, attempt: job.retryCount });
    if (!kind) {
      await o.queue.fail(job, { message: `no handler for job kind ${job.kind}`, final: true }, o.now());
      return "failed";
    }
    const ctx: JobContext = {
      job,
      attempt: job.retryCount,
      now: o.now,
      log,
      storeFetch: governedFetch(o.storeFetch, job.lane, {
        lanes: o.queue.lanes,
        now: o.now,
        log,
        ...(o.governor ? { policy: o.governor } : {}),
      }),
      leaseEndsAt: new Date(job.lease.getTime() + job.leaseSeconds * 1000),
    };
    try {
      const result = await kind.run(job.data, ctx);
      if (result && "again" in result) {
        await o.queue.requeue(job, o.now(), result.after);
        return "again";
      }
      const done = await o.queue.complete(job, result && "output" in result ? (result.output ?? null) : null, o.now());
      if (!done) log.warn("job finished after its lease was taken over; its result was not recorded");
      return done ? "completed" : "lost";
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (e instanceof InvalidJobData) {
        await o.queue.fail(job, { message, final: true }, o.now());
        return "failed";
      }
      if (e instanceof RetryLater) {
        const at = (await retryTime(job, e.notBefore)) ?? new Date(o.now().getTime() + 1000);
        await o.queue.requeue(job, o.now(), at);
        log.info({ until: at.toISOString() }, `job waits: ${message}`);
        return "waiting";
      }
      const retryAt = await retryTime(job);
      const verdict = await o.queue.fail(
        job,
        { message, ...(retryAt ? { retryAt } : {}), final: refusedForGood(e) },
        o.now(),
      );
      log.warn({ verdict, err: message }, "job failed");
      if (verdict === "failed") {
        const { storeFetch: _unused, ...rest } = ctx;
        await kind
          .onFailed(job.data, message, rest)
          .catch((err: unknown) => log.error({ err: (err as Error).message }, "onFailed failed"));
      }
      return verdict;
    } finally {
      const r = recurring.get(job.kind);
      if (r) await scheduleNext(r, o.now());
    }
  }

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

  const loop = (async () => {
    await ensureRecurring();
    let lastEnsure = Date.now();
    while (!stopping) {
      let fetched = false;
      const yielding = givingWay();
      while (!stopping && inFlight < o.concurrency && !yielding) {
        let job: LeasedJob | null;
        try {
          job = await o.queue.fetch({ kinds: kindNames, laneCap: o.laneCap, unprovenCap, now: o.now(), holdSeconds });
        } catch (e) {
          // the database is away (a restart): said once, then every 30 s while it lasts, not every poll
          const at = Date.now();
          if (fetchFailingSince === null || at - lastFetchErrorLog >= 30_000) {
            o.log.error(
              { err: (e as Error).message, failingForMs: fetchFailingSince === null ? 0 : at - fetchFailingSince },
              "could not fetch jobs",
            );
            lastFetchErrorLog = at;
          }
          fetchFailingSince ??= at;
          break;
        }
        if (fetchFailingSince !== null) {
          o.log.warn({ afterMs: Date.now() - fetchFailingSince }, "fetching jobs works again");
          fetchFailingSince = null;
        }
        if (!job) break;
        fetched = true;
        inFlight++;
        const leased = job;
        holding.add(leased);
        const p = run(leased)
          .catch((e: unknown) => o.log.error({ job: leased.id, err: (e as Error).message }, "job bookkeeping failed"))
          .finally(() => {
            holding.delete(leased);
            inFlight--;
            running.delete(p);
            wakeUp?.();
          });
        running.add(p);
      }
      if (!fetched && inFlight === 0 && !yielding) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const w of waiters) w();
      }
      if (Date.now() - lastEnsure > 60_000) {
        lastEnsure = Date.now();
        await ensureRecurring();
      }
      const holdLeft = holdUntil - clock();
      if (!stopping)
        await sleep(
          fetched && inFlight < o.concurrency ? 0 : yielding && holdLeft > 0 ? Math.min(o.pollMs, holdLeft) : o.pollMs,
        );
    }
  })();

  return {
    wake: () => wakeUp?.(),
    giveWay(ms) {
      holdUntil = Math.max(holdUntil, clock() + ms);
    },
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        wakeUp?.();
      }),
    async stop(graceMs = 10_000) {
      stopping = true;
      wakeUp?.();
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
