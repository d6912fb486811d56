/**
 * Applying rows read from the store to the mirror: each row is compared with the mirror's copy (version, then
 * fingerprint), and only what is new or changed becomes a change, written with the mirror row and the cursor move
 * in one transaction. A row read twice (overlap margin, duplicate pages) is delivered once; a row older than the
 * mirror's copy is refused (a SyncDataError: nothing of the page is written).
 */
import type { Storage, CursorPatch, NewChange } from "@magento-integration/storage";
import type { SyncEntity } from "./declaration.ts";
import { compare, SyncDataError, type StoreRecord } from "./records.ts";

export interface Applied {
  /** Changes written (new, changed or deleted records). */
  changes: number;
  /** Rows the mirror already had as they are. */
  unchanged: number;
  /** Rows older than the mirror (only when `olderIs` is "skip"). */
  stale: number;
}

export interface ApplyOptions {
  /** A row older than the mirror: refused (passes, sweeps) or skipped (refreshRecord, racing a fresher read). */
  olderIs: "error" | "skip";
  /** The cursor move that goes with this page (same transaction). */
  cursor?: CursorPatch;
  /** No handler listens to this entity: its changes are written delivered, with nothing left to deliver. */
  unheard?: boolean;
  /** Run first in the page's transaction: throws when this runner lost the entity's lock (runner-lock.ts). */
  guard?: (tx: Storage) => Promise<void>;
  /** Records the store no longer has (sweep end, refreshRecord): deleted. */
  deletions?: readonly string[];
  /**
   * Nothing but the rows needs writing (the cursor does not move): when every row is as the mirror has it, the
   * page writes nothing, and opens no transaction (an idle delta pass re-reading its overlap). Not for a sweep: it
   * marks the rows it saw.
   */
  unchangedWritesNothing?: boolean;
}

export async function applyRecords(
  storage: Storage,
  installationId: string,
  entity: SyncEntity,
  records: readonly StoreRecord[],
  at: Date,
  options: ApplyOptions,
): Promise<Applied> {
  // the latest read of each record in this batch wins (a duplicate page can repeat rows)
  const byIdentity = new Map<string, StoreRecord>();
  for (const r of records) byIdentity.set(r.identity, r);
  const identities = [...byIdentity.keys(), ...(options.deletions ?? [])];
  if (options.unchangedWritesNothing && !options.deletions?.length) {
    const mirror = await storage.sync.mirrorStates(installationId, entity.name, identities);
    if ([...byIdentity.values()].every((r) => compare(mirror.get(r.identity), r) === "same"))
      return { changes: 0, unchanged: byIdentity.size, stale: 0 };
  }
  return storage.transaction(async (tx) => {
    await options.guard?.(tx);
    const mirror = await tx.sync.mirrorStates(installationId, entity.name, identities);
    const changes: NewChange[] = [];
    const seen: string[] = [];
    let stale = 0;
    for (const r of byIdentity.values()) {
      const m = mirror.get(r.identity);
      const c = compare(m, r);
      if (c === "same") seen.push(r.identity);
      else if (c === "older") {
        if (options.olderIs === "skip") stale++;
        else
          throw new SyncDataError(
            `the store answered ${entity.name} ${r.identity} at version ${r.version}, older than the version ${m?.version} already delivered (a store clock set back?). Resync from scratch once the store's clock is right.`,
          );
      } else {
        changes.push({
          identity: r.identity,
          sortKey: r.sortKey,
          operation: "upsert",
          version: r.version,
          sequence: (m?.sequence ?? 0) + 1,
          fingerprint: r.fingerprint,
          data: r.data,
          existed: m !== undefined,
        });
      }
    }
    for (const identity of options.deletions ?? []) {
      const m = mirror.get(identity);
      if (!m || m.deleted) continue;
      changes.push({
        identity,
        sortKey: "",
        operation: "delete",
        version: m.version,
        sequence: m.sequence + 1,
        fingerprint: "",
        data: null,
        existed: true,
      });
    }
    await tx.sync.writeChanges(installationId, entity.name, changes, at, options.unheard ? "delivered" : "pending");
    if (seen.length) await tx.sync.markSeen(installationId, entity.name, seen, at);
    if (options.cursor) await tx.sync.saveCursor(installationId, entity.name, options.cursor);
    return { changes: changes.length, unchanged: seen.length, stale };
  });
}
