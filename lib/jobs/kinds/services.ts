import type { Logger } from "pino";
import type { MagentoClient } from "@/lib/magento";
import type { IntegrationDeps } from "@/lib/integration/deps";
import type { Storage } from "@/lib/storage/storage";
import type { SyncEntity } from "@/lib/sync/declaration";
import type { SyncHandler } from "@/lib/sync/handler";
import type { SendOptions } from "../queue";
import type { Mailer } from "@/lib/mail/mailer";

/** What job kinds use of the kit (lib/kit.ts builds it). */
export interface JobServices {
  storage: Storage;
  log: Logger;
  now: () => Date;
  /** The handshake's dependencies, with the store fetch a job brings (governed for its lane). */
  integration(storeFetch: typeof fetch): IntegrationDeps;
  /** Sends a follow-up job (and wakes this process's worker). */
  send(kind: string, data: unknown, options: SendOptions): Promise<string | null>;
  /** A signed client without a user (stores.systemClient), calling through `storeFetch`; null when unusable. */
  systemClient(installationId: string, storeFetch: typeof fetch): Promise<MagentoClient | null>;
  /** The app's mailer and address (account mail: lib/jobs/kinds/account-mail.ts). */
  mailer(): Mailer;
  appUrl: string;
  /** How often every active installation is probed. */
  healthProbeEveryMs: number;
  /** Crash tests of tracked bulk submissions (lib/bulk/track.ts TrackDeps.afterSubmit). */
  bulkFaults?: { afterSubmit?: () => void };
  /** Delta sync: the declared entities, the app's handlers, and the guarded fetch they call out with. */
  sync: { entities: readonly SyncEntity[]; handlers: readonly SyncHandler[]; fetch: typeof fetch };
}

/** Every store's jobs share one lane per store base URL: fairness and the per-store cap are counted on it. */
export function storeLane(storeBaseUrl: string): string {
  return `store:${storeBaseUrl}`;
}
