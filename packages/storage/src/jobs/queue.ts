/**
 * The job queue: the kit's own job tables on both databases (sql-queue.ts, one set of named statements run through
 * one executor per database: sql/). One conformance suite runs against both, and against any other queue
 * (describeJobQueueConformance, packages/storage/tests/jobs/job-queue-conformance.suite.ts).
 *
 * Fairness and caps (docs/platform.md, "Jobs"): every job belongs to a lane (a store's base URL; "" for app-wide
 * work). A lane runs at most `laneCap` jobs at once across every worker, and lanes take turns: each job gets a
 * fairness tag when sent, max(virtual clock, the lane's last tag) + 1, where the virtual clock is the tag of the
 * last job started. The ready job with the lowest tag among lanes below their cap and not paused starts next, so
 * a lane with 10,000 queued jobs holds tags far ahead while another lane's first job lands right behind the
 * running ones (start-time fair queueing: round-robin across lanes with work, none starved).
 *
 * Keys: jobs with the same key run one at a time, in the order sent. With `dedupe`, a send is dropped while a job
 * with that key is still queued (a second health probe of the same store while one waits adds nothing).
 *
 * Leases: a started job belongs to its worker for `leaseSeconds` at most. A worker that dies (crash, kill -9, deploy)
 * leaves the lease to run out; the job then counts an attempt and runs again elsewhere. Completion and failure are
 * accepted only from the holder of the current lease (exactly once: a worker whose lease ran out cannot complete a
 * job another worker re-ran). Heartbeats hand a dead worker's jobs back sooner: fetched with `holdSeconds`, a job
 * is held that long and the worker renews the hold while it runs (`heartbeat`), never past the job's own lease; a
 * worker that stops beating loses its jobs `holdSeconds` later, whatever their lease.
 */

export const JOB_STATES = ["created", "retry", "active", "completed", "failed", "cancelled"] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface SendOptions {
  /** Fairness and concurrency lane: a store's base URL, or "" (default) for app-wide work. */
  lane?: string;
  /** Jobs with the same key run one at a time, in the order sent. */
  key?: string;
  /** With `key`: drop this send while a job with the key is queued (not yet started). Returns null then. */
  dedupe?: boolean;
  /** Whom the job is for (an installation id, `key:<consumer key>`): the Jobs view filters on it. */
  ref?: string;
  startAfter?: Date;
  /** Attempts after the first. Default 3. */
  retryLimit?: number;
  /** Delay before the first retry; doubled (with jitter) each retry when `retryBackoff`. Default 5 s. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** Default 60 s. */
  leaseSeconds?: number;
  /**
   * Started before any job that is not urgent, still within its lane's cap and pauses: a token exchange must finish
   * inside the store's 300 s window, and must not wait behind the same store's sync slices, exports or bulk jobs.
   * Urgent jobs take turns by fairness tags of their own (a counter per lane, `urgent:<lane>`). A key's jobs should
   * be all urgent or none (they keep their order by tag). Kept when the job is requeued or retried. Only for short
   * work of proven stores: urgent jobs go first whatever else waits.
   */
  urgent?: boolean;
}

/** One job of a group sent at once (JobQueue.sendMany): no `dedupe`. */
export type JobToSend = { kind: string; data: unknown; options: Omit<SendOptions, "dedupe"> };

export const SEND_DEFAULTS = { retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true, leaseSeconds: 60 } as const;

export interface Job {
  id: string;
  kind: string;
  /** As sent (JSON); the job kind validates it. */
  data: unknown;
  state: JobState;
  lane: string;
  key: string | null;
  ref: string | null;
  /** Attempts made after the first. */
  retryCount: number;
  retryLimit: number;
  startAfter: Date;
  startedAt: Date | null;
  createdAt: Date;
  completedAt: Date | null;
  /** The handler's result, or `{ message }` of the last failure. */
  output: unknown;
}

/** A job this worker holds: `lease` identifies the attempt (completion checks it). */
export interface LeasedJob extends Job {
  state: "active";
  startedAt: Date;
  lease: Date;
  leaseSeconds: number;
}

export interface FetchOptions {
  /** The kinds this worker runs: their running jobs count toward the lanes' caps. */
  kinds: readonly string[];
  /** Of those, the kinds that may start now (default: all; a worker holding back background work names fewer). */
  startable?: readonly string[];
  /** Jobs of one lane running at once, across every worker. */
  laneCap: number;
  /**
   * Jobs of never-proven stores running at once, across every worker, in each of their two classes (exchanges:
   * UNPROVEN_LANE_PREFIX; recording callbacks: UNPROVEN_RECORDING_PREFIX); one lane of a class runs
   * `unprovenLaneCap` of them. The rest of the workers' slots stay for proven stores and app-wide upkeep whatever
   * unauthenticated callbacks queue. Default: no cap.
   */
  unprovenCap?: number;
  now: Date;
  /** Crash hand-back: the job is held this long (at most its lease), renewed by `heartbeat`. Default: the whole lease. */
  holdSeconds?: number;
}

/** A worker's heartbeat row: readiness asks whether a worker is alive (docs/operations.md). */
export interface WorkerBeat {
  id: string;
  host: string;
  pid: number;
  startedAt: Date;
}

/**
 * Lanes of stores no exchange ever proved (anyone can post a callback naming any host), one per host: their jobs
 * form a class with its own cap (FetchOptions.unprovenCap), and their finished jobs are pruned within minutes
 * (JobQueue.pruneUnproven).
 */
export const UNPROVEN_LANE_PREFIX = "unproven:";

