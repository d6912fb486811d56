import type { Logger } from "pino";
import type { MagentoClient } from "@/lib/magento";
import type { IntegrationDeps } from "@/lib/integration/deps";
import type { Storage } from "@/lib/storage/storage";
import type { SecretBox } from "@/lib/secret-box";
import type { EventHandlers } from "@/lib/events/handlers";
import type { SyncEntity } from "@/lib/sync/declaration";
import type { SyncHandler } from "@/lib/sync/handler";
import type { SendOptions } from "../queue";

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
  /** How often every active installation is probed. */
  healthProbeEveryMs: number;
  /** Opens sealed values (a stored store event's body). */
  box: SecretBox;
  /** The forker's store-event handlers (lib/events/handlers.ts). */
  eventHandlers(): EventHandlers;
  /** Delta sync: the declared entities, the app's handlers, and the guarded fetch they call out with. */
  sync: { entities: readonly SyncEntity[]; handlers: readonly SyncHandler[]; fetch: typeof fetch };
}

/** Every store's jobs share one lane per store base URL: fairness and the per-store cap are counted on it. */
export function storeLane(storeBaseUrl: string): string {
  return `store:${storeBaseUrl}`;
}
