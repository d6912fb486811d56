import type { MagentoClient } from "@magento-integration/client";
import type { Storage, InstallationWithStore, SecretBox } from "@magento-integration/storage";
import type { EventHandlers } from "@magento-integration/sync/events";
import type { SyncEntity, SyncHandler } from "@magento-integration/sync";
import type { Mailer } from "@magento-integration/handshake/mail";
import type { ExportBudgets } from "@/lib/exports/budget";
import type { CoreJobServices } from "@magento-integration/storage/jobs";

/**
 * What the kinds of this folder use of the kit, beyond every kind's log, clock and senders (packages/storage/src/jobs/services.ts).
 * lib/kit.ts builds it; the handshake's kinds declare their own (packages/handshake/src/integration/jobs.ts).
 */
export interface JobServices extends CoreJobServices {
  storage: Storage;
  /** A signed client without a user (stores.systemClient), calling through `storeFetch`; null when unusable. */
  systemClient(installation: string | InstallationWithStore, storeFetch: typeof fetch): Promise<MagentoClient | null>;
  /** The app's mailer and address (account mail: lib/jobs/kinds/account-mail.ts). */
  mailer(): Mailer;
  appUrl: string;
  /** Stored-bytes budgets of exports (lib/exports/budget.ts; EXPORT_*_BUDGET_MIB). */
  exportBudgets: ExportBudgets;
  /** Crash tests of tracked bulk submissions (packages/sync/src/bulk/track.ts TrackDeps.afterSubmit). */
  bulkFaults?: { afterSubmit?: () => void };
  /** Opens sealed values (a stored store event's body). */
  box: SecretBox;
  /** The forker's store-event handlers (packages/sync/src/events/handlers.ts). */
  eventHandlers(): EventHandlers;
  /** Delta sync: the declared entities, the app's handlers, and the guarded fetch they call out with. */
  sync: { entities: readonly SyncEntity[]; handlers: readonly SyncHandler[]; fetch: typeof fetch };
}
