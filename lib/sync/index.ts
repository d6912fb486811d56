/** lib/sync: per-store delta sync (docs/sync.md): declarations, delta pass, sweep, mirror, delivery to handlers. */
export { defineSyncEntity, type SyncEntity, SyncDeclarationError } from "./declaration";
export { defineSyncHandler, type SyncChange, type SyncHandler, type SyncHandlerContext } from "./handler";
export { SYNC_ENTITIES, syncEntity, syncEntityNames, UnknownSyncEntityError } from "./registry";
export { SyncDataError } from "./records";
export { syncErrorView, type SyncErrorView } from "./error-view";
export { syncEntityView, syncStateOf, type SyncEntityView, type SyncStateTone } from "./status-view";
