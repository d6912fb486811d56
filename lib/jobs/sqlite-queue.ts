/**
 * The job queue on SQLite (the embedded default): the Job and JobLane tables through Prisma. SQLite runs one
 * write transaction at a time, so fetching inside a transaction is enough to keep lane caps and key order exact
 * across the processes sharing the file (the app and `npm run worker`). Semantics: lib/jobs/queue.ts.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Job as JobRow, JobLane as LaneRow } from "@/lib/generated/prisma/client";
import type { SqlitePrisma } from "@/lib/db";
import {
  backoffSeconds,
  CLOCK_LANE,
  JOB_STATES,
  SEND_DEFAULTS,
  UNPROVEN_LANE_PREFIX,
  UNPROVEN_RECORDING_LANE,
  type FetchOptions,
  type Job,
  type JobQueue,
  type LaneState,
  type LeasedJob,
  type SendOptions,
} from "./queue";

type Tx = Parameters<Parameters<SqlitePrisma["$transaction"]>[0]>[0];
type Queries = Pick<Tx, "$queryRawUnsafe" | "$executeRawUnsafe">;

const jobState = z.enum(JOB_STATES);
const QUEUED = ["created", "retry"];

function json(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toJob(r: JobRow): Job {
  return {
    id: r.id,
    kind: r.kind,
    data: json(r.data),
    state: jobState.parse(r.state),
    lane: r.lane,
    key: r.key,
    ref: r.ref,
    retryCount: r.retryCount,
    retryLimit: r.retryLimit,
    startAfter: r.startAfter,
    startedAt: r.startedAt,
    createdAt: r.createdAt,
    completedAt: r.completedAt,
    output: json(r.output),
  };
}

function toLeased(r: JobRow): LeasedJob {
  const job = toJob(r);
  if (job.state !== "active" || !r.startedAt) throw new Error(`job ${r.id} is not active`);
  return { ...job, state: "active", startedAt: r.startedAt, lease: r.startedAt, leaseSeconds: r.leaseSeconds };
}

function toLane(r: LaneRow): LaneState {
  return { lane: r.lane, pausedUntil: r.pausedUntil, failStreak: r.failStreak, reason: r.reason };
}

const tagRow = z.array(z.object({ lastTag: z.coerce.number() })).length(1);

type Sendable = { kind: string; data: unknown; options: Omit<SendOptions, "dedupe"> };

const JOB_COLUMNS = `"id", "kind", "data", "state", "lane", "key", "ref", "tag", "retryCount", "retryLimit", "retryDelaySeconds",
       "retryBackoff", "startAfter", "leaseSeconds", "createdAt"`;
const JOB_VALUES = "(?, ?, ?, 'created', ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)";
/** Rows per INSERT: 13 parameters each, well under SQLite's limit of 32,766. */
const ROWS_PER_INSERT = 250;

/**
 * Reserves `count` consecutive fairness tags for a lane (see queue.ts: max(virtual clock, lane's last tag) + 1,
 * and so on) in one statement; returns the first.
 */
async function reserveTags(q: Queries, lane: string, count: number, now: Date): Promise<number> {
  const rows = await q.$queryRawUnsafe(
    `INSERT INTO "JobLane" ("lane", "lastTag", "updatedAt", "failStreak")
       VALUES (?, COALESCE((SELECT "lastTag" FROM "JobLane" WHERE "lane" = ?), 0) + ?, ?, 0)
     ON CONFLICT ("lane") DO UPDATE SET "lastTag" = MAX("lastTag", COALESCE((SELECT "lastTag" FROM "JobLane" WHERE "lane" = ?), 0)) + ?
     RETURNING "lastTag"`,
    lane,
    CLOCK_LANE,
    count,
    now,
    CLOCK_LANE,
    count,
  );
  return tagRow.parse(rows)[0]!.lastTag - count + 1;
}

/**
 * Stores jobs: one statement per lane for the tags, then one INSERT per 250 jobs, whatever their number (a Prisma
 * call costs several times the statement it runs). More than 250 need the caller's transaction. Ids in order.
 */
