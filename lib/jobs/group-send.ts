import type { JobQueue, SendOptions } from "./queue";

type Item = { kind: string; data: unknown; options: Omit<SendOptions, "dedupe">; resolve: (id: string) => void; reject: (e: unknown) => void };

/**
 * Group commit for a hot path (every activation callback enqueues a job): sends that arrive while a previous group
 * is being written wait and go together in the next one (JobQueue.sendMany: a couple of statements whatever the
 * number). An idle queue writes a lone job at once; a burst of 200 callbacks costs a handful of statements
 * instead of hundreds. Each caller still gets its promise back only once its job is stored.
 */
export function groupedSender(queue: Pick<JobQueue, "sendMany">, now: () => Date, maxGroup = 200) {
  let pending: Item[] = [];
  let writing = false;

  async function drain(): Promise<void> {
    writing = true;
    while (pending.length > 0) {
      const group = pending.slice(0, maxGroup);
      pending = pending.slice(group.length);
      try {
        const ids = await queue.sendMany(group, now());
        group.forEach((item, i) => item.resolve(ids[i]!));
      } catch (e) {
        for (const item of group) item.reject(e);
      }
    }
    writing = false;
  }

  return (kind: string, data: unknown, options: Omit<SendOptions, "dedupe">): Promise<string> =>
    new Promise<string>((resolve, reject) => {
      pending.push({ kind, data, options, resolve, reject });
      if (!writing) void drain();
    });
}
