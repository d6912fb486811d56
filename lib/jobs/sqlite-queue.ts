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

/**
 * The next fairness tag of a lane: max(virtual clock, lane's last tag) + 1 (see queue.ts), in one statement.
 * The hot paths here (send, fetch) are single SQL statements: SQLite work is serialised per process, and a
 * Prisma call costs several times the statement it runs.
 */
async function nextTag(q: Queries, lane: string, now: Date): Promise<number> {
  const rows = await q.$queryRawUnsafe(
    `INSERT INTO "JobLane" ("lane", "lastTag", "updatedAt", "failStreak")
       VALUES (?, COALESCE((SELECT "lastTag" FROM "JobLane" WHERE "lane" = ?), 0) + 1, ?, 0)
     ON CONFLICT ("lane") DO UPDATE SET "lastTag" = MAX("lastTag", COALESCE((SELECT "lastTag" FROM "JobLane" WHERE "lane" = ?), 0)) + 1
     RETURNING "lastTag"`,
    lane,
    CLOCK_LANE,
    now,
    CLOCK_LANE,
  );
  return tagRow.parse(rows)[0]!.lastTag;
}

async function insertJob(q: Queries, kind: string, data: unknown, o: Omit<SendOptions, "dedupe">, now: Date): Promise<string> {
  const tag = await nextTag(q, o.lane ?? "", now);
  const id = randomUUID();
  await q.$executeRawUnsafe(
    `INSERT INTO "Job" ("id", "kind", "data", "state", "lane", "key", "ref", "tag", "retryCount", "retryLimit", "retryDelaySeconds",
       "retryBackoff", "startAfter", "leaseSeconds", "createdAt")
     VALUES (?, ?, ?, 'created', ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)`,
    id,
    kind,
    JSON.stringify(data ?? null),
    o.lane ?? "",
    o.key ?? null,
    o.ref ?? null,
    tag,
    o.retryLimit ?? SEND_DEFAULTS.retryLimit,
    o.retryDelaySeconds ?? SEND_DEFAULTS.retryDelaySeconds,
    o.retryBackoff ?? SEND_DEFAULTS.retryBackoff,
    o.startAfter ?? now,
    o.leaseSeconds ?? SEND_DEFAULTS.leaseSeconds,
    now,
  );
  return id;
}