async function insertJobs(q: Queries, jobs: readonly Sendable[], now: Date): Promise<string[]> {
  const perLane = new Map<string, number>();
  for (const j of jobs) perLane.set(j.options.lane ?? "", (perLane.get(j.options.lane ?? "") ?? 0) + 1);
  const tags = new Map<string, number>();
  for (const [lane, count] of perLane) tags.set(lane, await reserveTags(q, lane, count, now));
  const ids = jobs.map(() => randomUUID());
  for (let from = 0; from < jobs.length; from += ROWS_PER_INSERT) {
    const chunk = jobs.slice(from, from + ROWS_PER_INSERT);
    const args = chunk.flatMap(({ kind, data, options: o }, i) => {
      const lane = o.lane ?? "";
      const tag = tags.get(lane)!;
      tags.set(lane, tag + 1);
      return [
        ids[from + i]!,
        kind,
        JSON.stringify(data ?? null),
        lane,
        o.key ?? null,
        o.ref ?? null,
        tag,
        o.retryLimit ?? SEND_DEFAULTS.retryLimit,
        o.retryDelaySeconds ?? SEND_DEFAULTS.retryDelaySeconds,
        o.retryBackoff ?? SEND_DEFAULTS.retryBackoff,
        o.startAfter ?? now,
        o.leaseSeconds ?? SEND_DEFAULTS.leaseSeconds,
        now,
      ];
    });
    await q.$executeRawUnsafe(
      `INSERT INTO "Job" (${JOB_COLUMNS}) VALUES ${chunk.map(() => JOB_VALUES).join(", ")}`,
      ...args,
    );
  }
  return ids;
}

const nextTag = (q: Queries, lane: string, now: Date) => reserveTags(q, lane, 1, now);

