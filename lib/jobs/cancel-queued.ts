import type { JobQueue } from "./queue";

const PAGE = 200;

/**
 * Cancels every job for `ref` (an installation id) that has not started: waiting, or waiting to retry. A removed
 * store's probes, sync passes, exports and bulk chunks would otherwise still start, each to find the installation
 * gone. A job already running finishes on its own. Returns how many were cancelled.
 */
export async function cancelQueuedJobs(queue: JobQueue, ref: string, now: Date): Promise<number> {
  let cancelled = 0;
  for (;;) {
    const queued = await queue.list({ refs: [ref], states: ["created", "retry"], limit: PAGE });
    let cancelledNow = 0;
    for (const job of queued) if (await queue.cancel(job.id, now)) cancelledNow++;
    cancelled += cancelledNow;
    // the last page, or a page whose jobs all started meanwhile (cancelled none): nothing is left to cancel
    if (queued.length < PAGE || cancelledNow === 0) return cancelled;
  }
}
