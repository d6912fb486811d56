/**
 * The job queue on PostgreSQL: pg-boss 10 (pinned; 11+ needs Node 22) keeps the jobs: its schema and migrations,
 * inserting jobs (retry limits, delays, backoff, lease length as `expire_in`), and its maintenance (expiring
 * abandoned leases, archiving and deleting old jobs), shared safely by any number of processes.
 *
 * Two things pg-boss 10 does not do are added here, in SQL over its job table: the fair fetch (lanes, caps, keys:
 * lib/jobs/queue.ts; pg-boss's own fetch is first-in-first-out per queue) and lease-checked completion (pg-boss
 * completes by id, so a worker whose lease ran out could complete a job another worker re-ran). Fetches take a
 * transaction-scoped advisory lock: one fetch at a time across every process, which keeps lane caps exact.
 * The fairness tag is pg-boss's `priority` (negated: pg-boss orders by priority descending); lane and ref ride
 * in the job's data next to the payload; the key is pg-boss's `singleton_key` (queue policy "standard": no
 * pg-boss singleton rules apply, the kit's own do).
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import PgBoss from "pg-boss";
import { z } from "zod";
import { DATABASE_CONNECT_TIMEOUT_MS } from "@/lib/db-reachable";
import {
  backoffSeconds,
  CLOCK_LANE,
  JOB_STATES,
  SEND_DEFAULTS,
  UNPROVEN_LANE_PREFIX,
  UNPROVEN_RECORDING_LANE,
  type Job,
  type JobQueue,
  type LaneState,
  type LeasedJob,
} from "./queue";

const SCHEMA = "pgboss";
/** Constants for pg_advisory_xact_lock: fetch, index creation. */
const FETCH_LOCK = 72_190_501;
const SETUP_LOCK = 72_190_502;

/** The kit's indexes on pg-boss's (partitioned) job table: fair fetch order, running jobs, Jobs view, keys. */
const KIT_INDEXES = [
  `CREATE INDEX IF NOT EXISTS kit_job_fair ON ${SCHEMA}.job (priority DESC, created_on, id) WHERE state < 'active'`,
  `CREATE INDEX IF NOT EXISTS kit_job_running ON ${SCHEMA}.job (name) WHERE state = 'active'`,
  `CREATE INDEX IF NOT EXISTS kit_job_ref ON ${SCHEMA}.job ((data->>'ref'), created_on)`,
  `CREATE INDEX IF NOT EXISTS kit_job_key ON ${SCHEMA}.job (singleton_key) WHERE state <= 'active'`,
  // Crash hand-back (lib/jobs/queue.ts, heartbeats): how long each running job is held, renewed while its worker
  // beats; a row per running job, removed when the job's lease ends.
  `CREATE TABLE IF NOT EXISTS ${SCHEMA}.kit_job_hold (id uuid PRIMARY KEY, started_on timestamptz NOT NULL, hold_until timestamptz NOT NULL)`,
];

const row = z.object({
  id: z.string(),
  name: z.string(),
  data: z.object({ lane: z.string(), ref: z.string().nullable(), payload: z.unknown() }).loose(),
  state: z.enum(JOB_STATES),
  singleton_key: z.string().nullable(),
  retry_count: z.number(),
  retry_limit: z.number(),
  start_after: z.date(),
  started_on: z.date().nullable(),
  created_on: z.date(),
  completed_on: z.date().nullable(),
  output: z.unknown(),
  lease_seconds: z.coerce.number(),
});
const COLUMNS = `id, name, data, state, singleton_key, retry_count, retry_limit, start_after, started_on, created_on, completed_on, output,
  EXTRACT(epoch FROM expire_in) AS lease_seconds`;

function toJob(raw: unknown): Job {
  const r = row.parse(raw);
  return {
    id: r.id,
    kind: r.name,
    data: r.data.payload,
    state: r.state,
    lane: r.data.lane,
    key: r.singleton_key,
    ref: r.data.ref,
    retryCount: r.retry_count,
    retryLimit: r.retry_limit,
    startAfter: r.start_after,
    startedAt: r.started_on,
    createdAt: r.created_on,
    completedAt: r.completed_on,
    output: r.output,
  };
}

