/** Reading jobs (the Jobs view, metrics) and what operators and upkeep do to them: retry, cancel, prune. */
import { tagLaneOf, type Job, type JobListFilter, type JobQueue } from "../queue.ts";
import type { SqlExecutor } from "./executor.ts";
import { countRows, keyRows, toJob } from "./rows.ts";
import { takeTags } from "./send.ts";
import { jobRow } from "./rows.ts";
import {
  cancelJob,
  endedJob,
  jobById,
  listJobs,
  openCounts as openCountsStatement,
  openJobFor,
  pruneFinished as pruneFinishedStatement,
  pruneUnproven as pruneUnprovenStatement,
  pruneUnprovenLanes,
  queuedKeys as queuedKeysStatement,
  retryEndedJob,
} from "./statements.ts";

/** Keys per statement: one placeholder each, well under SQLite's 32,766 and PostgreSQL's 65,535. */
const KEYS_PER_QUERY = 500;

export async function getJob(ex: SqlExecutor, id: string): Promise<Job | null> {
  const [row] = await ex.query(jobById(ex.dialect, id));
  return row ? toJob(row) : null;
}

export async function list(ex: SqlExecutor, f: JobListFilter): Promise<Job[]> {
  return (await ex.query(listJobs(ex.dialect, f))).map(toJob);
}

export async function openCounts(ex: SqlExecutor): ReturnType<JobQueue["openCounts"]> {
  return countRows.parse(await ex.query(openCountsStatement(ex.dialect)));
}

export async function queuedKeys(ex: SqlExecutor, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let from = 0; from < keys.length; from += KEYS_PER_QUERY) {
    const rows = await ex.query(queuedKeysStatement(ex.dialect, keys.slice(from, from + KEYS_PER_QUERY)));
    for (const r of keyRows.parse(rows)) found.add(r.key);
  }
  return found;
}

export async function hasOpen(ex: SqlExecutor, kind: string, ref: string): Promise<boolean> {
  return (await ex.query(openJobFor(ex.dialect, kind, ref))).length > 0;
}

/** Never-proven jobs, then the lanes they leave empty (JobQueue.pruneUnproven). */
export async function pruneUnproven(ex: SqlExecutor, before: Date): Promise<number> {
  const jobs = await ex.execute(pruneUnprovenStatement(ex.dialect, before));
  await ex.execute(pruneUnprovenLanes(ex.dialect, before));
  return jobs;
}

export async function pruneFinished(ex: SqlExecutor, completedBefore: Date, failedBefore: Date): Promise<number> {
  return ex.execute(pruneFinishedStatement(ex.dialect, completedBefore, failedBefore));
}

/** A failed or cancelled job runs again (one more attempt, a new fairness tag). */
export async function retry(ex: SqlExecutor, id: string, now: Date): Promise<boolean> {
  return ex.transaction(async (tx) => {
    const [raw] = await tx.query(endedJob(tx.dialect, id));
    if (!raw) return false;
    const row = jobRow.parse(raw);
    const tag = await takeTags(tx, tagLaneOf(row.lane, row.urgent), 1, now);
    return (await tx.execute(retryEndedJob(tx.dialect, id, now, tag))) > 0;
  });
}

export async function cancel(ex: SqlExecutor, id: string, now: Date): Promise<boolean> {
  return (await ex.execute(cancelJob(ex.dialect, id, now))) > 0;
}
