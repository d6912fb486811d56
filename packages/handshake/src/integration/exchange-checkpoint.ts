/**
 * The token exchange's checkpoint writes, made to outlast a short database outage (a PostgreSQL restart or
 * failover of a few seconds). A checkpoint written after a store call records what the store has already spent: a
 * request token it issued, or the access token it turned that into. Failing that write would fail the job, and the
 * resumed job could not finish (the store refuses a token twice): the store would show the integration Active while
 * the app holds nothing. So these writes wait for the database (packages/storage/src/db-reachable.ts), briefly and within bounds:
 * - 250 ms, doubling, at most 2 s between tries, for at most 20 s in all;
 * - never past `mustEndBy`: the job's lease (after it another worker may run the job again) and, for the
 *   request-token checkpoint, the store's 300 s window (after it the token is worth nothing).
 * A failure that is not the database being unreachable is thrown at once; so is the last one when time is up.
 * SQLite is a local file: it is never "unreachable", and nothing here waits on it.
 */
import { databaseErrorCode, whenDatabaseReachable } from "@magento-integration/storage";
import type { IntegrationDeps } from "./deps.ts";

export const CHECKPOINT_WAIT = { firstDelayMs: 250, maxDelayMs: 2_000, totalMs: 20_000 } as const;
/** Kept free before the lease ends: the write itself, and the clocks of two workers. */
const LEASE_MARGIN_MS = 5_000;

export interface CheckpointBounds {
  /** When this job's lease ends (another worker may run it again after that). */
  leaseEndsAt?: Date;
  /** A later limit of this checkpoint (the store's window, for the request token). */
  windowEndsAt?: Date;
}

/** Runs `write`, waiting while the database is unreachable, within the bounds above; `what` names it in the log. */
export async function writeCheckpoint<T>(
  deps: Pick<IntegrationDeps, "log" | "now">,
  what: string,
  ids: { installationId: string; activationId: string },
  bounds: CheckpointBounds,
  write: () => Promise<T>,
): Promise<T> {
  const now = deps.now().getTime();
  const limits = [now + CHECKPOINT_WAIT.totalMs];
  if (bounds.leaseEndsAt) limits.push(bounds.leaseEndsAt.getTime() - LEASE_MARGIN_MS);
  if (bounds.windowEndsAt) limits.push(bounds.windowEndsAt.getTime());
  const budgetMs = Math.min(...limits) - now;
  if (budgetMs <= 0) return write(); // no time to wait: the first failure is the answer
  const giveUp = new AbortController();
  const timer = setTimeout(() => giveUp.abort(), budgetMs);
  try {
    return await whenDatabaseReachable(write, {
      firstDelayMs: CHECKPOINT_WAIT.firstDelayMs,
      maxDelayMs: CHECKPOINT_WAIT.maxDelayMs,
      signal: giveUp.signal,
      onWait: (e, retryInMs) =>
        deps.log.warn(
          { ...ids, code: databaseErrorCode(e), retryInMs },
          `token exchange: the database cannot be reached to record ${what}; trying again`,
        ),
    });
  } finally {
    clearTimeout(timer);
  }
}
