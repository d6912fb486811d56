/**
 * One attempt of a leased job, and what becomes of the job after it (packages/storage/src/jobs/worker.ts lists the outcomes):
 * completed, given back (`again`, RetryLater), retried or failed; counted in the metrics and traced.
 */
import type { Logger } from "pino";
import { metrics } from "../ops/metrics.ts";
import { contextFromTraceparent, withSpan } from "../ops/tracing.ts";
import { governedFetch, type GovernorPolicy } from "./governor.ts";
import { InvalidJobData, type JobContext, type JobKind, type Recurring } from "./job-kind.ts";
import type { JobQueue, LeasedJob } from "./queue.ts";
import { RetryLater } from "./retry-later.ts";

export interface AttemptDeps {
  queue: JobQueue;
  kinds: ReadonlyMap<string, JobKind>;
  recurring: ReadonlyMap<string, Recurring>;
  now: () => Date;
  log: Logger;
  storeFetch: typeof fetch;
  governor?: GovernorPolicy;
  /** Errors that no retry can fix (the app says which: a store's 4xx, lib/verbs/jobs.ts): failed at once. */
  failsForGood: (error: unknown) => boolean;
  /** Sends a recurring kind's next run. */
  scheduleNext(r: Recurring, from: Date): Promise<void>;
  /** Foreground jobs run in this worker (JobContext.foregroundWaiting). */
  foregroundWaiting: () => boolean;
}

type AttemptResult = "completed" | "again" | "waiting" | "retry" | "failed" | "lost";

/** When a job that must wait may start again: after its lane's pause, and not before `notBefore`. */
async function retryTime(d: AttemptDeps, job: LeasedJob, notBefore?: number): Promise<Date | undefined> {
  const lane = await d.queue.lanes.get(job.lane).catch(() => null);
  const paused = lane?.pausedUntil?.getTime() ?? 0;
  const at = Math.max(paused, notBefore ?? 0);
  return at > d.now().getTime() ? new Date(at) : undefined;
}

function jobContext(d: AttemptDeps, job: LeasedJob, log: Logger): JobContext {
  return {
    job,
    attempt: job.retryCount,
    now: d.now,
    log,
    storeFetch: governedFetch(d.storeFetch, job.lane, {
      lanes: d.queue.lanes,
      now: d.now,
      log,
      ...(d.governor ? { policy: d.governor } : {}),
    }),
    leaseEndsAt: new Date(job.lease.getTime() + job.leaseSeconds * 1000),
    foregroundWaiting: d.foregroundWaiting,
  };
}

/** The handler threw: the job waits (RetryLater), or fails (for good, or to be retried). */
async function failed(
  d: AttemptDeps,
  kind: JobKind,
  job: LeasedJob,
  ctx: JobContext,
  e: unknown,
): Promise<AttemptResult> {
  const message = e instanceof Error ? e.message : String(e);
  if (e instanceof InvalidJobData) {
    await d.queue.fail(job, { message, final: true }, d.now());
    return "failed";
  }
  if (e instanceof RetryLater) {
    const at = (await retryTime(d, job, e.notBefore)) ?? new Date(d.now().getTime() + 1000);
    await d.queue.requeue(job, d.now(), at);
    ctx.log.info({ until: at.toISOString() }, `job waits: ${message}`);
    return "waiting";
  }
  const retryAt = await retryTime(d, job);
  const verdict = await d.queue.fail(
    job,
    { message, ...(retryAt ? { retryAt } : {}), final: d.failsForGood(e) },
    d.now(),
  );
  ctx.log.warn({ verdict, err: message }, "job failed");
  if (verdict === "failed") {
    const { storeFetch: _unused, ...rest } = ctx;
    await kind
      .onFailed(job.data, message, rest)
      .catch((err: unknown) => ctx.log.error({ err: (err as Error).message }, "onFailed failed"));
  }
  return verdict;
}

async function attempt(d: AttemptDeps, job: LeasedJob): Promise<AttemptResult> {
  const kind = d.kinds.get(job.kind);
  if (!kind) {
    await d.queue.fail(job, { message: `no handler for job kind ${job.kind}`, final: true }, d.now());
    return "failed";
  }
  const log = d.log.child({ job: job.id, kind: job.kind, attempt: job.retryCount });
  const ctx = jobContext(d, job, log);
  try {
    const result = await kind.run(job.data, ctx);
    if (result && "again" in result) {
      await d.queue.requeue(job, d.now(), result.after);
      return "again";
    }
    const done = await d.queue.complete(job, result && "output" in result ? (result.output ?? null) : null, d.now());
    if (!done) log.warn("job finished after its lease was taken over; its result was not recorded");
    return done ? "completed" : "lost";
  } catch (e) {
    return await failed(d, kind, job, ctx, e);
  } finally {
    const r = d.recurring.get(job.kind);
    if (r) await d.scheduleNext(r, d.now());
  }
}

/** One attempt, counted and traced (continuing the sender's trace when the job carries one). */
export async function runAttempt(d: AttemptDeps, job: LeasedJob): Promise<void> {
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
    d.log.debug({ job: job.id, kind: job.kind, attempt: job.retryCount, lane: job.lane }, "job started");
    const result = await withSpan(
      `job ${job.kind}`,
      { "job.kind": job.kind, "job.id": job.id, "job.attempt": job.retryCount },
      () => attempt(d, job),
      contextFromTraceparent(traceparent),
    );
    m.jobsFinished.inc({ kind: job.kind, result });
    d.log.debug({ job: job.id, kind: job.kind, result }, "job ended");
  } finally {
    m.jobsRunning.dec({ kind: job.kind });
  }
}
