/**
 * Every statement the job engine runs, one named function each (the semantics they implement: packages/storage/src/jobs/queue.ts).
 * The same tables on both databases (`Job`, `JobLane`, `JobWorker`: packages/storage/prisma/schema.prisma); the dialect changes
 * only placeholders and a few spellings (statement.ts). Nothing else in the kit writes these tables.
 */
import { CLOCK_LANE, UNPROVEN_LANE_PREFIX, UNPROVEN_RECORDING_PREFIX, type JobListFilter } from "../queue.ts";
import { prepared, statement, type Dialect, type Statement } from "./statement.ts";

const QUEUED = `('created', 'retry')`;
const OPEN = `('created', 'retry', 'active')`;
const FINISHED = `('completed', 'failed', 'cancelled')`;
const LEASE_EXPIRED = "lease expired: the worker running it stopped";
const LEASE_EXPIRED_LAST = "lease expired: the worker running it stopped, and no attempts are left";

/** A job as stored, ready to insert. */
export interface JobInsert {
  id: string;
  kind: string;
  /** JSON text. */
  data: string;
  lane: string;
  key: string | null;
  ref: string | null;
  tag: number;
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  startAfter: Date;
  leaseSeconds: number;
  createdAt: Date;
  urgent: boolean;
}

/** The leased attempt a write is checked against. */
export interface LeaseRef {
  id: string;
  lease: Date;
}

/**
 * Reserves `count` consecutive fairness tags of a lane: max(virtual clock, lane's last tag) + count, returned as
 * `lastTag` (the first reserved is lastTag − count + 1).
 */
export function reserveTags(d: Dialect, lane: string, count: number, now: Date): Statement {
  // values are taken in the order they appear (SQLite's `?` are positional)
  return statement(d, "reserveTags", (p) => {
    const clock = () => `COALESCE((SELECT "lastTag" FROM "JobLane" WHERE "lane" = ${p.v(CLOCK_LANE)}), 0)`;
    return `INSERT INTO "JobLane" ("lane", "lastTag", "updatedAt", "failStreak")
      VALUES (${p.v(lane)}, ${clock()} + ${p.v(count)}, ${p.v(now)}, 0)
      ON CONFLICT ("lane") DO UPDATE SET "lastTag" = ${p.greatest(`"JobLane"."lastTag"`, clock())} + ${p.v(count)}
      RETURNING "lastTag"`;
  });
}

const INSERT_COLUMNS = `"id", "kind", "data", "state", "lane", "key", "ref", "tag", "retryCount", "retryLimit",
  "retryDelaySeconds", "retryBackoff", "startAfter", "leaseSeconds", "createdAt", "urgent"`;

/** Stores jobs in one statement (callers keep a statement under 250 rows). */
export function insertJobs(d: Dialect, jobs: readonly JobInsert[]): Statement {
  return statement(d, "insertJobs", (p) => {
    const rows = jobs.map(
      (j) =>
        `(${p.v(j.id)}, ${p.v(j.kind)}, ${p.v(j.data)}, 'created', ${p.v(j.lane)}, ${p.v(j.key)}, ${p.v(j.ref)}, ` +
        `${p.v(j.tag)}, 0, ${p.v(j.retryLimit)}, ${p.v(j.retryDelaySeconds)}, ${p.v(j.retryBackoff)}, ` +
        `${p.v(j.startAfter)}, ${p.v(j.leaseSeconds)}, ${p.v(j.createdAt)}, ${p.v(j.urgent)})`,
    );
    return `INSERT INTO "Job" (${INSERT_COLUMNS}) VALUES ${rows.join(", ")}`;
  });
}

/** Is a job with this key queued (not yet started)? (a deduplicated send) */
export function queuedWithKey(d: Dialect, key: string): Statement {
  return statement(
    d,
    "queuedWithKey",
    (p) => `SELECT 1 AS "found" FROM "Job" WHERE "key" = ${p.v(key)} AND "state" IN ${QUEUED} LIMIT 1`,
  );
}

/** Which of these keys have a queued job (never empty: callers check first). */
export function queuedKeys(d: Dialect, keys: readonly string[]): Statement {
  return statement(
    d,
    "queuedKeys",
    (p) => `SELECT DISTINCT "key" FROM "Job" WHERE "key" IN (${p.list(keys)}) AND "state" IN ${QUEUED}`,
  );
}

