/**
 * What the sync asks of the database (storage.sync): cursors, the mirror and the delivery outbox. The Prisma
 * implementation (packages/storage/src/storage/prisma/sync.ts) serves SQLite and PostgreSQL.
 */
export interface SyncCursor {
  installationId: string;
  entity: string;
  markVersion: string | null;
  markKey: string | null;
  storeNow: Date | null;
  backfilledAt: Date | null;
  backfillTotal: number | null;
  backfillDone: number;
  sweepStartedAt: Date | null;
  sweepAfter: string | null;
  lastPassAt: Date | null;
  lastSweepAt: Date | null;
  paused: boolean;
  errorCode: string | null;
  error: string | null;
  errorAt: Date | null;
  /** The runner holding the entity's lock, and until when (packages/sync/src/sync/runner-lock.ts). */
  lockedBy: string | null;
  lockedUntil: Date | null;
  /** This store is read through the entity's fallback (null: not chosen yet; packages/sync/src/sync/reading.ts). */
  readsFallback: boolean | null;
}

export type CursorPatch = Partial<Omit<SyncCursor, "installationId" | "entity" | "lockedBy" | "lockedUntil">>;

export type LockTaken = { taken: true } | { taken: false; holder: string | null; until: Date | null };

export interface MirrorState {
  identity: string;
  version: string;
  fingerprint: string;
  sequence: number;
  deleted: boolean;
}

export interface MirrorRecord {
  identity: string;
  version: string;
  sequence: number;
  data: Record<string, unknown>;
}

/** One change to write: the mirror row it leaves, and the outbox entry. */
export interface NewChange {
  identity: string;
  sortKey: string;
  operation: "upsert" | "delete";
  version: string;
  sequence: number;
  fingerprint: string;
  /** null for a delete. */
  data: Record<string, unknown> | null;
  /** Whether the mirror had a row for it (update) or not (insert). */
  existed: boolean;
}

export type ChangeState = "pending" | "delivered" | "parked" | "superseded";

export interface OutboxChange {
  id: number;
  installationId: string;
  entity: string;
  identity: string;
  operation: "upsert" | "delete";
  version: string;
  sequence: number;
  data: Record<string, unknown> | null;
  state: ChangeState;
  attempts: number;
  nextAttemptAt: Date;
  error: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

export interface SyncRepo {
  cursor(installationId: string, entity: string): Promise<SyncCursor | null>;
  cursors(installationId: string): Promise<SyncCursor[]>;
  /** The cursors of many installations at once (the schedule's one read per tick, not one per store). */
  cursorsOf(installationIds: readonly string[]): Promise<SyncCursor[]>;
  /** Creates the cursor when missing. */
  saveCursor(installationId: string, entity: string, patch: CursorPatch): Promise<void>;
  /**
   * Takes (or renews) the runner lock of (installationId, entity) for `holder` until `until`, in one conditional
   * write: when it is free, expired at `now`, or held by `from` (the holder itself renewing, or a runner found
   * gone). Creates the cursor when missing.
   */
  takeLock(
    installationId: string,
    entity: string,
    holder: string,
    until: Date,
    now: Date,
    from: string | null,
  ): Promise<LockTaken>;
  releaseLock(installationId: string, entity: string, holder: string): Promise<void>;
  /** The mirror's state of these identities (deleted ones included). */
  mirrorStates(
    installationId: string,
    entity: string,
    identities: readonly string[],
  ): Promise<Map<string, MirrorState>>;
  /**
   * Writes changes: each mirror row, and an outbox entry (older open entries of the same record are superseded:
   * a record has at most one change waiting). Run inside storage.transaction with the cursor move. The entries are
   * written "delivered" when no handler listens to the entity (what delivery would do with them at once).
   */
  writeChanges(
    installationId: string,
    entity: string,
    changes: readonly NewChange[],
    at: Date,
    state: "pending" | "delivered",
  ): Promise<void>;
  /** The sweep saw these records unchanged. */
  markSeen(installationId: string, entity: string, identities: readonly string[], at: Date): Promise<void>;
  /** Live mirror records a sweep that started at `since` did not see. */
  unseenSince(installationId: string, entity: string, since: Date, limit: number): Promise<MirrorState[]>;
  /** Live records in identity order, after `afterSortKey`. */
  records(
    installationId: string,
    entity: string,
    afterSortKey: string | null,
    limit: number,
  ): Promise<Array<MirrorRecord & { sortKey: string }>>;
  /** The live records among `identities` (deleted and unknown ones absent). */
  recordsOf(installationId: string, entity: string, identities: readonly string[]): Promise<Map<string, MirrorRecord>>;
  /** One record (deleted ones as null). */
  record(installationId: string, entity: string, identity: string): Promise<MirrorRecord | null>;
  count(installationId: string, entity: string): Promise<number>;
  /** Pending changes due by `now`, oldest first. */
  due(installationId: string, entity: string, now: Date, limit: number): Promise<OutboxChange[]>;
  delivered(ids: readonly number[], at: Date): Promise<void>;
  /** A failed try: pending again at `nextAttemptAt`, or parked. Only a pending change moves. */
  failed(id: number, attempts: number, error: string, next: { at: Date } | "park"): Promise<void>;
  parked(installationId: string, limit: number): Promise<OutboxChange[]>;
  /** A parked change goes back to pending (due now). False when it is not parked any more. */
  unpark(installationId: string, id: number, now: Date): Promise<boolean>;
  /** The newest sequence delivered for a record (0 when none). */
  deliveredSequence(installationId: string, entity: string, identity: string): Promise<number>;
  /** Changes of an installation created since `since` (charts): their entity, state and creation time. */
  changesSince(
    installationId: string,
    since: Date,
    limit: number,
  ): Promise<Array<{ entity: string; state: ChangeState; createdAt: Date }>>;
  /**
   * Resync from scratch: the cursor starts over (backfill, sweep) and the mirror forgets versions (so a store whose
   * clock went back is accepted again); fingerprints and sequences stay, so unchanged records are not delivered again.
   */
  reset(installationId: string, entity: string): Promise<void>;
  /** A removed installation's cursors, mirror and outbox are deleted. */
  forget(installationId: string): Promise<void>;
  /** Delivered and superseded changes older than `before` are removed. */
  prune(before: Date): Promise<number>;
}