export function createSqliteJobQueue(db: SqlitePrisma, opts: { random?: () => number } = {}): JobQueue {
  const random = opts.random ?? Math.random;
  const tx = <T>(fn: (t: Tx) => Promise<T>) => db.$transaction(fn, { timeout: 20_000, maxWait: 20_000 });
  /** Expired leases are looked for at most once a second per process. */
  let lastExpiry = 0;

  /** Active jobs whose lease ran out go back to the queue (an attempt is counted when they start again). */
  async function expireLeases(t: Tx, kinds: readonly string[], now: Date): Promise<void> {
    const expired = await t.job.findMany({
      where: { kind: { in: [...kinds] }, state: "active", leaseUntil: { lte: now } },
    });
    for (const j of expired) {
      const again = j.retryCount < j.retryLimit;
      await t.job.updateMany({
        where: { id: j.id, state: "active", startedAt: j.startedAt },
        data: again
          ? {
              state: "retry",
              startAfter: now,
              leaseUntil: null,
              output: JSON.stringify({ message: "lease expired: the worker running it stopped" }),
            }
          : {
              state: "failed",
              completedAt: now,
              leaseUntil: null,
              output: JSON.stringify({
                message: "lease expired: the worker running it stopped, and no attempts are left",
              }),
            },
      });
    }
  }

  return {
    provider: "sqlite",
    async start() {},
    async stop() {},

    async send(kind, data, o, now) {
      const insert = async (q: Queries) => (await insertJobs(q, [{ kind, data, options: o }], now))[0]!;
      if (!(o.dedupe && o.key)) return insert(db); // a lone job: a tag left unused by a crash in between is harmless
      const key = o.key;
      return tx(async (t) => ((await t.job.count({ where: { key, state: { in: QUEUED } } })) > 0 ? null : insert(t)));
    },

    async sendMany(jobs, now) {
      if (jobs.length === 0) return [];
      // Up to 250 jobs are one INSERT, all or nothing by itself: no transaction needed (a Prisma transaction costs
      // several statements' worth, and a burst would pay it per group); a crash after the lanes' tags were
      // reserved only leaves unused tags, which is harmless. More jobs: one transaction.
      return jobs.length <= ROWS_PER_INSERT ? insertJobs(db, jobs, now) : tx((t) => insertJobs(t, jobs, now));
    },

    async fetch({ kinds, laneCap, unprovenCap, now, holdSeconds }: FetchOptions) {
      const kindList = kinds.map(() => "?").join(", ");
      return tx(async (t) => {
        if (now.getTime() - lastExpiry >= 1000) {
          lastExpiry = now.getTime();
          await expireLeases(t, kinds, now);
        }
        // The first runnable job in fairness order, looked for once per queued state: each branch walks the
        // (state, tag) index in order and stops at the first job that may start (no sort of the whole queue).
        // `+o."tag"`: the key's own index answers "an earlier job of this key is queued" (a few rows); without the
        // plus SQLite walks every queued job with a lower tag instead.
        const branch = (
          state: string,
        ) => `SELECT * FROM (SELECT j."id", j."leaseSeconds", j."tag", j."createdAt", j.rowid AS "row" FROM "Job" j
           WHERE j."state" = '${state}' AND j."kind" IN (${kindList}) AND j."startAfter" <= ?
             AND j."lane" NOT IN (SELECT "lane" FROM "Job" WHERE "kind" IN (${kindList}) AND "state" = 'active' GROUP BY "lane" HAVING count(*) >= ?)
             AND j."lane" NOT IN (SELECT "lane" FROM "JobLane" WHERE "pausedUntil" > ?)
             AND (j."key" IS NULL OR (
               j."key" NOT IN (SELECT "key" FROM "Job" WHERE "state" = 'active' AND "key" IS NOT NULL)
               AND NOT EXISTS (SELECT 1 FROM "Job" o WHERE o."key" = j."key" AND o."state" IN ('created', 'retry') AND +o."tag" < j."tag")))
             AND (substr(j."lane", 1, ${UNPROVEN_LANE_PREFIX.length}) <> '${UNPROVEN_LANE_PREFIX}'
               OR (SELECT count(*) FROM "Job" WHERE "state" = 'active' AND substr("lane", 1, ${UNPROVEN_LANE_PREFIX.length}) = '${UNPROVEN_LANE_PREFIX}') < ?)
           ORDER BY j."tag", j.rowid
           LIMIT 1)`;
        const args = [...kinds, now, ...kinds, laneCap, now, unprovenCap ?? Number.MAX_SAFE_INTEGER];
        const picked = await t.$queryRawUnsafe(
          `SELECT "id", "leaseSeconds" FROM (${branch("created")} UNION ALL ${branch("retry")}) ORDER BY "tag", "createdAt", "row" LIMIT 1`,
          ...args,
          ...args,
        );
        const chosen = z
          .array(z.object({ id: z.string(), leaseSeconds: z.coerce.number() }))
          .max(1)
          .parse(picked)[0];
        if (!chosen) return null;
        const rows = await t.$queryRawUnsafe(
          `UPDATE "Job" SET "state" = 'active', "startedAt" = ?, "leaseUntil" = ?,
             "retryCount" = CASE WHEN "startedAt" IS NOT NULL THEN "retryCount" + 1 ELSE "retryCount" END
           WHERE "id" = ? AND "state" IN ('created', 'retry')
           RETURNING "tag"`,
          now,
          new Date(now.getTime() + Math.min(chosen.leaseSeconds, holdSeconds ?? chosen.leaseSeconds) * 1000),
          chosen.id,
        );
        const taken = z
          .array(z.object({ tag: z.coerce.number() }))
          .max(1)
          .parse(rows)[0];
        if (!taken) return null;
        await t.$executeRawUnsafe(
          `INSERT INTO "JobLane" ("lane", "lastTag", "updatedAt", "failStreak") VALUES (?, ?, ?, 0)
           ON CONFLICT ("lane") DO UPDATE SET "lastTag" = MAX("lastTag", excluded."lastTag")`,
          CLOCK_LANE,
          taken.tag,
          now,
        );
        const row = await t.job.findUniqueOrThrow({ where: { id: chosen.id } });
        return toLeased(row);
      });
    },

    async complete(job, output, now) {
      const r = await db.job.updateMany({
        where: { id: job.id, state: "active", startedAt: job.lease },
        data: { state: "completed", completedAt: now, leaseUntil: null, output: JSON.stringify(output ?? null) },
      });
      return r.count > 0;
    },

    async heartbeat(jobs, until) {
      for (const job of jobs) {
        const leaseEnds = job.lease.getTime() + job.leaseSeconds * 1000;
        await db.job.updateMany({
          where: { id: job.id, state: "active", startedAt: job.lease },
          data: { leaseUntil: new Date(Math.min(until.getTime(), leaseEnds)) },
        });
      }
    },

    workers: {
      async beat(w, now) {
        await db.jobWorker.upsert({ where: { id: w.id }, create: { ...w, beatAt: now }, update: { beatAt: now } });
      },
      async gone(id) {
        await db.jobWorker.deleteMany({ where: { id } });
      },
      async lastBeat() {
        return (
          (await db.jobWorker.findFirst({ orderBy: { beatAt: "desc" }, select: { beatAt: true } }))?.beatAt ?? null
        );
      },
    },

    async fail(job, error, now) {
      return tx(async (t) => {
        const row = await t.job.findFirst({ where: { id: job.id, state: "active", startedAt: job.lease } });
        if (!row) return "lost" as const;
        const again = !error.final && row.retryCount < row.retryLimit;
        const retryAt =
          error.retryAt ??
          new Date(
            now.getTime() + backoffSeconds(row.retryCount, row.retryDelaySeconds, row.retryBackoff, random()) * 1000,
          );
        await t.job.update({
          where: { id: job.id },
          data: again
            ? {
                state: "retry",
                startAfter: retryAt,
                leaseUntil: null,
                output: JSON.stringify({ message: error.message }),
              }
            : {
                state: "failed",
                completedAt: now,
                leaseUntil: null,
                output: JSON.stringify({ message: error.message }),
              },
        });
        return again ? ("retry" as const) : ("failed" as const);
      });
    },

    async requeue(job, now, startAfter) {
      return tx(async (t) => {
        const row = await t.job.findFirst({ where: { id: job.id, state: "active", startedAt: job.lease } });
        if (!row) return false;
        const tag = await nextTag(t, row.lane, now);
        // startedAt cleared: the next start is a continuation, not a retry
        await t.job.update({
          where: { id: job.id },
          data: { state: "created", startAfter: startAfter ?? now, startedAt: null, leaseUntil: null, tag },
        });
        return true;
      });
    },

    async get(id) {
      const r = await db.job.findUnique({ where: { id } });
      return r ? toJob(r) : null;
    },

    async list(f) {
      const rows = await db.job.findMany({
        where: {
          ...(f.refs ? { ref: { in: [...f.refs] } } : {}),
          ...(f.kinds ? { kind: { in: [...f.kinds] } } : {}),
          ...(f.states ? { state: { in: [...f.states] } } : {}),
        },
        orderBy: [{ createdAt: "desc" }, { tag: "desc" }],
        take: f.limit,
      });
      return rows.map(toJob);
    },

    async openCounts() {
      const rows = await db.job.groupBy({
        by: ["kind", "state"],
        where: { state: { in: [...QUEUED, "active"] } },
        _count: { _all: true },
      });
      return rows.map((r) => ({ kind: r.kind, state: jobState.parse(r.state), count: r._count._all }));
    },

    async hasOpen(kind, ref) {
      return (await db.job.count({ where: { kind, ref, state: { in: [...QUEUED, "active"] } } })) > 0;
    },

    async pruneUnproven(before) {
      const r = await db.job.deleteMany({
        where: {
          AND: [{ OR: [{ lane: { startsWith: UNPROVEN_LANE_PREFIX } }, { lane: UNPROVEN_RECORDING_LANE }] }],
          OR: [
            { state: { in: ["completed", "failed", "cancelled"] }, completedAt: { lt: before } },
            { state: { in: QUEUED }, createdAt: { lt: before } },
          ],
        },
      });
      return r.count;
    },

    async retry(id, now) {
      return tx(async (t) => {
        const row = await t.job.findFirst({ where: { id, state: { in: ["failed", "cancelled"] } } });
        if (!row) return false;
        const tag = await nextTag(t, row.lane, now);
        await t.job.update({
          where: { id },
          data: {
            state: "retry",
            startAfter: now,
            completedAt: null,
            retryLimit: Math.max(row.retryLimit, row.retryCount + 1),
            tag,
          },
        });
        return true;
      });
    },

    async cancel(id, now) {
      const r = await db.job.updateMany({
        where: { id, state: { in: QUEUED } },
        data: { state: "cancelled", completedAt: now },
      });
      return r.count > 0;
    },

    lanes: {
      async get(lane) {
        const r = await db.jobLane.findUnique({ where: { lane } });
        return r ? toLane(r) : null;
      },
      async list(lanes) {
        return (await db.jobLane.findMany({ where: { lane: { in: [...lanes] } } })).map(toLane);
      },
      async pause(lane, until, reason) {
        await db.jobLane.upsert({
          where: { lane },
          create: { lane, pausedUntil: until, reason },
          update: { pausedUntil: until, reason },
        });
      },
      async addFailure(lane) {
        const r = await db.jobLane.upsert({
          where: { lane },
          create: { lane, failStreak: 1 },
          update: { failStreak: { increment: 1 } },
        });
        return r.failStreak;
      },
      async clearFailures(lane) {
        await db.jobLane.updateMany({
          where: { lane, failStreak: { gt: 0 } },
          data: { failStreak: 0, pausedUntil: null, reason: null },
        });
      },
    },
  };
}
