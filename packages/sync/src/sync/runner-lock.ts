/**
 * One runner at a time per (store, entity). The worker's jobs already take turns on their job key
 * (lib/jobs/kinds/sync.ts), but `npm run sync` runs passes in its own process, outside the queue: without a lock
 * it could read and write the same mirror rows as a worker's pass at the same moment. So every pass and sweep,
 * from a job or the command, holds the entity's lock on its cursor row (SyncCursor.lockedBy / lockedUntil):
 * - taken with one conditional UPDATE (free, expired, or held by a process of this host that is gone: a runner
 *   killed with kill -9 is taken over at once by the next one on its host, elsewhere after LOCK_SECONDS);
 * - renewed by a heartbeat while the runner lives, and checked in each page's transaction: a runner that lost it
 *   (its process stalled past LOCK_SECONDS) writes nothing more;
 * - released at the end.
 * A job that finds it held runs again a few seconds later; the command waits for it.
 */
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Storage } from "@magento-integration/storage";
import { KitError } from "@magento-integration/client";

/** A lock not renewed for this long is free. */
export const LOCK_SECONDS = 60;
const HEARTBEAT_MS = (LOCK_SECONDS * 1000) / 4;

export class SyncBusyError extends KitError {
  static override readonly brand: string = "SyncBusyError";
  constructor(
    message: string,
    readonly until: Date | null,
    options: { cause?: unknown } = {},
  ) {
    super(message, { problem: "write_conflict", ...options });
  }
}

/** Who runs: this host and process, and a random part (two runners of one process differ). */
export const newRunnerId = (): string => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** A holder on this host whose process is gone (its lock can be taken now). */
export function holderIsGone(holder: string): boolean {
  const [host, pid] = holder.split(":");
  if (host !== hostname() || !/^\d+$/.test(pid ?? "")) return false;
  if (Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ESRCH";
  }
  // a process killed and not yet reaped (a container whose first process reaps no orphans) is a zombie: gone too
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return false; // no /proc (macOS): alive, the lock runs out on its own
  }
}

export interface RunnerLock {
  holder: string;
  /** Checked in each page's transaction: throws when the lock is no longer this runner's. */
  guard(tx: Storage): Promise<void>;
}

/**
 * Runs `fn` holding the lock of (installationId, entity), or throws SyncBusyError naming who holds it and until
 * when. `now` is the injected clock.
 */
export async function withRunnerLock<T>(
  storage: Storage,
  now: () => Date,
  installationId: string,
  entity: string,
  fn: (lock: RunnerLock) => Promise<T>,
): Promise<T> {
  const holder = newRunnerId();
  const until = () => new Date(now().getTime() + LOCK_SECONDS * 1000);
  let taken = await storage.sync.takeLock(installationId, entity, holder, until(), now(), null);
  if (!taken.taken && taken.holder && holderIsGone(taken.holder))
    taken = await storage.sync.takeLock(installationId, entity, holder, until(), now(), taken.holder);
  if (!taken.taken)
    throw new SyncBusyError(
      `${entity} of this store is being synced by another runner (${taken.holder ?? "?"}) until ${taken.until?.toISOString() ?? "?"} at the latest`,
      taken.until,
    );
  let lost = false;
  const beat = setInterval(() => {
    storage.sync.takeLock(installationId, entity, holder, until(), now(), holder).then(
      (r) => {
        if (!r.taken) lost = true;
      },
      () => {}, // the next beat or the page's own check decides
    );
  }, HEARTBEAT_MS);
  beat.unref();
  const lock: RunnerLock = {
    holder,
    async guard(tx) {
      const r = lost
        ? { taken: false }
        : await tx.sync.takeLock(installationId, entity, holder, until(), now(), holder);
      if (!r.taken) {
        lost = true;
        throw new SyncBusyError(`${entity} of this store was taken over by another runner: this one stops`, null);
      }
    },
  };
  try {
    return await fn(lock);
  } finally {
    clearInterval(beat);
    await storage.sync.releaseLock(installationId, entity, holder).catch(() => {});
  }
}
