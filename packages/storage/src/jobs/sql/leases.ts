/** What the holder of a lease does with its job: complete, fail, give back, keep holding. Checked against the lease. */
import { backoffSeconds, tagLaneOf, type JobQueue, type LeasedJob } from "../queue.ts";
import type { SqlExecutor } from "./executor.ts";
import { jobRow } from "./rows.ts";
import { completeJob, failJob, leasedJob, renewHold, requeueJob, retryJobAt } from "./statements.ts";
import { takeTags } from "./send.ts";

export async function complete(ex: SqlExecutor, job: LeasedJob, output: unknown, now: Date): Promise<boolean> {
  return (await ex.execute(completeJob(ex.dialect, job, JSON.stringify(output ?? null), now))) > 0;
}

export async function fail(
  ex: SqlExecutor,
  job: LeasedJob,
  error: Parameters<JobQueue["fail"]>[1],
  now: Date,
  random: () => number,
): Promise<"retry" | "failed" | "lost"> {
  return ex.transaction(async (tx) => {
    const [raw] = await tx.query(leasedJob(tx.dialect, job));
    if (!raw) return "lost";
    const row = jobRow.parse(raw);
    const output = JSON.stringify({ message: error.message });
    if (!error.final && row.retryCount < row.retryLimit) {
      const delay = backoffSeconds(row.retryCount, row.retryDelaySeconds, row.retryBackoff, random());
      const retryAt = error.retryAt ?? new Date(now.getTime() + delay * 1000);
      await tx.execute(retryJobAt(tx.dialect, job, retryAt, output));
      return "retry";
    }
    await tx.execute(failJob(tx.dialect, job, output, now));
    return "failed";
  });
}

/** Gives the lease back without counting an attempt; the job gets a new fairness tag. */
export async function requeue(ex: SqlExecutor, job: LeasedJob, now: Date, startAfter?: Date): Promise<boolean> {
  return ex.transaction(async (tx) => {
    const [raw] = await tx.query(leasedJob(tx.dialect, job));
    if (!raw) return false;
    const row = jobRow.parse(raw);
    const tag = await takeTags(tx, tagLaneOf(row.lane, row.urgent), 1, now);
    return (await tx.execute(requeueJob(tx.dialect, job, startAfter ?? now, tag))) > 0;
  });
}

/** Renews each job's hold until `until`, never past the job's own lease. */
export async function heartbeat(ex: SqlExecutor, jobs: readonly LeasedJob[], until: Date): Promise<void> {
  for (const job of jobs) {
    const leaseEnds = job.lease.getTime() + job.leaseSeconds * 1000;
    await ex.execute(renewHold(ex.dialect, job, new Date(Math.min(until.getTime(), leaseEnds))));
  }
}