function toLeased(raw: unknown): LeasedJob {
  const job = toJob(raw);
  const { lease_seconds: leaseSeconds } = row.pick({ lease_seconds: true }).parse(raw);
  if (job.state !== "active" || !job.startedAt) throw new Error(`job ${job.id} is not active`);
  return { ...job, state: "active", startedAt: job.startedAt, lease: job.startedAt, leaseSeconds };
}

const laneRow = z.object({
  lane: z.string(),
  pausedUntil: z.date().nullable(),
  failStreak: z.number(),
  reason: z.string().nullable(),
});
const toLane = (raw: unknown): LaneState => laneRow.parse(raw);

type Sql = { query: pg.Pool["query"] };

/** A dropped connection: the client emits "error" (fatal to the process without a listener), its queries fail. */
const connectionLost = (): void => undefined;

async function inTransaction<T>(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  // The pool listens for errors only on idle clients: a checked-out one whose connection drops between two
  // queries (a database restart) would emit an unhandled "error" and end the process. The transaction fails instead.
  c.on("error", connectionLost);
  let broken = false;
  try {
    await c.query("BEGIN");
    const out = await fn(c);
    await c.query("COMMIT");
    return out;
  } catch (e) {
    await c.query("ROLLBACK").catch(() => {
      broken = true;
    });
    throw e;
  } finally {
    c.off("error", connectionLost);
    c.release(broken); // a connection that cannot even roll back is closed, not given to the next caller
  }
}

/** The next fairness tag of a lane: max(virtual clock, lane's last tag) + 1, in one statement (row lock). */
async function nextTag(c: Sql, lane: string, now: Date): Promise<number> {
  const r = await c.query(
    `INSERT INTO "JobLane" (lane, "lastTag", "updatedAt")
       VALUES ($1, COALESCE((SELECT "lastTag" FROM "JobLane" WHERE lane = $2), 0) + 1, $3)
     ON CONFLICT (lane) DO UPDATE SET "lastTag" = GREATEST("JobLane"."lastTag", COALESCE((SELECT "lastTag" FROM "JobLane" WHERE lane = $2), 0)) + 1
     RETURNING "lastTag"`,
    [lane, CLOCK_LANE, now],
  );
  return z.number().parse(r.rows[0]?.lastTag);
}

export interface PgBossQueueOptions {
  /** Connections this process opens for jobs (sends, fetches, pg-boss maintenance). Default 10. */
  poolSize?: number;
  random?: () => number;
  /** pg-boss maintenance (expiry, archive) every this many seconds. Default 60. */
  maintenanceIntervalSeconds?: number;
  /** Job kinds whose pg-boss queues start() creates; any other kind's queue is created on its first send. */
  kinds?: readonly string[];
  /** Opening a connection or waiting for a free one fails after this long. Default DATABASE_CONNECT_TIMEOUT_MS. */
  connectTimeoutMs?: number;
}

