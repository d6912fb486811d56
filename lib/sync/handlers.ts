/**
 * Your code: the handlers every synced change is delivered to (README, "Sync", has a recipe). The kit passes this
 * list to the job engine (lib/kit.ts); tests pass their own.
 */
import type { SyncHandler } from "@magento-integration/sync";

export const syncHandlers: SyncHandler[] = [];