export function createSqliteJobQueue(db: SqlitePrisma, opts: { random?: () => number } = {}): JobQueue {
  const random = opts.random ?? Math.random;
  const tx = <T>(fn: (t: Tx) => Promise<T>) => db.$transaction(fn, { timeout: 20_000, maxWait: 20_000 });
  /** Expired leases are looked for at most once a second per process. */
  let lastExpiry = 0;

  /** Active jobs whose lease ran out go back to the queue (an attempt is counted when they start again). */
  async function expireLeases(t: Tx, kinds: readonly string[], now: Date): Promise<void> {
    const expired = await t.job.findMany({ where: { kind: { in: [...kinds] }, state: "active", leaseUntil: { lte: now } } });
    for (const j of expired) {
      const again = j.retryCount < j.retryLimit;
      await t.job.updateMany({
        where: { id: j.id, state: "active", startedAt: j.startedAt },
        data: again
          ? { state: "retry", startAfter: now, leaseUntil: null, output: JSON.stringify({ message: "lease expired: the worker running it stopped" }) }
          : {
              state: "failed",
              completedAt: now,
              leaseUntil: null,
              output: JSON.stringify({ message: "lease expired: the worker running it stopped, and no attempts are left" }),
            },
      });
    }
  }

  return {
    provider: "sqlite",
    async start() {},
    async stop() {},

    async send(kind, data, o, now) {
      const insert = (q: Queries) => insertJob(q, kind, data, o, now);
      if (!(o.dedupe && o.key)) return insert(db);
      const key = o.key;
      return tx(async (t) => ((await t.job.count({ where: { key, state: { in: QUEUED } } })) > 0 ? null : insert(t)));
    },

    async sendMany(jobs, now) {
      if (jobs.length === 0) return [];
      // one transaction: SQLite takes the write lock once for the whole group
      return tx(async (t) => {
        const ids: string[] = [];
        for (const j of jobs) ids.push(await insertJob(t, j.kind, j.data, j.options, now));
        return ids;
      });
    },

    async fetch({ kinds, laneCap, now }: FetchOptions) {
      const kindList = kinds.map(() => "?").join(", ");
      return tx(async (t) => {
        if (now.getTime() - lastExpiry >= 1000) {
          lastExpiry = now.getTime();
          await expireLeases(t, kinds, now);
        }
        const picked = await t.$queryRawUnsafe(
          `SELECT j."id", j."leaseSeconds" FROM "Job" j
           WHERE j."kind" IN (${kindList}) AND j."state" IN ('created', 'retry') AND j."startAfter" <= ?
             AND j."lane" NOT IN (SELECT "lane" FROM "Job" WHERE "kind" IN (${kindList}) AND "state" = 'active' GROUP BY "lane" HAVING count(*) >= ?)
             AND j."lane" NOT IN (SELECT "lane" FROM "JobLane" WHERE "pausedUntil" > ?)
             AND (j."key" IS NULL OR (
               j."key" NOT IN (SELECT "key" FROM "Job" WHERE "state" = 'active' AND "key" IS NOT NULL)
               AND NOT EXISTS (SELECT 1 FROM "Job" o WHERE o."key" = j."key" AND o."state" IN ('created', 'retry') AND o."tag" < j."tag")))
           ORDER BY j."tag", j."createdAt", j.rowid
           LIMIT 1`,
          ...kinds,
          now,
          ...kinds,
          laneCap,
          now,
        );
        const chosen = z.array(z.object({ id: z.string(), leaseSeconds: z.coerce.number() })).max(1).parse(picked)[0];
        if (!chosen) return null;
        const rows = await t.$queryRawUnsafe(
          `UPDATE "Job" SET "state" = 'active', "startedAt" = ?, "leaseUntil" = ?,
             "retryCount" = CASE WHEN "startedAt" IS NOT NULL THEN "retryCount" + 1 ELSE "retryCount" END
           WHERE "id" = ? AND "state" IN ('created', 'retry')
           RETURNING "tag"`,
          now,
          new Date(now.getTime() + chosen.leaseSeconds * 1000),
          chosen.id,
        );
        const taken = z.array(z.object({ tag: z.coerce.number() })).max(1).parse(rows)[0];
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

    async fail(job, error, now) {
      return tx(async (t) => {
        const row = await t.job.findFirst({ where: { id: job.id, state: "active", startedAt: job.lease } });
        if (!row) return "lost" as const;
        const again = !error.final && row.retryCount < row.retryLimit;
        const retryAt = error.retryAt ?? new Date(now.getTime() + backoffSeconds(row.retryCount, row.retryDelaySeconds, row.retryBackoff, random()) * 1000);
        await t.job.update({
          where: { id: job.id },
          data: again
            ? { state: "retry", startAfter: retryAt, leaseUntil: null, output: JSON.stringify({ message: error.message }) }
            : { state: "failed", completedAt: now, leaseUntil: null, output: JSON.stringify({ message: error.message }) },
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
        await t.job.update({ where: { id: job.id }, data: { state: "created", startAfter: startAfter ?? now, startedAt: null, leaseUntil: null, tag } });
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

    async hasOpen(kind, ref) {
      return (await db.job.count({ where: { kind, ref, state: { in: [...QUEUED, "active"] } } })) > 0;
    },

    async retry(id, now) {
      return tx(async (t) => {
        const row = await t.job.findFirst({ where: { id, state: { in: ["failed", "cancelled"] } } });
        if (!row) return false;
        const tag = await nextTag(t, row.lane, now);
        await t.job.update({
          where: { id },
          data: { state: "retry", startAfter: now, completedAt: null, retryLimit: Math.max(row.retryLimit, row.retryCount + 1), tag },
        });
        return true;
      });
    },

    async cancel(id, now) {
      const r = await db.job.updateMany({ where: { id, state: { in: QUEUED } }, data: { state: "cancelled", completedAt: now } });
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
        const r = await db.jobLane.upsert({ where: { lane }, create: { lane, failStreak: 1 }, update: { failStreak: { increment: 1 } } });
        return r.failStreak;
      },
      async clearFailures(lane) {
        await db.jobLane.updateMany({ where: { lane, failStreak: { gt: 0 } }, data: { failStreak: 0, pausedUntil: null, reason: null } });
      },
    },
  };
}
