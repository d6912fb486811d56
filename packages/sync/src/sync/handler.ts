/**
 * What the app's handlers receive: batches of changes of one entity of one store, in order per record
 * (`sequence` grows by one with each change of a record), at least once. A handler that throws gets the batch
 * again with back-off; a change that keeps failing is parked (the Sync page lists it, with Retry).
 */
import type { Logger } from "pino";

export interface SyncChange<T extends Record<string, unknown> = Record<string, unknown>> {
  /** The outbox id: the same change delivered twice (a crash before it was acknowledged) has the same id. */
  changeId: number;
  store: { installationId: string; baseUrl: string };
  entity: string;
  /** The declaration's identity as text: an entity id ("42") or a SKU. */
  identity: string;
  operation: "upsert" | "delete";
  /** The store's version (`updated_at`), or "" for entities without one (stock). */
  version: string;
  /** Per record: 1 for the first change the app saw, then 2, 3, … A handler never gets a lower one after a higher. */
  sequence: number;
  /** The record's fields as the store names them; null for a delete. */
  data: T | null;
}

export interface SyncHandlerContext {
  /** The guarded fetch (packages/client/src/net): use it for every outbound call. */
  fetch: typeof fetch;
  log: Logger;
}

export interface SyncHandler {
  /** Shown in logs and on the Sync page with a parked change's error. */
  name: string;
  /** The entities it wants (declaration names), or "*" for all. */
  entities: readonly string[] | "*";
  /** One batch (one store, one entity, ≤ 100 changes). Throw to have it retried. Must be idempotent (at least once). */
  handle(changes: readonly SyncChange[], ctx: SyncHandlerContext): Promise<void>;
}

export function defineSyncHandler(h: SyncHandler): SyncHandler {
  return h;
}