export function createPgBossQueue(connectionString: string, opts: PgBossQueueOptions = {}): JobQueue {
  const pool = new pg.Pool({
    connectionString,
    max: opts.poolSize ?? 10,
    application_name: "kit-jobs",
    connectionTimeoutMillis: opts.connectTimeoutMs ?? DATABASE_CONNECT_TIMEOUT_MS,
  });
  pool.on("error", () => undefined); // an idle connection dropped by the server; the next query reconnects
  const random = opts.random ?? Math.random;
  const newBoss = (): PgBoss => {
    const b = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
      schema: SCHEMA,
      supervise: true,
      schedule: false, // schedules are the kit's own recurring jobs (lib/jobs/worker.ts)
      migrate: true,
      maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 60,
      archiveCompletedAfterSeconds: 24 * 60 * 60,
      archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
      deleteAfterDays: 7,
    });
    b.on("error", () => undefined); // maintenance errors are retried on the next interval
    return b;
  };
  let boss = newBoss();
  const queues = new Map<string, Promise<void>>();
  let started: Promise<void> | null = null;

  /**
   * A pg-boss queue is a partition of its job table: creating one is DDL, and two at once deadlock. One at a time
   * across every process (advisory lock), each kind once per process, through pg-boss's own create_queue.
   */
  function ensureQueue(kind: string): Promise<void> {
    let p = queues.get(kind);
    if (!p) {
      p = inTransaction(pool, async (c) => {
        await c.query("SELECT pg_advisory_xact_lock($1)", [SETUP_LOCK]);
        const known = await c.query(`SELECT 1 FROM ${SCHEMA}.queue WHERE name = $1`, [kind]);
        if ((known.rowCount ?? 0) === 0)
          await c.query(`SELECT ${SCHEMA}.create_queue($1, $2)`, [kind, JSON.stringify({ policy: "standard" })]);
      }).catch((e: unknown) => {
        queues.delete(kind);
        throw e;
      });
      queues.set(kind, p);
    }
    return p;
  }

  async function finishLeased(c: Sql, job: LeasedJob, set: string, values: unknown[]): Promise<boolean> {
    // the job's hold row goes in the same statement (no extra round trip per job)
    const r = await c.query(
      `WITH done AS (UPDATE ${SCHEMA}.job SET ${set} WHERE name = $1 AND id = $2 AND state = 'active' AND started_on = $3 RETURNING id),
         released AS (DELETE FROM ${SCHEMA}.kit_job_hold WHERE id IN (SELECT id FROM done))
       SELECT count(*)::int AS n FROM done`,
      [job.kind, job.id, job.lease, ...values],
    );
    return z.number().parse(r.rows[0]?.n) > 0;
  }

  const queue: JobQueue = {
    provider: "postgresql",

    start() {
      started ??= (async () => {
        await boss.start();
        await inTransaction(pool, async (c) => {
          await c.query("SELECT pg_advisory_xact_lock($1)", [SETUP_LOCK]);
          for (const sql of KIT_INDEXES) await c.query(sql);
        });
        for (const kind of opts.kinds ?? []) await ensureQueue(kind);
      })().catch((e: unknown) => {
        started = null;
        // pg-boss 10 never starts again once a start failed half-way (it stays "starting", with no maintenance):
        // the next start (the database is back) gets a fresh one
        const failed = boss;
        boss = newBoss();
        void failed.stop({ graceful: false, close: false, wait: false }).catch(() => undefined);
        throw e;
      });
      return started;
    },

    async stop() {
      await boss.stop({ graceful: false, close: false, wait: true }).catch(() => undefined);
      await pool.end();
    },

    async send(kind, data, o, now) {
      await queue.start();
      await ensureQueue(kind);
      const lane = o.lane ?? "";
      const insert = async (c: Sql): Promise<string> => {
        const tag = await nextTag(c, lane, now);
        const id = await boss.send(
          kind,
          { lane, ref: o.ref ?? null, payload: data ?? null },
          {
            id: randomUUID(),
            priority: -tag,
            ...(o.key ? { singletonKey: o.key } : {}),
            startAfter: (o.startAfter ?? now).toISOString(),
            retryLimit: o.retryLimit ?? SEND_DEFAULTS.retryLimit,
            retryDelay: Math.max(1, o.retryDelaySeconds ?? SEND_DEFAULTS.retryDelaySeconds),
            retryBackoff: o.retryBackoff ?? SEND_DEFAULTS.retryBackoff,
            expireInSeconds: o.leaseSeconds ?? SEND_DEFAULTS.leaseSeconds,
            db: { executeSql: (text: string, values: unknown[]) => c.query(text, values) },
          },
        );
        if (!id) throw new Error(`pg-boss did not insert the ${kind} job`);
        return id;
      };
      // Two statements, no transaction (the hot path: every activation callback): a tag lost to a crash in
      // between is harmless. A deduplicated send checks and inserts under a lock on its key.
      if (!(o.dedupe && o.key)) return insert(pool);
      const key = o.key;
      return inTransaction(pool, async (c) => {
        await c.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`kit-key:${key}`]);
        const queued = await c.query(
          `SELECT 1 FROM ${SCHEMA}.job WHERE singleton_key = $1 AND state < 'active' LIMIT 1`,
          [key],
        );
        return (queued.rowCount ?? 0) > 0 ? null : insert(c);
      });
    },

    async sendMany(jobs, now) {
      if (jobs.length === 0) return [];
      await queue.start();
      for (const kind of new Set(jobs.map((j) => j.kind))) await ensureQueue(kind);
      // Tags for the whole group in one statement: each lane reserves as many as it has jobs here.
      const perLane = new Map<string, number>();
      for (const j of jobs) perLane.set(j.options.lane ?? "", (perLane.get(j.options.lane ?? "") ?? 0) + 1);
      const lanes = [...perLane.keys()];
      const reserved = await pool.query(
        `WITH clock AS (SELECT COALESCE((SELECT "lastTag" FROM "JobLane" WHERE lane = $3), 0) AS v)
         INSERT INTO "JobLane" (lane, "lastTag", "updatedAt")
           SELECT w.lane, clock.v + w.n, $4 FROM unnest($1::text[], $2::int[]) AS w(lane, n), clock
         ON CONFLICT (lane) DO UPDATE SET "lastTag" = GREATEST("JobLane"."lastTag", (SELECT v FROM clock)) + (EXCLUDED."lastTag" - (SELECT v FROM clock))
         RETURNING lane, "lastTag"`,
        [lanes, lanes.map((l) => perLane.get(l)!), CLOCK_LANE, now],
      );
      const next = new Map(
        z
          .array(z.object({ lane: z.string(), lastTag: z.number() }))
          .parse(reserved.rows)
          .map((r) => [r.lane, r.lastTag - perLane.get(r.lane)! + 1]),
      );
      const rows = jobs.map((j) => {
        const lane = j.options.lane ?? "";
        const tag = next.get(lane)!;
        next.set(lane, tag + 1);
        return {
          id: randomUUID(),
          name: j.kind,
          data: { lane, ref: j.options.ref ?? null, payload: j.data ?? null },
          priority: -tag,
          startAfter: (j.options.startAfter ?? now).toISOString(),
          retryLimit: j.options.retryLimit ?? SEND_DEFAULTS.retryLimit,
          retryDelay: Math.max(1, j.options.retryDelaySeconds ?? SEND_DEFAULTS.retryDelaySeconds),
          retryBackoff: j.options.retryBackoff ?? SEND_DEFAULTS.retryBackoff,
          expireInSeconds: j.options.leaseSeconds ?? SEND_DEFAULTS.leaseSeconds,
          ...(j.options.key ? { singletonKey: j.options.key } : {}),
        };
      });
      await boss.insert(rows);
      return rows.map((r) => r.id);
    },

    async fetch({ kinds, laneCap, unprovenCap, now, holdSeconds }) {
      await queue.start();
      return inTransaction(pool, async (c) => {
        await c.query("SELECT pg_advisory_xact_lock($1)", [FETCH_LOCK]);
        // Leases that ran out, or holds whose worker stopped beating (the worker died): back to the queue, or
        // failed when no attempt is left.
        await c.query(
          `WITH expired AS (UPDATE ${SCHEMA}.job SET
             state = CASE WHEN retry_count < retry_limit THEN 'retry'::${SCHEMA}.job_state ELSE 'failed'::${SCHEMA}.job_state END,
             start_after = CASE WHEN retry_count < retry_limit THEN $2 ELSE start_after END,
             completed_on = CASE WHEN retry_count < retry_limit THEN NULL ELSE $2 END,
             output = jsonb_build_object('message', CASE WHEN retry_count < retry_limit
               THEN 'lease expired: the worker running it stopped'
               ELSE 'lease expired: the worker running it stopped, and no attempts are left' END)
           WHERE name = ANY($1) AND state = 'active' AND (started_on + expire_in <= $2 OR EXISTS (SELECT 1 FROM ${SCHEMA}.kit_job_hold h
             WHERE h.id = job.id AND h.started_on = job.started_on AND h.hold_until <= $2))
           RETURNING id)
           DELETE FROM ${SCHEMA}.kit_job_hold WHERE id IN (SELECT id FROM expired)`,
          [kinds, now],
        );
        const pick = await c.query(
          `WITH capped AS (
             SELECT data->>'lane' AS lane FROM ${SCHEMA}.job WHERE name = ANY($1) AND state = 'active' GROUP BY 1 HAVING count(*) >= $3
           ), paused AS (
             SELECT lane FROM "JobLane" WHERE "pausedUntil" > $2
           ), unproven_running AS (
             SELECT count(*) AS n FROM ${SCHEMA}.job WHERE name = ANY($1) AND state = 'active' AND starts_with(data->>'lane', $4)
           ), busy_keys AS (
             SELECT DISTINCT singleton_key FROM ${SCHEMA}.job WHERE name = ANY($1) AND state = 'active' AND singleton_key IS NOT NULL
           )
           SELECT j.id, j.name, j.priority FROM ${SCHEMA}.job j
           WHERE j.name = ANY($1) AND j.state < 'active' AND j.start_after <= $2
             AND j.data->>'lane' NOT IN (SELECT lane FROM capped)
             AND j.data->>'lane' NOT IN (SELECT lane FROM paused)
             AND (j.singleton_key IS NULL OR (
               j.singleton_key NOT IN (SELECT singleton_key FROM busy_keys)
               AND NOT EXISTS (SELECT 1 FROM ${SCHEMA}.job o
                 WHERE o.singleton_key = j.singleton_key AND o.name = ANY($1) AND o.state < 'active' AND o.priority > j.priority)))
             AND (NOT starts_with(j.data->>'lane', $4) OR (SELECT n FROM unproven_running) < $5)
           ORDER BY j.priority DESC, j.created_on, j.id
           LIMIT 1`,
          [kinds, now, laneCap, UNPROVEN_LANE_PREFIX, unprovenCap ?? 2_147_483_647],
        );
        if (!pick.rows[0]) return null;
        const chosen = z.object({ id: z.string(), name: z.string(), priority: z.number() }).parse(pick.rows[0]);
        const taken = await c.query(
          `UPDATE ${SCHEMA}.job SET state = 'active', started_on = $3,
             retry_count = CASE WHEN started_on IS NOT NULL THEN retry_count + 1 ELSE retry_count END
           WHERE name = $1 AND id = $2 AND state < 'active'
           RETURNING ${COLUMNS}`,
          [chosen.name, chosen.id, now],
        );
        await c.query(
          `INSERT INTO "JobLane" (lane, "lastTag", "updatedAt") VALUES ($1, $2, $3)
           ON CONFLICT (lane) DO UPDATE SET "lastTag" = GREATEST("JobLane"."lastTag", EXCLUDED."lastTag")`,
          [CLOCK_LANE, -chosen.priority, now],
        );
        if (!taken.rows[0]) return null;
        const leased = toLeased(taken.rows[0]);
        if (holdSeconds !== undefined && holdSeconds < leased.leaseSeconds) {
          await c.query(
            `INSERT INTO ${SCHEMA}.kit_job_hold (id, started_on, hold_until) VALUES ($1, $2, $3)
             ON CONFLICT (id) DO UPDATE SET started_on = EXCLUDED.started_on, hold_until = EXCLUDED.hold_until`,
            [leased.id, now, new Date(now.getTime() + holdSeconds * 1000)],
          );
        }
        return leased;
      });
    },

    async complete(job, output, now) {
      return finishLeased(pool, job, "state = 'completed', completed_on = $4, output = $5::jsonb", [
        now,
        JSON.stringify(output ?? null),
      ]);
    },

    async fail(job, error, now) {
      return inTransaction(pool, async (c) => {
        const r = await c.query(
          `SELECT retry_count, retry_limit, retry_delay, retry_backoff FROM ${SCHEMA}.job
           WHERE name = $1 AND id = $2 AND state = 'active' AND started_on = $3 FOR UPDATE`,
          [job.kind, job.id, job.lease],
        );
        if (!r.rows[0]) return "lost" as const;
        const cur = z
          .object({
            retry_count: z.number(),
            retry_limit: z.number(),
            retry_delay: z.number(),
            retry_backoff: z.boolean(),
          })
          .parse(r.rows[0]);
        const again = !error.final && cur.retry_count < cur.retry_limit;
        const output = JSON.stringify({ message: error.message });
        if (again) {
          const retryAt =
            error.retryAt ??
            new Date(
              now.getTime() + backoffSeconds(cur.retry_count, cur.retry_delay, cur.retry_backoff, random()) * 1000,
            );
          await finishLeased(c, job, "state = 'retry', start_after = $4, output = $5::jsonb", [retryAt, output]);
          return "retry" as const;
        }
        await finishLeased(c, job, "state = 'failed', completed_on = $4, output = $5::jsonb", [now, output]);
        return "failed" as const;
      });
    },

    async heartbeat(jobs, until) {
      if (jobs.length === 0) return;
      // the job's own lease (started_on + expire_in) still bounds it: the fetch expires either
      await pool.query(
        `UPDATE ${SCHEMA}.kit_job_hold h SET hold_until = $3 FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, started_on)
         WHERE h.id = v.id AND h.started_on = v.started_on`,
        [jobs.map((j) => j.id), jobs.map((j) => j.lease), until],
      );
    },

    workers: {
      async beat(w, now) {
        await pool.query(
          `INSERT INTO "JobWorker" (id, host, pid, "startedAt", "beatAt") VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (id) DO UPDATE SET "beatAt" = EXCLUDED."beatAt"`,
          [w.id, w.host, w.pid, w.startedAt, now],
        );
      },
      async gone(id) {
        await pool.query(`DELETE FROM "JobWorker" WHERE id = $1`, [id]);
      },
      async lastBeat() {
        const r = await pool.query(`SELECT max("beatAt") AS at FROM "JobWorker"`);
        return z
          .date()
          .nullable()
          .parse(r.rows[0]?.at ?? null);
      },
    },

    async requeue(job, now, startAfter) {
      return inTransaction(pool, async (c) => {
        const tag = await nextTag(c, job.lane, now);
        // started_on cleared: the next start is a continuation, not a retry
        return finishLeased(c, job, "state = 'created', start_after = $4, started_on = NULL, priority = $5", [
          startAfter ?? now,
          -tag,
        ]);
      });
    },

    async get(id) {
      await queue.start();
      const r = await pool.query(`SELECT ${COLUMNS} FROM ${SCHEMA}.job WHERE id = $1`, [id]);
      return r.rows[0] ? toJob(r.rows[0]) : null;
    },

    async list(f) {
      await queue.start();
      const where: string[] = [];
      const values: unknown[] = [];
      if (f.refs) where.push(`data->>'ref' = ANY($${values.push([...f.refs])})`);
      if (f.kinds) where.push(`name = ANY($${values.push([...f.kinds])})`);
      if (f.states) where.push(`state::text = ANY($${values.push([...f.states])})`);
      const r = await pool.query(
        `SELECT ${COLUMNS} FROM ${SCHEMA}.job ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
         ORDER BY created_on DESC, priority ASC LIMIT $${values.push(f.limit)}`,
        values,
      );
      return r.rows.map(toJob);
    },

    async openCounts() {
      await queue.start();
      const r = await pool.query(
        `SELECT name AS kind, state::text AS state, count(*)::int AS count FROM ${SCHEMA}.job WHERE state <= 'active' GROUP BY 1, 2`,
      );
      return z.array(z.object({ kind: z.string(), state: z.enum(JOB_STATES), count: z.number() })).parse(r.rows);
    },

    async hasOpen(kind, ref) {
      await queue.start();
      const r = await pool.query(
        `SELECT 1 FROM ${SCHEMA}.job WHERE name = $1 AND data->>'ref' = $2 AND state <= 'active' LIMIT 1`,
        [kind, ref],
      );
      return (r.rowCount ?? 0) > 0;
    },

    async pruneUnproven(before) {
      await queue.start();
      // deleted before pg-boss archives them (a day): a flood's jobs never reach the archive
      const r = await pool.query(
        `DELETE FROM ${SCHEMA}.job WHERE (starts_with(data->>'lane', $1) OR data->>'lane' = $3)
           AND ((state > 'active' AND completed_on < $2) OR (state < 'active' AND created_on < $2))`,
        [UNPROVEN_LANE_PREFIX, before, UNPROVEN_RECORDING_LANE],
      );
      return r.rowCount ?? 0;
    },

    async retry(id, now) {
      await queue.start();
      return inTransaction(pool, async (c) => {
        const r = await c.query(
          `SELECT name, data->>'lane' AS lane FROM ${SCHEMA}.job WHERE id = $1 AND state IN ('failed', 'cancelled') FOR UPDATE`,
          [id],
        );
        if (!r.rows[0]) return false;
        const cur = z.object({ name: z.string(), lane: z.string() }).parse(r.rows[0]);
        const tag = await nextTag(c, cur.lane, now);
        const u = await c.query(
          `UPDATE ${SCHEMA}.job SET state = 'retry', start_after = $3, completed_on = NULL, priority = $4,
             retry_limit = GREATEST(retry_limit, retry_count + 1)
           WHERE name = $1 AND id = $2`,
          [cur.name, id, now, -tag],
        );
        return (u.rowCount ?? 0) > 0;
      });
    },

    async cancel(id, now) {
      await queue.start();
      const r = await pool.query(
        `UPDATE ${SCHEMA}.job SET state = 'cancelled', completed_on = $2 WHERE id = $1 AND state < 'active'`,
        [id, now],
      );
      return (r.rowCount ?? 0) > 0;
    },

    lanes: {
      async get(lane) {
        const r = await pool.query(`SELECT lane, "pausedUntil", "failStreak", reason FROM "JobLane" WHERE lane = $1`, [
          lane,
        ]);
        return r.rows[0] ? toLane(r.rows[0]) : null;
      },
      async list(lanes) {
        const r = await pool.query(
          `SELECT lane, "pausedUntil", "failStreak", reason FROM "JobLane" WHERE lane = ANY($1)`,
          [[...lanes]],
        );
        return r.rows.map(toLane);
      },
      async pause(lane, until, reason) {
        await pool.query(
          `INSERT INTO "JobLane" (lane, "pausedUntil", reason, "updatedAt") VALUES ($1, $2, $3, now())
           ON CONFLICT (lane) DO UPDATE SET "pausedUntil" = EXCLUDED."pausedUntil", reason = EXCLUDED.reason`,
          [lane, until, reason],
        );
      },
      async addFailure(lane) {
        const r = await pool.query(
          `INSERT INTO "JobLane" (lane, "failStreak", "updatedAt") VALUES ($1, 1, now())
           ON CONFLICT (lane) DO UPDATE SET "failStreak" = "JobLane"."failStreak" + 1 RETURNING "failStreak"`,
          [lane],
        );
        return z.number().parse(r.rows[0]?.failStreak);
      },
      async clearFailures(lane) {
        await pool.query(
          `UPDATE "JobLane" SET "failStreak" = 0, "pausedUntil" = NULL, reason = NULL WHERE lane = $1 AND "failStreak" > 0`,
          [lane],
        );
      },
    },
  };
  return queue;
}