/**
 * Where never-proven callbacks are recorded, one lane per host too: recording calls no store, so neither a host's
 * paused exchange lane nor the exchange class's slots held by slow hosts may hold it back. A second class, capped
 * like the first; pruned like it.
 */
export const UNPROVEN_RECORDING_PREFIX = "recording:unproven:";

/**
 * Inside each never-proven class one lane runs at most one job fewer than the class (at least one), so a host with
 * a backlog never takes the whole class: another store's first activation finds a slot free at once, whatever
 * tags that backlog holds (its tags can be older than a newcomer's when a faster lane moved the clock meanwhile).
 */
export function unprovenLaneCap(unprovenCap: number, laneCap: number): number {
  return Math.min(laneCap, Math.max(1, unprovenCap - 1));
}

export interface LaneState {
  lane: string;
  pausedUntil: Date | null;
  failStreak: number;
  reason: string | null;
}

export interface JobListFilter {
  refs?: readonly string[];
  kinds?: readonly string[];
  states?: readonly JobState[];
  limit: number;
}

export interface JobQueue {
  readonly provider: "sqlite" | "postgresql";
  /** Checks storage is ready (the migrations made the job table). Idempotent. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The new job's id, or null when `dedupe` dropped it. */
  send(kind: string, data: unknown, options: SendOptions, now: Date): Promise<string | null>;
  /** Several jobs in one go (a couple of statements whatever their number); no `dedupe`. Ids in order. */
  sendMany(jobs: readonly JobToSend[], now: Date): Promise<string[]>;
  /** Leases the next job fairly (see above), or null when nothing may start now. */
  fetch(options: FetchOptions): Promise<LeasedJob | null>;
  complete(job: LeasedJob, output: unknown, now: Date): Promise<boolean>;
  /**
   * The worker holding `jobs` is alive: each job's hold is renewed until `until` (never past the job's own lease).
   * Jobs whose lease is no longer this worker's are left alone.
   */
  heartbeat(jobs: readonly LeasedJob[], until: Date): Promise<void>;
  workers: {
    /** This worker is alive (its row written, or its beat moved to `now`). */
    beat(worker: WorkerBeat, now: Date): Promise<void>;
    /** This worker stopped (its row removed). */
    gone(id: string): Promise<void>;
    /** The most recent beat of any worker, or null when none ever beat. */
    lastBeat(): Promise<Date | null>;
  };
  /**
   * A failed attempt: retried (at `retryAt`, else after the job's backoff) while attempts remain and not `final`,
   * else failed for good. "lost": the lease was no longer this worker's (nothing written).
   */
  fail(
    job: LeasedJob,
    error: { message: string; retryAt?: Date; final?: boolean },
    now: Date,
  ): Promise<"retry" | "failed" | "lost">;
  /**
   * Gives the lease back without counting an attempt: the job runs again from `startAfter` (default now), with a
   * new fairness tag (a long job going on in slices; a store that asked us to wait).
   */
  requeue(job: LeasedJob, now: Date, startAfter?: Date): Promise<boolean>;
  get(id: string): Promise<Job | null>;
  list(filter: JobListFilter): Promise<Job[]>;
  /** Jobs queued, waiting to retry and running, per kind and state (the metrics' kit_jobs_open). */
  openCounts(): Promise<Array<{ kind: string; state: JobState; count: number }>>;
  /** Is a job of `kind` for `ref` queued or running? */
  hasOpen(kind: string, ref: string): Promise<boolean>;
  /**
   * Which of these keys have a job queued (waiting or to retry; not running): what `dedupe` would drop, read for
   * many keys in one statement per 500 (a scheduler asks before sending, instead of one locked check per key).
   */
  queuedKeys(keys: readonly string[]): Promise<Set<string>>;
  /**
   * Deletes jobs of never-proven lanes (both classes) that finished before `before`, and queued ones created before
   * it (their store's 300 s window is over: they can only fail), then those lanes' rows left with no job. Returns
   * how many jobs.
   */
  pruneUnproven(before: Date): Promise<number>;
  /** Deletes completed jobs that finished before `completedBefore`, failed and cancelled ones before `failedBefore`. */
  pruneFinished(completedBefore: Date, failedBefore: Date): Promise<number>;
  /** A failed or cancelled job runs again (one more attempt). */
  retry(id: string, now: Date): Promise<boolean>;
  cancel(id: string, now: Date): Promise<boolean>;
  lanes: {
    get(lane: string): Promise<LaneState | null>;
    list(lanes: readonly string[]): Promise<LaneState[]>;
    pause(lane: string, until: Date, reason: string): Promise<void>;
    /** One more consecutive 5xx; returns the new streak. */
    addFailure(lane: string): Promise<number>;
    /** A good answer: the streak ends (and a circuit pause with it). */
    clearFailures(lane: string): Promise<void>;
  };
}

/** The lane row that holds the virtual clock. */
export const CLOCK_LANE = "*";

/** The counter an urgent job's fairness tag comes from (SendOptions.urgent): a JobLane row of its own. */
export const tagLaneOf = (lane: string, urgent: boolean): string => (urgent ? `urgent:${lane}` : lane);

/** The retry delay (pg-boss's formula, which the kit kept): retryDelay × 2^(retryCount + 1) / 2 × (1 + random), capped at 2^16. */
export function backoffSeconds(
  retryCount: number,
  retryDelaySeconds: number,
  backoff: boolean,
  random: number,
): number {
  if (!backoff) return retryDelaySeconds;
  const base = (retryDelaySeconds * 2 ** Math.min(16, retryCount + 1)) / 2;
  return base + base * random;
}