/** Running jobs of these kinds whose lease or hold ran out (their worker died): retried, or failed when no attempt is left. */
export function expireLeases(d: Dialect, kinds: readonly string[], now: Date): Statement {
  return statement(d, "expireLeases", (p) => {
    const again = `"retryCount" < "retryLimit"`;
    return `UPDATE "Job" SET
        "state" = CASE WHEN ${again} THEN 'retry' ELSE 'failed' END,
        "startAfter" = CASE WHEN ${again} THEN ${p.time(now)} ELSE "startAfter" END,
        "completedAt" = CASE WHEN ${again} THEN NULL ELSE ${p.time(now)} END,
        "leaseUntil" = NULL,
        "output" = CASE WHEN ${again} THEN ${p.v(JSON.stringify({ message: LEASE_EXPIRED }))}
          ELSE ${p.v(JSON.stringify({ message: LEASE_EXPIRED_LAST }))} END
      WHERE "state" = 'active' AND "kind" IN (${p.list(kinds)}) AND "leaseUntil" <= ${p.v(now)}`;
  });
}

export interface PickOptions {
  /** Kinds whose running jobs count toward the caps. */
  kinds: readonly string[];
  /** Kinds that may start (a subset of `kinds`). */
  startable: readonly string[];
  laneCap: number;
  /** Running jobs of each never-proven class (packages/storage/src/jobs/queue.ts). */
  unprovenCap: number;
  /** Running jobs of one lane inside a never-proven class (unprovenLaneCap). */
  unprovenLaneCap: number;
  now: Date;
}

/** A lane-name test: the lane (column `col`) starts with `prefix` (a constant of queue.ts, never input). */
function startsWith(prefix: string): (col: string) => string {
  return (col) => `substr(${col}, 1, ${prefix.length}) = '${prefix}'`;
}
const exchangeClass = startsWith(UNPROVEN_LANE_PREFIX);
const recordingClass = startsWith(UNPROVEN_RECORDING_PREFIX);
/** The lane is in either never-proven class. */
const neverProven = (col: string) => `(${exchangeClass(col)} OR ${recordingClass(col)})`;

/**
 * The next job that may start, in fairness order: an urgent job before any other, then the lowest tag among ready
 * jobs of lanes below their cap and not paused, whose key has no running job and no earlier queued job, within
 * each never-proven class's cap (and a lane of such a class below its own, smaller cap). Looked for once per
 * queued state and urgency: each branch walks the (state, urgent, tag) index in order and stops at the first job
 * that may start (no sort of the whole queue).
 * `+o."tag"`: the key's own index answers "an earlier job of this key is queued" (a few rows); without the plus
 * SQLite walks every queued job with a lower tag instead.
 */
export function pickNext(d: Dialect, o: PickOptions): Statement {
  const pick = statement(d, "pickNext", (p) => {
    // SQLite: insertion order breaks ties; PostgreSQL has no rowid (ties across lanes are rare and harmless)
    const order = d === "sqlite" ? "j.rowid" : `j."id"`;
    const classCap = (inClass: (col: string) => string) =>
      `(NOT ${inClass(`j."lane"`)}
            OR (SELECT count(*) FROM "Job" WHERE "state" = 'active' AND ${inClass(`"lane"`)}) < ${p.v(o.unprovenCap)})`;
    const branch = (state: string, urgent: boolean, alias: string) => `SELECT * FROM (
        SELECT j."id", j."leaseSeconds", j."tag", j."urgent", j."createdAt", ${order} AS "row" FROM "Job" j
        WHERE j."state" = '${state}' AND j."urgent" = ${p.v(urgent)} AND j."kind" IN (${p.list(o.startable)}) AND j."startAfter" <= ${p.v(o.now)}
          AND j."lane" NOT IN (SELECT "lane" FROM "Job" WHERE "kind" IN (${p.list(o.kinds)}) AND "state" = 'active'
            GROUP BY "lane" HAVING count(*) >= CASE WHEN ${neverProven(`"lane"`)}
              THEN ${p.int(o.unprovenLaneCap)} ELSE ${p.int(o.laneCap)} END)
          AND j."lane" NOT IN (SELECT "lane" FROM "JobLane" WHERE "pausedUntil" > ${p.v(o.now)})
          AND (j."key" IS NULL OR (
            j."key" NOT IN (SELECT "key" FROM "Job" WHERE "state" = 'active' AND "key" IS NOT NULL)
            AND NOT EXISTS (SELECT 1 FROM "Job" o WHERE o."key" = j."key" AND o."state" IN ${QUEUED} AND +o."tag" < j."tag")))
          AND ${classCap(exchangeClass)}
          AND ${classCap(recordingClass)}
        ORDER BY j."tag", ${order}
        LIMIT 1) ${alias}`;
    // urgent jobs first (SendOptions.urgent), each kind of job in tag order: four walks of the (state, urgent, tag)
    // index, each stopping at its first job that may start
    const branches = [
      branch("created", true, "cu"),
      branch("retry", true, "ru"),
      branch("created", false, "c"),
      branch("retry", false, "r"),
    ];
    return `SELECT "id", "leaseSeconds" FROM (${branches.join(" UNION ALL ")}) AS picked
      ORDER BY "urgent" DESC, "tag", "createdAt", "row" LIMIT 1`;
  });
  // every fetch runs it, and PostgreSQL took 7 ms to plan its four branches and 0.2 ms to run them
  return prepared(pick);
}

