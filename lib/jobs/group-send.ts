import type { JobQueue, SendOptions } from "./queue";

type Item = { kind: string; data: unknown; options: Omit<SendOptions, "dedupe">; resolve: (id: string) => void; reject: (e: unknown) => void };

export interface GroupOptions {
  /** Most jobs written in one go. Default 200. */
  maxGroup?: number;
  /** A group this large is written at once instead of waiting for the end of the event-loop turn. Default 50. */
  flushAt?: number;
}

/**
 * Group commit for a hot path (every activation callback enqueues a job). A send waits for the end of the current
 * event-loop turn (setImmediate), so the sends of every request handled in that turn are written together
 * (JobQueue.sendMany: a couple of statements whatever the number); a burst of 200 callbacks costs a handful of
 * statements instead of hundreds, and an idle server writes a lone job a fraction of a millisecond later. A group
 * that reaches `flushAt` is written at once (answers go out while the rest of a burst is still being read), and
 * sends that arrive during a write go in the next group. Each caller gets its promise back only once its job is
 * stored. A group that fails is written again one job at a time, so one bad job fails only its own caller.
 */
export function groupedSender(queue: Pick<JobQueue, "sendMany">, now: () => Date, opts: GroupOptions = {}) {
  const maxGroup = opts.maxGroup ?? 200;
  const flushAt = Math.min(opts.flushAt ?? 50, maxGroup);
  let pending: Item[] = [];
  let writing = false;
  let scheduled = false;

  async function write(group: Item[]): Promise<void> {
    try {
      const ids = await queue.sendMany(group, now());
      group.forEach((item, i) => item.resolve(ids[i]!));
    } catch (e) {
      if (group.length === 1) group[0]!.reject(e);
      else for (const item of group) await write([item]);
    }
  }

  async function drain(): Promise<void> {
    writing = true;
    while (pending.length > 0) {
      const group = pending.slice(0, maxGroup);
      pending = pending.slice(group.length);
      await write(group);
    }
    writing = false;
  }

  return (kind: string, data: unknown, options: Omit<SendOptions, "dedupe">): Promise<string> =>
    new Promise<string>((resolve, reject) => {
      pending.push({ kind, data, options, resolve, reject });
      if (writing) return; // the running drain takes it
      if (pending.length >= flushAt) {
        void drain();
      } else if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (!writing) void drain();
        });
      }
    });
}
