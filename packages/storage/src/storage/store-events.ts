/** Storage of store events (packages/sync/src/events): each installation's verifying settings and the deliveries received. */

/**
 * Deliveries (and folded refusals) are kept a week after they were last seen (the prune job: lib/jobs/kinds/
 * maintenance.ts): I/O Events retries a delivery for 24 hours, and a retry must still find its row to be recognised
 * as a duplicate.
 */
export const EVENT_DELIVERY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type EventChannel = "commerce" | "io";
export type DeliveryOutcome = "queued" | "duplicate" | "handled" | "failed" | "refused" | "answered";

export interface EventSourceRecord {
  installationId: string;
  commercePublicKey: string | null;
  commerceKeyFingerprint: string | null;
  commerceKeySetAt: Date | null;
  ioClientId: string | null;
}

export interface DeliveryRecord {
  id: string;
  installationId: string | null;
  channel: EventChannel;
  outcome: DeliveryOutcome;
  detail: string | null;
  eventName: string | null;
  dedupeKey: string | null;
  bodyEnc: string | null;
  count: number;
  jobId: string | null;
  receivedAt: Date;
  lastAt: Date;
}

export interface NewDelivery {
  installationId: string;
  channel: EventChannel;
  outcome: DeliveryOutcome;
  detail: string | null;
  eventName: string | null;
  dedupeKey: string;
  bodyEnc: string;
  at: Date;
}

/**
 * What a kept delivery counts in the stored-events budgets besides its sealed body: the row's other columns and its
 * index entries (so many small deliveries are bounded too, not only large ones).
 */
export const DELIVERY_ROW_BYTES = 512;

/** The bytes kept deliveries may take: one installation's, and every installation's together (packages/sync/src/events/budget.ts). */
export interface StoredEventBudgets {
  perInstallationBytes: number;
  totalBytes: number;
}

/** A delivery not stored because it would pass a budget: which one, what is kept already, and the budget. */
export interface OverBudget {
  budget: "installation" | "app";
  storedBytes: number;
  limitBytes: number;
}

/** Refusals of one installation folded under given reasons, while they are kept: how many, the first and the last. */
export interface RefusalTotals {
  count: number;
  firstAt: Date;
  lastAt: Date;
}

export interface StoreEventRepo {
  source(installationId: string): Promise<EventSourceRecord | null>;
  setCommerceKey(installationId: string, pem: string, fingerprint: string, at: Date): Promise<void>;
  setIoClientId(installationId: string, clientId: string | null): Promise<void>;
  /**
   * Stores a verified delivery, counting its bytes (the sealed body and DELIVERY_ROW_BYTES) against its
   * installation. One with the same dedupe key already stored is returned as `existing` (a duplicate), nothing
   * counted. With `budgets`, a new delivery that would take its installation's kept bytes past
   * `perInstallationBytes`, or every installation's past `totalBytes`, is not stored: `overBudget` says which. The
   * check and the insert are one transaction holding the installation's count, so concurrent deliveries of one
   * installation never pass its budget together (the app-wide sum is read as committed: concurrent deliveries of
   * different installations can pass `totalBytes` by at most one delivery each).
   */
  addDelivery(
    d: NewDelivery,
    budgets?: StoredEventBudgets,
  ): Promise<{ created: DeliveryRecord } | { existing: DeliveryRecord } | { overBudget: OverBudget }>;
  /** Bytes the kept deliveries of `installationId` count (every installation's: undefined). */
  storedBytes(installationId?: string): Promise<number>;
  /** The installation's folded refusals with one of `details`, as long as they are kept; null when there are none. */
  refusalTotals(installationId: string, details: readonly string[]): Promise<RefusalTotals | null>;
  /** Counts a duplicate on the delivery it repeats. */
  countDuplicate(id: string, at: Date): Promise<void>;
  /** One refusal folded into its row (created on the first): `foldKey` names channel, installation, reason and minute. */
  foldRefusal(r: {
    foldKey: string;
    installationId: string | null;
    channel: EventChannel;
    detail: string;
    at: Date;
  }): Promise<void>;
  setOutcome(
    id: string,
    outcome: DeliveryOutcome,
    detail: string | null,
    extra?: { jobId?: string | null; at?: Date },
  ): Promise<void>;
  byId(id: string): Promise<DeliveryRecord | null>;
  recent(installationId: string, channel: EventChannel, limit: number): Promise<DeliveryRecord[]>;
  /** Refusals addressed to installations that do not exist (no installation to show them on). */
  recentUnaddressed(limit: number): Promise<DeliveryRecord[]>;
  /**
   * Deletes deliveries and folded refusals last seen before `before`, giving their bytes back to their
   * installations' budgets (exactly the rows this call deleted); returns how many.
   */
  prune(before: Date): Promise<number>;
}