/**
 * Starts a queued job: active, leased from `now`, held until `leaseUntil`; a job that ran before counts an attempt.
 * Returns the job's row.
 */
export function startJob(d: Dialect, id: string, now: Date, leaseUntil: Date): Statement {
  return statement(
    d,
    "startJob",
    (p) => `UPDATE "Job" SET "state" = 'active', "startedAt" = ${p.v(now)}, "leaseUntil" = ${p.v(leaseUntil)},
        "retryCount" = CASE WHEN "startedAt" IS NOT NULL THEN "retryCount" + 1 ELSE "retryCount" END
      WHERE "id" = ${p.v(id)} AND "state" IN ${QUEUED}
      RETURNING *`,
  );
}

/** The virtual clock moves to the tag of the job just started (never back). */
export function advanceClock(d: Dialect, tag: number, now: Date): Statement {
  return statement(
    d,
    "advanceClock",
    (
      p,
    ) => `INSERT INTO "JobLane" ("lane", "lastTag", "updatedAt", "failStreak") VALUES (${p.v(CLOCK_LANE)}, ${p.v(tag)}, ${p.v(now)}, 0)
      ON CONFLICT ("lane") DO UPDATE SET "lastTag" = ${p.greatest(`"JobLane"."lastTag"`, `excluded."lastTag"`)}`,
  );
}

/** A leased job, if the lease is still this one (locked until the transaction ends on PostgreSQL). */
export function leasedJob(d: Dialect, job: LeaseRef): Statement {
  return statement(
    d,
    "leasedJob",
    (p) =>
      `SELECT * FROM "Job" WHERE "id" = ${p.v(job.id)} AND "state" = 'active' AND "startedAt" = ${p.v(job.lease)} ${p.forUpdate}`,
  );
}

/** Completes a leased job (only from the holder of the current lease). */
export function completeJob(d: Dialect, job: LeaseRef, output: string, now: Date): Statement {
  return statement(
    d,
    "completeJob",
    (
      p,
    ) => `UPDATE "Job" SET "state" = 'completed', "completedAt" = ${p.v(now)}, "leaseUntil" = NULL, "output" = ${p.v(output)}
      WHERE "id" = ${p.v(job.id)} AND "state" = 'active' AND "startedAt" = ${p.v(job.lease)}`,
  );
}

/** A failed attempt of a leased job: to run again at `retryAt`. */
export function retryJobAt(d: Dialect, job: LeaseRef, retryAt: Date, output: string): Statement {
  return statement(
    d,
    "retryJobAt",
    (
      p,
    ) => `UPDATE "Job" SET "state" = 'retry', "startAfter" = ${p.v(retryAt)}, "leaseUntil" = NULL, "output" = ${p.v(output)}
      WHERE "id" = ${p.v(job.id)} AND "state" = 'active' AND "startedAt" = ${p.v(job.lease)}`,
  );
}

/** A leased job failed for good. */
export function failJob(d: Dialect, job: LeaseRef, output: string, now: Date): Statement {
  return statement(
    d,
    "failJob",
    (
      p,
    ) => `UPDATE "Job" SET "state" = 'failed', "completedAt" = ${p.v(now)}, "leaseUntil" = NULL, "output" = ${p.v(output)}
      WHERE "id" = ${p.v(job.id)} AND "state" = 'active' AND "startedAt" = ${p.v(job.lease)}`,
  );
}

