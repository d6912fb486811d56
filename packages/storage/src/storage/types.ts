/**
 * The kit's stored data as typed values. Rows from either database become these in one place
 * (packages/storage/src/storage/prisma/rows.ts, zod-checked); nothing else in lib/ sees a database row.
 */
import type { SignatureMethod, SignatureMode } from "@magento-integration/client/oauth";
import type { InstallationState } from "./installation-states.ts";
import type { FailureReason } from "@magento-integration/client";

export type { InstallationState } from "./installation-states.ts";

export const ACTIVATION_STATES = ["pending", "exchanging", "succeeded", "failed", "duplicate", "superseded"] as const;
/** pending | exchanging | succeeded | failed | duplicate (a replay) | superseded (a newer Reauthorize replaced it) */
export type ActivationState = (typeof ACTIVATION_STATES)[number];

export const LINK_REQUEST_STATES = ["pending", "approved", "denied"] as const;
export type LinkRequestState = (typeof LINK_REQUEST_STATES)[number];

export const EXPORT_STATES = ["queued", "running", "done", "failed"] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

export interface Store {
  id: string;
  /** store_base_url as the store posts it (normalised): one Store per base URL. */
  baseUrl: string;
  /** The signature method and family that last worked against this store (docs/signature-families.md). */
  signature: { method: SignatureMethod; mode: SignatureMode };
  name: string | null;
  /** First time the host answered the kit correctly; until then no signature fallbacks (docs/security.md). */
  provenAt: Date | null;
  createdAt: Date;
}

/** The sealed (SecretBox) credentials of an installation; the access pair is null until an exchange succeeds. */
export interface SealedCredentials {
  consumerSecretEnc: string;
  accessTokenEnc: string | null;
  accessTokenSecretEnc: string | null;
}

export interface Installation extends SealedCredentials {
  id: string;
  consumerKey: string;
  storeId: string;
  state: InstallationState;
  failureReason: FailureReason | null;
  mode: "oauth" | "manual";
  /** Extra origin allowed for success_call_back when the admin runs on another host. */
  adminOrigin: string | null;
  /** A name the app's users gave the store (Magento never sends the integration's name). */
  label: string | null;
  activatedAt: Date | null;
  lastSuccessAt: Date | null;
  lastCheckedAt: Date | null;
  /** Activation callbacks recorded so far (each Activation takes the next number). */
  activationCount: number;
  /** seq of the Activation whose exchange produced the current credentials (0: none, or manual). */
  credentialsSeq: number;
  /** First successful exchange (or verified manual tokens): the consumer key's binding never expires after it. */
  provenAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface InstallationWithStore extends Installation {
  store: Store;
}

export interface Activation {
  id: string;
  installationId: string;
  seq: number;
  state: ActivationState;
  /** HMAC of (secret, verifier, base URL): a replayed identical callback is recognised without decrypting. */
  fingerprint: string;
  failureReason: FailureReason | null;
  storeBaseUrl: string;
  consumerSecretEnc: string;
  verifierEnc: string;
  callbackAt: Date;
  answeredMs: number | null;
  exchangeStartedAt: Date | null;
  requestTokenCallAt: Date | null;
  requestTokenAt: Date | null;
  requestTokenEnc: string | null;
  requestTokenSecretEnc: string | null;
  accessTokenCallAt: Date | null;
  accessTokenAt: Date | null;
  finishedAt: Date | null;
  claimedByUserId: string | null;
  claimedAt: Date | null;
}

export interface InstallationEvent {
  id: number;
  installationId: string;
  activationId: string | null;
  kind: string;
  message: string;
  storeMessage: string | null;
  count: number;
  at: Date;
}

export interface NewEvent {
  installationId: string;
  activationId?: string | null;
  kind: string;
  message: string;
  storeMessage?: string | null;
  at: Date;
}

export interface LinkRequest {
  id: string;
  installationId: string;
  userId: string;
  email: string;
  activationId: string;
  state: LinkRequestState;
  createdAt: Date;
  /** When the requester proved he reads his address (a mailed link); null: filed before that existed, never shown. */
  verifiedAt: Date | null;
  decidedAt: Date | null;
  decidedByUserId: string | null;
}

export interface User {
  id: string;
  email: string;
  createdAt: Date;
}

export interface UserWithPassword extends User {
  passwordHash: string;
}

export interface SessionRecord {
  /** SHA-256 of the cookie's token. */
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  lastSeenAt: Date;
}

export interface ThrottleRow {
  key: string;
  failures: number;
  windowStart: Date;
  nextAttemptAt: Date;
  lastAt: Date;
}

export interface PortalAppRow {
  userId: string;
  appId: string;
  appSecretEnc: string;
  baseUrl: string;
  tokenPath: string;
  cachedTokenEnc: string | null;
  cachedAccountId: string | null;
  cachedExpiresAt: Date | null;
  updatedAt: Date;
}

export interface ExportRecord {
  id: string;
  installationId: string;
  requestedBy: string | null;
  entity: string;
  /** JSON text; its shape belongs to lib/exports. */
  options: string;
  state: ExportState;
  total: number | null;
  rows: number;
  nextPage: number;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** A password-reset link: `id` is the SHA-256 of the token in the mail (packages/handshake/src/auth/password-reset.ts). */
export interface PasswordResetRecord {
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

/**
 * A single-use link mailed to an address (packages/handshake/src/auth/mailed-links.ts): `id` is the SHA-256 of the token in the mail.
 * link_request: proves the requester of a link request reads his account's address; email_change: confirms a new
 * sign-in address.
 */
export interface MailedLinkRecord {
  id: string;
  purpose: "link_request" | "email_change";
  userId: string;
  installationId: string | null;
  activationId: string | null;
  email: string | null;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

/** A message kept in the dev outbox instead of being sent (packages/handshake/src/mail). */
export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: Date;
}

/** What the store answered to one signed read that needs an ACL resource (lib/dashboard/resource-check.ts). */
export interface ResourceCheckRecord {
  resource: string;
  /** The read call that checked it, e.g. "GET /V1/products". */
  operation: string;
  granted: boolean;
  checkedAt: Date;
}

/** What deleting an installation takes with it (the "Remove store" confirmation). */
export interface InstallationFootprint {
  baseUrl: string;
  /** The store's name in the app, if its users gave it one. */
  label: string | null;
  hasAccessToken: boolean;
  activations: number;
  events: number;
  linkedUsers: number;
  pendingRequests: number;
  /** Store event deliveries received for it (packages/sync/src/events), deleted with the installation. */
  eventDeliveries: number;
  /** Bulk submissions and their rows (one per operation sent to the store), deleted with it. */
  bulkSubmissions: number;
  bulkOperations: number;
}
