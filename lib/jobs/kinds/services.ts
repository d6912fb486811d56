import type { Logger } from "pino";
import type { MagentoClient } from "@/lib/magento";
import type { Storage } from "@/lib/storage/storage";
import type { InstallationWithStore } from "@/lib/storage/types";
import type { SecretBox } from "@/lib/secret-box";
import type { EventHandlers } from "@/lib/events/handlers";
import type { SyncEntity } from "@/lib/sync/declaration";
import type { SyncHandler } from "@/lib/sync/handler";
import { UNPROVEN_LANE_PREFIX, UNPROVEN_RECORDING_PREFIX, type JobToSend, type SendOptions } from "../queue";
import type { Mailer } from "@/lib/mail/mailer";
import type { ExportBudgets } from "@/lib/exports/budget";

/** What job kinds use of the kit (lib/kit.ts builds it; the handshake's kinds add its own: lib/integration/jobs.ts). */
export interface JobServices {
  storage: Storage;
  log: Logger;
  now: () => Date;
  /** Sends a follow-up job (and wakes this process's worker). */
  send(kind: string, data: unknown, options: SendOptions): Promise<string | null>;
  /** Sends several jobs in one write (JobQueue.sendMany: no dedupe). Ids in order. */
  sendMany(jobs: readonly JobToSend[]): Promise<string[]>;
  /** Which of these job keys have a job queued (what a `dedupe` send would drop: JobQueue.queuedKeys). */
  queuedKeys(keys: readonly string[]): Promise<Set<string>>;
  /** A signed client without a user (stores.systemClient), calling through `storeFetch`; null when unusable. */
  systemClient(installation: string | InstallationWithStore, storeFetch: typeof fetch): Promise<MagentoClient | null>;
  /** The app's mailer and address (account mail: lib/jobs/kinds/account-mail.ts). */
  mailer(): Mailer;
  appUrl: string;
  /** Stored-bytes budgets of exports (lib/exports/budget.ts; EXPORT_*_BUDGET_MIB). */
  exportBudgets: ExportBudgets;
  /** How often every active installation is probed. */
  healthProbeEveryMs: number;
  /** Crash tests of tracked bulk submissions (lib/bulk/track.ts TrackDeps.afterSubmit). */
  bulkFaults?: { afterSubmit?: () => void };
  /** Opens sealed values (a stored store event's body). */
  box: SecretBox;
  /** The forker's store-event handlers (lib/events/handlers.ts). */
  eventHandlers(): EventHandlers;
  /** Delta sync: the declared entities, the app's handlers, and the guarded fetch they call out with. */
  sync: { entities: readonly SyncEntity[]; handlers: readonly SyncHandler[]; fetch: typeof fetch };
}

/** A store URL's host and port (a URL that does not parse stands for itself). */
function hostOf(storeBaseUrl: string): string {
  try {
    return new URL(storeBaseUrl).host;
  } catch {
    return storeBaseUrl;
  }
}

/**
 * Every proven store's jobs share one lane per host (host and port): fairness and the per-store cap are counted
 * on it. By host, not by URL: paths on one host are one server, and would otherwise each be a lane of their own.
 */
export function storeLane(storeBaseUrl: string): string {
  return `store:${hostOf(storeBaseUrl)}`;
}

/** The lane of a store no exchange proved yet: per host too, in the capped class of never-proven work (lib/jobs/queue.ts). */
export function unprovenLane(storeBaseUrl: string): string {
  return `${UNPROVEN_LANE_PREFIX}${hostOf(storeBaseUrl)}`;
}

/** Where a never-proven store's callbacks are recorded: per host, in the capped recording class (lib/jobs/queue.ts). */
export function unprovenRecordingLane(storeBaseUrl: string): string {
  return `${UNPROVEN_RECORDING_PREFIX}${hostOf(storeBaseUrl)}`;
}

/** The lane of a store's handshake jobs: its own while it is proven, the never-proven class until then. */
export function handshakeLane(storeBaseUrl: string, proven: boolean): string {
  return proven ? storeLane(storeBaseUrl) : unprovenLane(storeBaseUrl);
}