/** Gives a leased job back without counting an attempt (startedAt cleared: the next start is a continuation). */
export function requeueJob(d: Dialect, job: LeaseRef, startAfter: Date, tag: number): Statement {
  return statement(
    d,
    "requeueJob",
    (
      p,
    ) => `UPDATE "Job" SET "state" = 'created', "startAfter" = ${p.v(startAfter)}, "startedAt" = NULL, "leaseUntil" = NULL, "tag" = ${p.v(tag)}
      WHERE "id" = ${p.v(job.id)} AND "state" = 'active' AND "startedAt" = ${p.v(job.lease)}`,
  );
}

/** Renews a running job's hold (the caller keeps it within the job's own lease). */
export function renewHold(d: Dialect, job: LeaseRef, until: Date): Statement {
  return statement(
    d,
    "renewHold",
    (p) => `UPDATE "Job" SET "leaseUntil" = ${p.v(until)}
      WHERE "id" = ${p.v(job.id)} AND "state" = 'active' AND "startedAt" = ${p.v(job.lease)}`,
  );
}

export function jobById(d: Dialect, id: string): Statement {
  return statement(d, "jobById", (p) => `SELECT * FROM "Job" WHERE "id" = ${p.v(id)}`);
}

/** The Jobs view: newest first. */
export function listJobs(d: Dialect, f: JobListFilter): Statement {
  return statement(d, "listJobs", (p) => {
    const where: string[] = [];
    if (f.refs) where.push(f.refs.length ? `"ref" IN (${p.list(f.refs)})` : "1 = 0");
    if (f.kinds) where.push(f.kinds.length ? `"kind" IN (${p.list(f.kinds)})` : "1 = 0");
    if (f.states) where.push(f.states.length ? `"state" IN (${p.list(f.states)})` : "1 = 0");
    return `SELECT * FROM "Job" ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
      ORDER BY "createdAt" DESC, "tag" DESC LIMIT ${p.v(f.limit)}`;
  });
}

/** Queued, retrying and running jobs per kind and state. */
export function openCounts(d: Dialect): Statement {
  return statement(
    d,
    "openCounts",
    () => `SELECT "kind", "state", count(*) AS "count" FROM "Job" WHERE "state" IN ${OPEN} GROUP BY "kind", "state"`,
  );
}

export function openJobFor(d: Dialect, kind: string, ref: string): Statement {
  return statement(
    d,
    "openJobFor",
    (p) =>
      `SELECT 1 AS "found" FROM "Job" WHERE "kind" = ${p.v(kind)} AND "ref" = ${p.v(ref)} AND "state" IN ${OPEN} LIMIT 1`,
  );
}

/** Jobs of never-proven lanes (both classes) finished before `before`, or queued since before it. */
export function pruneUnproven(d: Dialect, before: Date): Statement {
  return statement(
    d,
    "pruneUnproven",
    (p) => `DELETE FROM "Job"
      WHERE ${neverProven(`"lane"`)}
        AND (("state" IN ${FINISHED} AND "completedAt" < ${p.v(before)}) OR ("state" IN ${QUEUED} AND "createdAt" < ${p.v(before)}))`,
  );
}

/**
 * The lane rows (fairness tags, pause state) of never-proven lanes with no job left and no pause running: one row
 * per host an unauthenticated callback named, gone with its jobs.
 */
export function pruneUnprovenLanes(d: Dialect, pausedBefore: Date): Statement {
  return statement(
    d,
    "pruneUnprovenLanes",
    (p) => `DELETE FROM "JobLane"
      WHERE ${neverProven(`"JobLane"."lane"`)}
        AND ("JobLane"."pausedUntil" IS NULL OR "JobLane"."pausedUntil" <= ${p.v(pausedBefore)})
        AND NOT EXISTS (SELECT 1 FROM "Job" j WHERE j."lane" = "JobLane"."lane")`,
  );
}

/**
 * History the table keeps: completed jobs for a day, failed and cancelled ones for a week (what pg-boss, the engine
 * before this one, kept visible).
 */
export function pruneFinished(d: Dialect, completedBefore: Date, failedBefore: Date): Statement {
  return statement(
    d,
    "pruneFinished",
    (p) => `DELETE FROM "Job" WHERE ("state" = 'completed' AND "completedAt" < ${p.v(completedBefore)})
      OR ("state" IN ('failed', 'cancelled') AND "completedAt" < ${p.v(failedBefore)})`,
  );
}

/** A failed or cancelled job (locked on PostgreSQL): the manual retry reads it first. */
export function endedJob(d: Dialect, id: string): Statement {
  return statement(
    d,
    "endedJob",
    (p) => `SELECT * FROM "Job" WHERE "id" = ${p.v(id)} AND "state" IN ('failed', 'cancelled') ${p.forUpdate}`,
  );
}

