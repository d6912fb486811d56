/**
 * A worker process of its own runs at a lower CPU priority than the web process: nice WORKER_NICE (10 unless set;
 * 0 keeps the priority it was started with). On a host that runs both (one VM, Docker Compose on one machine), a
 * burst of activation callbacks is answered first and its jobs are worked through right after: in
 * bench/callback-burst.bench.ts (PostgreSQL, a separate worker, two cores) the callbacks' p99 went from 675 and
 * 818 ms to 616 and 589 ms, with the exchanges done as soon. On a host or container of its own it changes nothing.
 * Lowering one's own priority needs no privilege; it is never raised here.
 */
import { getPriority, setPriority } from "node:os";

/** Lowers this process's priority to `nice`. Returns why it could not, or null. */
export function lowerWorkerPriority(nice: number): string | null {
  try {
    if (nice > getPriority()) setPriority(nice);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}
