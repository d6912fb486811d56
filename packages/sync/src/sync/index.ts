/** packages/sync/src/sync: per-store delta sync (docs/sync.md): declarations, delta pass, sweep, mirror, delivery to handlers. */
export { defineSyncEntity, type SyncEntity, SyncDeclarationError } from "./declaration.ts";
export { defineSyncHandler, type SyncChange, type SyncHandler, type SyncHandlerContext } from "./handler.ts";
export { SYNC_ENTITIES, syncEntity, syncEntityNames, UnknownSyncEntityError } from "./registry.ts";
export { SyncDataError } from "./records.ts";
export { syncErrorView, type SyncErrorView } from "./error-view.ts";
export { syncEntityView, syncStateOf, type SyncEntityView, type SyncStateTone } from "./status-view.ts";