/** A failed or cancelled job runs again: one more attempt, a new fairness tag. */
export function retryEndedJob(d: Dialect, id: string, now: Date, tag: number): Statement {
  return statement(
    d,
    "retryEndedJob",
    (p) => `UPDATE "Job" SET "state" = 'retry', "startAfter" = ${p.v(now)}, "completedAt" = NULL, "tag" = ${p.v(tag)},
        "retryLimit" = ${p.greatest(`"retryLimit"`, `"retryCount" + 1`)}
      WHERE "id" = ${p.v(id)} AND "state" IN ('failed', 'cancelled')`,
  );
}

/** Deletes the jobs for `refs` that have not started (a store's removal, inside its transaction). */
export function deleteQueuedFor(d: Dialect, refs: readonly string[]): Statement {
  return statement(
    d,
    "deleteQueuedFor",
    (p) => `DELETE FROM "Job" WHERE "ref" IN (${p.list(refs)}) AND "state" IN ${QUEUED}`,
  );
}

export function cancelJob(d: Dialect, id: string, now: Date): Statement {
  return statement(
    d,
    "cancelJob",
    (p) =>
      `UPDATE "Job" SET "state" = 'cancelled', "completedAt" = ${p.v(now)} WHERE "id" = ${p.v(id)} AND "state" IN ${QUEUED}`,
  );
}

export function workerBeat(
  d: Dialect,
  w: { id: string; host: string; pid: number; startedAt: Date },
  now: Date,
): Statement {
  return statement(
    d,
    "workerBeat",
    (
      p,
    ) => `INSERT INTO "JobWorker" ("id", "host", "pid", "startedAt", "beatAt") VALUES (${p.v(w.id)}, ${p.v(w.host)}, ${p.v(w.pid)}, ${p.v(w.startedAt)}, ${p.v(now)})
      ON CONFLICT ("id") DO UPDATE SET "beatAt" = excluded."beatAt"`,
  );
}

export function workerGone(d: Dialect, id: string): Statement {
  return statement(d, "workerGone", (p) => `DELETE FROM "JobWorker" WHERE "id" = ${p.v(id)}`);
}

export function lastWorkerBeat(d: Dialect): Statement {
  return statement(d, "lastWorkerBeat", () => `SELECT "beatAt" FROM "JobWorker" ORDER BY "beatAt" DESC LIMIT 1`);
}

const LANE_COLUMNS = `"lane", "pausedUntil", "failStreak", "reason"`;

export function lanesByName(d: Dialect, lanes: readonly string[]): Statement {
  return statement(d, "lanesByName", (p) => `SELECT ${LANE_COLUMNS} FROM "JobLane" WHERE "lane" IN (${p.list(lanes)})`);
}

export function pauseLane(d: Dialect, lane: string, until: Date, reason: string, now: Date): Statement {
  return statement(
    d,
    "pauseLane",
    (p) => `INSERT INTO "JobLane" ("lane", "lastTag", "pausedUntil", "reason", "failStreak", "updatedAt")
      VALUES (${p.v(lane)}, 0, ${p.v(until)}, ${p.v(reason)}, 0, ${p.v(now)})
      ON CONFLICT ("lane") DO UPDATE SET "pausedUntil" = excluded."pausedUntil", "reason" = excluded."reason"`,
  );
}

export function addLaneFailure(d: Dialect, lane: string, now: Date): Statement {
  return statement(
    d,
    "addLaneFailure",
    (
      p,
    ) => `INSERT INTO "JobLane" ("lane", "lastTag", "failStreak", "updatedAt") VALUES (${p.v(lane)}, 0, 1, ${p.v(now)})
      ON CONFLICT ("lane") DO UPDATE SET "failStreak" = "JobLane"."failStreak" + 1 RETURNING "failStreak"`,
  );
}

export function clearLaneFailures(d: Dialect, lane: string): Statement {
  return statement(
    d,
    "clearLaneFailures",
    (p) =>
      `UPDATE "JobLane" SET "failStreak" = 0, "pausedUntil" = NULL, "reason" = NULL WHERE "lane" = ${p.v(lane)} AND "failStreak" > 0`,
  );
}

/** The job table is there (the migrations ran): the first thing a queue asks its database. */
export function jobTableReady(d: Dialect): Statement {
  return statement(d, "jobTableReady", () => `SELECT 1 AS "ready" FROM "Job" LIMIT 1`);
}
