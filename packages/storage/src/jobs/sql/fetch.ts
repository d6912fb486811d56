/** Leasing the next job fairly (packages/storage/src/jobs/queue.ts, "Fairness" and "Leases"). */
import { unprovenLaneCap, type FetchOptions, type LeasedJob } from "../queue.ts";
import type { SqlExecutor } from "./executor.ts";
import { pickedRow, toLeased } from "./rows.ts";
import { advanceClock, expireLeases, pickNext, startJob } from "./statements.ts";

/** One fetch at a time across every process: lane caps and key order stay exact. */
export const FETCH_LOCK = "kit-jobs:fetch";
/** No cap on never-proven lanes (the largest 32-bit integer both databases compare with a count). */
const NO_CAP = 2_147_483_647;

/** Expired leases are looked for at most once a second per queue (on the fetch's clock). */
export interface ExpiryClock {
  last: number;
}

export async function fetchNext(ex: SqlExecutor, o: FetchOptions, expiry: ExpiryClock): Promise<LeasedJob | null> {
  const startable = o.startable ?? o.kinds;
  if (startable.length === 0) return null;
  return ex.transaction(
    async (tx) => {
      const d = tx.dialect;
      if (o.now.getTime() - expiry.last >= 1000) {
        expiry.last = o.now.getTime();
        await tx.execute(expireLeases(d, o.kinds, o.now));
      }
      const unprovenCap = o.unprovenCap ?? NO_CAP;
      const picks = {
        kinds: o.kinds,
        startable,
        laneCap: o.laneCap,
        unprovenCap,
        unprovenLaneCap: unprovenLaneCap(unprovenCap, o.laneCap),
        now: o.now,
      };
      const chosen = pickedRow.parse(await tx.query(pickNext(d, picks)))[0];
      if (!chosen) return null;
      // held for the hold (renewed by heartbeats) or the whole lease, whichever is shorter
      const heldSeconds = Math.min(chosen.leaseSeconds, o.holdSeconds ?? chosen.leaseSeconds);
      const started = await tx.query(startJob(d, chosen.id, o.now, new Date(o.now.getTime() + heldSeconds * 1000)));
      if (!started[0]) return null;
      const leased = toLeased(started[0]);
      await tx.execute(advanceClock(d, Number(started[0].tag), o.now));
      return leased;
    },
    { lock: FETCH_LOCK },
  );
}
