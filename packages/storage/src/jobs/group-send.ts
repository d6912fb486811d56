import type { JobQueue, JobToSend, SendOptions } from "./queue.ts";

export interface GroupOptions {
  /** Most requests handled in one go. Default 200. */
  maxGroup?: number;
  /** A group this large is handled at once instead of waiting for the end of the event-loop turn. Default 50. */
  flushAt?: number;
}

/** One waiting request of a group: its value, and how to answer its caller. */
export interface Pending<T, R> {
  value: T;
  resolve: (result: R) => void;
  reject: (e: unknown) => void;
}

/**
 * Group commit for a hot path: a request waits for the end of the current event-loop turn (setImmediate), so the
 * requests of every HTTP request handled in that turn are handled together by `handle` (a couple of statements
 * whatever the number); a burst of 200 callbacks costs a handful of statements instead of hundreds, and an idle
 * server handles a lone request a fraction of a millisecond later. A group that reaches `flushAt` is handled at
 * once (answers go out while the rest of a burst is still being read), and requests that arrive while a group is
 * being handled go in the next group, in arrival order. `handle` answers every request of its group.
 */
export function groupPerTurn<T, R>(
  handle: (group: Array<Pending<T, R>>) => Promise<void>,
  opts: GroupOptions = {},
): (value: T) => Promise<R> {
  const maxGroup = opts.maxGroup ?? 200;
  const flushAt = Math.min(opts.flushAt ?? 50, maxGroup);
  let pending: Array<Pending<T, R>> = [];
  let running = false;
  let scheduled = false;

  async function drain(): Promise<void> {
    running = true;
    while (pending.length > 0) {
      const group = pending.slice(0, maxGroup);
      pending = pending.slice(group.length);
      try {
        await handle(group);
      } catch (e) {
        for (const p of group) p.reject(e); // a promise already answered ignores this
      }
    }
    running = false;
  }

  return (value: T): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      pending.push({ value, resolve, reject });
      if (running) return; // the running drain takes it
      if (pending.length >= flushAt) {
        void drain();
      } else if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (!running) void drain();
        });
      }
    });
}

/**
 * Grouped job sends (every activation callback enqueues a job): the jobs of one event-loop turn are written with
 * one JobQueue.sendMany (see groupPerTurn). Each caller gets its promise back only once its job is stored. A group
 * that fails is written again one job at a time, so one bad job fails only its own caller.
 */
export function groupedSender(queue: Pick<JobQueue, "sendMany">, now: () => Date, opts: GroupOptions = {}) {
  async function write(group: Array<Pending<JobToSend, string>>): Promise<void> {
    try {
      const ids = await queue.sendMany(
        group.map((p) => p.value),
        now(),
      );
      group.forEach((p, i) => p.resolve(ids[i]!));
    } catch (e) {
      if (group.length === 1) group[0]!.reject(e);
      else for (const p of group) await write([p]);
    }
  }
  const send = groupPerTurn(write, opts);
  return (kind: string, data: unknown, options: Omit<SendOptions, "dedupe">): Promise<string> =>
    send({ kind, data, options });
}
