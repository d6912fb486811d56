import type { Logger } from "pino";
import type { JobToSend, SendOptions } from "./queue.ts";

/**
 * What every job kind is given of the app that registers it, whichever part of the kit the kind belongs to: a log,
 * the clock and the senders (lib/kit.ts builds them). Each group of kinds extends it with what it needs of its
 * own part: lib/jobs/kinds/services.ts (the kit's kinds), packages/handshake/src/integration/jobs.ts and probe-jobs.ts (the handshake's).
 */
export interface CoreJobServices {
  log: Logger;
  now: () => Date;
  /** Sends a follow-up job (and wakes this process's worker). */
  send(kind: string, data: unknown, options: SendOptions): Promise<string | null>;
  /** Sends several jobs in one write (JobQueue.sendMany: no dedupe). Ids in order. */
  sendMany(jobs: readonly JobToSend[]): Promise<string[]>;
  /** Which of these job keys have a job queued (what a `dedupe` send would drop: JobQueue.queuedKeys). */
  queuedKeys(keys: readonly string[]): Promise<Set<string>>;
}
