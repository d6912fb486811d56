/** Sending jobs: fairness tags reserved per lane, then one INSERT per 250 jobs (packages/storage/src/jobs/queue.ts, "Fairness"). */
import { SEND_DEFAULTS, tagLaneOf, type JobToSend, type SendOptions } from "../queue.ts";
import type { SqlExecutor } from "./executor.ts";
import { newJobId } from "./job-id.ts";
import { tagRow } from "./rows.ts";
import { insertJobs, queuedWithKey, reserveTags, type JobInsert } from "./statements.ts";

/** Rows per INSERT: 13 values each, well under SQLite's 32,766 and PostgreSQL's 65,535. */
export const ROWS_PER_INSERT = 250;

/** The first of `count` consecutive fairness tags reserved for a lane. */
export async function takeTags(ex: SqlExecutor, lane: string, count: number, now: Date): Promise<number> {
  const rows = tagRow.parse(await ex.query(reserveTags(ex.dialect, lane, count, now)));
  return rows[0]!.lastTag - count + 1;
}

function toInsert(j: JobToSend, id: string, tag: number, now: Date): JobInsert {
  const o = j.options;
  return {
    id,
    kind: j.kind,
    data: JSON.stringify(j.data ?? null),
    lane: o.lane ?? "",
    key: o.key ?? null,
    ref: o.ref ?? null,
    tag,
    retryLimit: o.retryLimit ?? SEND_DEFAULTS.retryLimit,
    retryDelaySeconds: o.retryDelaySeconds ?? SEND_DEFAULTS.retryDelaySeconds,
    retryBackoff: o.retryBackoff ?? SEND_DEFAULTS.retryBackoff,
    startAfter: o.startAfter ?? now,
    leaseSeconds: o.leaseSeconds ?? SEND_DEFAULTS.leaseSeconds,
    createdAt: now,
    urgent: o.urgent ?? false,
  };
}

/**
 * Stores jobs: one statement per lane for the tags, then one INSERT per 250 jobs, whatever their number. More than
 * 250 need the caller's transaction to be all or nothing. Ids in order.
 */
export async function storeJobs(ex: SqlExecutor, jobs: readonly JobToSend[], now: Date): Promise<string[]> {
  // tags are counted per tag lane: the job's lane, or its urgent counter (SendOptions.urgent)
  const tagLane = (j: JobToSend) => tagLaneOf(j.options.lane ?? "", j.options.urgent ?? false);
  const perLane = new Map<string, number>();
  for (const j of jobs) perLane.set(tagLane(j), (perLane.get(tagLane(j)) ?? 0) + 1);
  const next = new Map<string, number>();
  for (const [lane, count] of perLane) next.set(lane, await takeTags(ex, lane, count, now));
  const rows = jobs.map((j) => {
    const lane = tagLane(j);
    const tag = next.get(lane)!;
    next.set(lane, tag + 1);
    return toInsert(j, newJobId(), tag, now);
  });
  for (let from = 0; from < rows.length; from += ROWS_PER_INSERT)
    await ex.execute(insertJobs(ex.dialect, rows.slice(from, from + ROWS_PER_INSERT)));
  return rows.map((r) => r.id);
}

/**
 * One job. A lone job is two statements and no transaction (the hot path): a tag left unused by a crash in between
 * is harmless. A deduplicated send checks and inserts under a lock on its key.
 */
export async function sendOne(
  ex: SqlExecutor,
  kind: string,
  data: unknown,
  o: SendOptions,
  now: Date,
): Promise<string | null> {
  const { dedupe, ...options } = o;
  const job = [{ kind, data, options }];
  if (!(dedupe && o.key)) return (await storeJobs(ex, job, now))[0]!;
  const key = o.key;
  return ex.transaction(
    async (tx) =>
      (await tx.query(queuedWithKey(tx.dialect, key))).length > 0 ? null : (await storeJobs(tx, job, now))[0]!,
    { lock: `kit-jobs:key:${key}` },
  );
}

/**
 * Several jobs: up to 250 are one INSERT, all or nothing by itself, with no transaction around it (a burst would
 * pay one per group); more go in one transaction.
 */
export async function sendMany(ex: SqlExecutor, jobs: readonly JobToSend[], now: Date): Promise<string[]> {
  if (jobs.length === 0) return [];
  return jobs.length <= ROWS_PER_INSERT ? storeJobs(ex, jobs, now) : ex.transaction((tx) => storeJobs(tx, jobs, now));
}
