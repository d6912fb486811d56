/** Storage of store events (lib/events): each installation's verifying settings and the deliveries received. */

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

export interface StoreEventRepo {
  source(installationId: string): Promise<EventSourceRecord | null>;
  setCommerceKey(installationId: string, pem: string, fingerprint: string, at: Date): Promise<void>;
  setIoClientId(installationId: string, clientId: string | null): Promise<void>;
  /** Stores a verified delivery; null when one with the same dedupe key exists (a duplicate: that one is returned as `existing`). */
  addDelivery(d: NewDelivery): Promise<{ created: DeliveryRecord } | { existing: DeliveryRecord }>;
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
  /** Deletes deliveries and folded refusals last seen before `before`; returns how many. */
  prune(before: Date): Promise<number>;
}
