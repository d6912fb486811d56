/**
 * Storage interfaces: what the kit asks of its database, named by intent (conditional updates say their
 * condition). One Prisma implementation serves SQLite and PostgreSQL (packages/storage/src/storage/prisma); one conformance suite
 * (describeStorageConformance, packages/storage/tests/storage-conformance.suite.ts) runs against both, and against any
 * other backend (README, "A new database backend"). Jobs have their own interface (lib/jobs).
 */
import type { SignatureMethod, SignatureMode } from "@magento-integration/client/oauth";
import { type FailureReason, KitError } from "@magento-integration/client";
import type { SyncRepo } from "./sync-repo.ts";
import type {
  Activation,
  ActivationState,
  ExportRecord,
  ExportState,
  Installation,
  InstallationEvent,
  InstallationFootprint,
  InstallationState,
  InstallationWithStore,
  LinkRequest,
  NewEvent,
  OutboxMessage,
  MailedLinkRecord,
  PasswordResetRecord,
  PortalAppRow,
  ResourceCheckRecord,
  SealedCredentials,
  SessionRecord,
  Store,
  ThrottleRow,
  User,
  UserWithPassword,
} from "./types.ts";
import type {
  BulkChunkRecord,
  BulkRowOutcome,
  BulkRowRecord,
  BulkRowStatus,
  BulkSubmissionRecord,
  NewBulkRow,
} from "./bulk-types.ts";

import type { StoreEventRepo } from "./store-events.ts";

/** A unique constraint refused a write (another request or instance created the same row first). */
export class UniqueConflictError extends KitError {
  static override readonly brand: string = "UniqueConflictError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "write_conflict", ...options });
  }
}

/**
 * A user, or an installation (all its users together), already has as many bulk submissions queued, running or
 * stalled as allowed (BulkRepo.create); `of` says which cap was reached.
 */
export class BulkQueueFullError extends KitError {
  static override readonly brand: string = "BulkQueueFullError";
  constructor(
    readonly open: number,
    readonly max: number,
    readonly of: "requester" | "installation" = "requester",
  ) {
    super(
      `${open} bulk submissions of this ${of === "requester" ? "user" : "installation"} are queued or running (at most ${max})`,
      {
        problem: "rate_limited",
      },
    );
  }
}

export type Signature = { method: SignatureMethod; mode: SignatureMode };

export interface StoreRepo {
  byBaseUrl(baseUrl: string): Promise<Store | null>;
  /** The Store of a base URL, created when new. */
  ensure(baseUrl: string): Promise<Store>;
  rememberSignature(id: string, signature: Signature): Promise<void>;
  setName(id: string, name: string): Promise<void>;
  /** After a successful exchange or signed call: signature remembered, provenAt set once. */
  markProven(baseUrl: string, signature: Signature, at: Date, name?: string | null): Promise<Store>;
  /** Deletes the store when no installation uses it any more. */
  deleteIfUnused(id: string): Promise<void>;
  /** Never-proven stores created before `cutoff` that no installation uses. */
  pruneUnproven(cutoff: Date): Promise<number>;
}

export interface NewInstallation {
  consumerKey: string;
  storeId: string;
  state: InstallationState;
  mode: "oauth" | "manual";
  consumerSecretEnc: string;
  accessTokenEnc?: string | null;
  accessTokenSecretEnc?: string | null;
  activationCount?: number;
  activatedAt?: Date | null;
  lastSuccessAt?: Date | null;
  lastCheckedAt?: Date | null;
  provenAt?: Date | null;
}

export interface InstallationRepo {
  byId(id: string): Promise<InstallationWithStore | null>;
  byConsumerKey(consumerKey: string): Promise<InstallationWithStore | null>;
  /** Many keys in one read (a burst of callbacks): the installations found, by consumer key. */
  byConsumerKeys(consumerKeys: readonly string[]): Promise<Map<string, InstallationWithStore>>;
  /** The installation when `userId` is linked to it, else null (one read: the link is part of the query). */
  forUser(id: string, userId: string): Promise<InstallationWithStore | null>;
  listForUser(userId: string): Promise<InstallationWithStore[]>;
  /** Installations a health probe visits (active, or waiting for reauthorization), oldest check first. */
  listProbeTargets(limit: number): Promise<Array<{ id: string; baseUrl: string }>>;
  /**
   * Inside a transaction: the installation of the consumer key with its row written (updatedAt), so on PostgreSQL
   * a concurrent callback for the same key waits for this transaction. Null when the key is unknown.
   */
  lockByConsumerKey(consumerKey: string, at: Date): Promise<InstallationWithStore | null>;
  /** The same by id; false when the installation is gone. */
  lockById(id: string, at: Date): Promise<boolean>;
  /** Throws UniqueConflictError when the consumer key exists. */
  create(data: NewInstallation): Promise<Installation>;
  /** A new activation callback: the count goes up (the returned value is the new activation's seq). */
  countCallback(id: string, state: InstallationState): Promise<number>;
  /** pending → exchanging. */
  markExchanging(id: string): Promise<void>;
  /**
   * Fails the installation for the activation `seq` only while it is the newest one (activationCount = seq)
   * and the installation is in one of `from`; active credentials are never touched.
   */
  failIfNewest(id: string, seq: number, reason: FailureReason, from: readonly InstallationState[]): Promise<boolean>;
  /** The first proof of the consumer key's binding (provenAt set once). */
  markProven(id: string, at: Date): Promise<void>;
  /**
   * Writes an exchange's credentials and makes the installation active, only when no newer activation's
   * credentials are in place (credentialsSeq < seq). False: a newer success already won.
   */
  installCredentials(
    id: string,
    seq: number,
    data: { storeId: string } & Required<SealedCredentials> & { at: Date },
  ): Promise<boolean>;
  /** Moves the state when the installation still has `expect` (state and credentials): a revocation or a heal. */
  transition(
    id: string,
    expect: { state: InstallationState; credentialsSeq: number },
    next: { state: InstallationState; failureReason: FailureReason | null; lastSuccessAt?: Date },
  ): Promise<boolean>;
  stampSuccess(id: string, at: Date): Promise<void>;
  stampChecked(id: string, at: Date): Promise<void>;
  setAdminOrigin(id: string, origin: string | null): Promise<void>;
  /** Sets (null: clears) the store's name in the app, only when `userId` is linked; false otherwise. */
  setLabelForUser(id: string, userId: string, label: string | null): Promise<boolean>;
  /**
   * What removing the installation deletes (its activations, events, linked users, pending link requests, event
   * deliveries, bulk submissions and their rows), with the store's address, its name in the app and whether an
   * access token is stored; null unless `userId` is linked to it.
   */
  removalFootprint(id: string, userId: string): Promise<InstallationFootprint | null>;
  /** Manual mode: replaces the credentials of an existing installation and makes it active. */
  replaceManual(id: string, data: Omit<NewInstallation, "consumerKey">): Promise<Installation>;
  /** Deletes the installation (activations, events, links and exports go with it). */
  delete(id: string): Promise<{ storeId: string } | null>;
  /** Never-proven oauth installations created before `cutoff`, with no linked user and no callback since. */
  pruneUnproven(cutoff: Date): Promise<number>;
  sealed(): Promise<Array<{ id: string; updatedAt: Date } & SealedCredentials>>;
  /** Re-sealed values, written only if the row did not change since it was read (updatedAt). */
  replaceSealed(id: string, updatedAt: Date, values: SealedCredentials): Promise<void>;
}

export interface NewActivation {
  installationId: string;
  seq: number;
  fingerprint: string;
  storeBaseUrl: string;
  consumerSecretEnc: string;
  verifierEnc: string;
  callbackAt: Date;
  answeredMs?: number | null;
}

export interface ActivationRepo {
  create(data: NewActivation): Promise<Activation>;
  byId(id: string): Promise<Activation | null>;
  withInstallation(id: string): Promise<{ activation: Activation; installation: InstallationWithStore } | null>;
  latest(installationId: string): Promise<Activation | null>;
  recent(installationId: string, limit: number): Promise<Activation[]>;
  /** The newest activation of an identical callback that is being or was exchanged (a replay). */
  openTwin(installationId: string, fingerprint: string): Promise<Activation | null>;
  /** Another activation of the same callback that succeeded. */
  hasSucceededTwin(installationId: string, fingerprint: string, exceptId: string): Promise<boolean>;
  /** Newer activations from the same store that are being or were exchanged (candidates to supersede `seq`). */
  newerFromSameStore(
    installationId: string,
    seq: number,
    storeBaseUrl: string,
  ): Promise<Array<{ seq: number; consumerSecretEnc: string }>>;
  /** pending → exchanging; false when someone else moved it first. */
  claimForExchange(id: string, at: Date): Promise<boolean>;
  markRequestTokenCall(id: string, at: Date): Promise<void>;
  /**
   * exchanging → pending: the store turned a token call away unprocessed (429/503) and the job
   * runs the exchange again later, claiming it afresh. `requestTokenCall`: that call was the request-token call,
   * which may then be sent again.
   */
  giveBack(id: string, opts: { requestTokenCall: boolean }): Promise<void>;
  saveRequestToken(id: string, tokenEnc: string, secretEnc: string, at: Date): Promise<void>;
  markAccessTokenCall(id: string, at: Date): Promise<void>;
  /**
   * Ends the exchange when the activation is still in one of `from`; false when it had already ended. The sealed
   * request token is erased, unless `keepRequestToken`: the store issued it on a newer activation's verifier, which
   * may take it over (packages/handshake/src/integration/request-token-handover.ts).
   */
  finish(
    id: string,
    from: readonly ActivationState[],
    end: {
      state: ActivationState;
      failureReason?: FailureReason | null;
      at: Date;
      accessTokenAt?: Date;
      keepRequestToken?: boolean;
    },
  ): Promise<boolean>;
  /**
   * Moves the sealed request token kept on a finished activation (`fromId`) to another one (`toId`), stamped as
   * received at `at`; false when `fromId` no longer holds one (someone took it, or it was pruned). Run it in a
   * transaction: the two writes belong together.
   */
  takeRequestToken(fromId: string, toId: string, at: Date): Promise<boolean>;
  /** Erases request tokens still kept on activations that finished before `before` (nobody took them over). */
  dropKeptRequestTokens(before: Date): Promise<number>;
  /** Activations still pending or exchanging, oldest first. */
  listOpen(): Promise<Activation[]>;
  /** Marks the activation as used by `userId`'s identity popup, only if nobody claimed it. */
  claimForUser(id: string, userId: string, at: Date): Promise<boolean>;
  sealed(): Promise<
    Array<{
      id: string;
      consumerSecretEnc: string;
      verifierEnc: string;
      requestTokenEnc: string | null;
      requestTokenSecretEnc: string | null;
    }>
  >;
  replaceSealed(
    id: string,
    values: {
      consumerSecretEnc: string;
      verifierEnc: string;
      requestTokenEnc: string | null;
      requestTokenSecretEnc: string | null;
    },
  ): Promise<void>;
}

export interface EventRepo {
  add(event: NewEvent): Promise<void>;
  /** The newest event of a kind at or after `since`. */
  latestOfKind(installationId: string, kind: string, since: Date): Promise<InstallationEvent | null>;
  /** Folds more occurrences into an event (count + `by`, default 1; newer message and time). */
  fold(id: number, message: string, at: Date, by?: number): Promise<void>;
  latestStoreMessage(activationId: string): Promise<string | null>;
  recent(installationId: string, limit: number): Promise<InstallationEvent[]>;
}

export interface LinkRepo {
  isLinked(installationId: string, userId: string): Promise<boolean>;
  linkedCount(installationId: string): Promise<number>;
  /** The accounts linked to the installation, first linked first (at most `limit`). */
  linkedAccounts(installationId: string, limit: number): Promise<Array<{ email: string; since: Date }>>;
  /** Links the user (no-op when linked). */
  link(installationId: string, userId: string): Promise<void>;
  request(installationId: string, userId: string): Promise<LinkRequest | null>;
  requestById(id: string): Promise<LinkRequest | null>;
  pendingCount(installationId: string): Promise<number>;
  /** Open requests filed through one activation's popup. */
  pendingCountForActivation(activationId: string): Promise<number>;
  /** Files (or re-files) a pending request of the user for the installation. */
  /** Files (or files again) a request whose requester just proved his address: verified at `at`. */
  fileRequest(installationId: string, userId: string, activationId: string, at: Date): Promise<void>;
  pendingRequests(installationId: string, since: Date): Promise<LinkRequest[]>;
  /** pending → approved | denied, for a request of that installation; false when already answered or gone. */
  decide(
    id: string,
    installationId: string,
    state: "approved" | "denied",
    deciderId: string,
    at: Date,
  ): Promise<boolean>;
  prunePending(before: Date): Promise<number>;
}

export interface UserRepo {
  /** Throws UniqueConflictError when the email is taken. */
  create(email: string, passwordHash: string): Promise<User>;
  byId(id: string): Promise<User | null>;
  byEmailWithPassword(email: string): Promise<UserWithPassword | null>;
  byIdWithPassword(id: string): Promise<UserWithPassword | null>;
  setPasswordHash(id: string, passwordHash: string): Promise<User>;
  /** Throws UniqueConflictError when another account has the email. */
  setEmail(id: string, email: string): Promise<void>;
}

export interface MailedLinkRepo {
  create(link: Omit<MailedLinkRecord, "usedAt">): Promise<void>;
  byId(id: string): Promise<MailedLinkRecord | null>;
  /** Links of this purpose mailed for the user after `since` (the hourly budgets). */
  countSince(userId: string, purpose: MailedLinkRecord["purpose"], since: Date): Promise<number>;
  /** Spends a live link (unused, not expired) once; false when it was used, expired or is unknown. */
  use(id: string, at: Date): Promise<boolean>;
  /** Is a live link of this purpose mailed to the user for this installation (a request already awaiting its click)? */
  liveFor(userId: string, purpose: MailedLinkRecord["purpose"], installationId: string, now: Date): Promise<boolean>;
  /** Spends every open link of this purpose of the user (a newer one replaces them). */
  useAllOfUser(userId: string, purpose: MailedLinkRecord["purpose"], at: Date): Promise<void>;
  prune(expiredBefore: Date): Promise<number>;
  /** Deletes every link mailed about the installation (removing the store). */
  deleteForInstallation(installationId: string): Promise<number>;
}

export interface PasswordResetRepo {
  create(reset: Omit<PasswordResetRecord, "usedAt">): Promise<void>;
  byId(id: string): Promise<PasswordResetRecord | null>;
  /** Links created for the user after `since` (the hourly budget). */
  countSince(userId: string, since: Date): Promise<number>;
  /** Uses the link once: only while unused and unexpired at `at`; false otherwise (a second use, a race). */
  use(id: string, at: Date): Promise<boolean>;
  /** Every open link of the user dies (the password or email changed). */
  useAllOfUser(userId: string, at: Date): Promise<void>;
  /** Deletes links that expired before `before`. */
  prune(before: Date): Promise<number>;
}

export interface OutboxRepo {
  add(mail: { to: string; subject: string; text: string; html: string | null }): Promise<void>;
  /** The newest messages first. */
  recent(limit: number): Promise<OutboxMessage[]>;
}

export interface ResourceCheckRepo {
  save(installationId: string, check: ResourceCheckRecord): Promise<void>;
  list(installationId: string): Promise<ResourceCheckRecord[]>;
}

/** A session read with one store's page (SessionRepo.byIdWithStorePage). */
export interface SessionWithStorePage extends SessionRecord {
  email: string;
  installation: InstallationWithStore | null;
  pendingRequests: LinkRequest[];
}

export interface SessionRepo {
  create(session: Omit<SessionRecord, "revokedAt">): Promise<void>;
  byId(id: string): Promise<SessionRecord | null>;
  /** The session and its user's email in one query (every signed-in page asks for both). */
  byIdWithUser(id: string): Promise<(SessionRecord & { email: string }) | null>;
  /**
   * What every page of one store needs, in one query: the session and its user's email, the installation with its
   * store when that user is linked to it (else null), and its link requests pending and filed after `pendingSince`
   * (oldest first).
   */
  byIdWithStorePage(id: string, installationId: string, pendingSince: Date): Promise<SessionWithStorePage | null>;
  touch(id: string, at: Date): Promise<void>;
  revoke(id: string, at: Date): Promise<void>;
  /** Revokes every live session of the user but `exceptId` (the browser making a change); returns how many. */
  revokeAllOfUser(userId: string, at: Date, exceptId?: string): Promise<number>;
  /** Deletes expired sessions and those revoked before `revokedBefore`. */
  prune(now: Date, revokedBefore: Date): Promise<number>;
}

export interface ThrottleRepo {
  get(keys: readonly string[]): Promise<ThrottleRow[]>;
  /**
   * Inside a transaction: the rows of `keys`, created empty when missing and written, so concurrent attempts
   * under the same keys take turns (PostgreSQL row locks; SQLite has one writer anyway). Keys in sorted order.
   */
  lock(keys: readonly string[], now: Date): Promise<ThrottleRow[]>;
  put(row: ThrottleRow): Promise<void>;
  delete(keys: readonly string[]): Promise<void>;
  /** Takes one failure back from each key that has any. */
  forgiveOne(keys: readonly string[]): Promise<void>;
  prune(before: Date): Promise<number>;
}

/** One budget a hit counts against: the window `key` (created with `expiresAt`) holds at most `limit` hits. */
export interface RateBudget {
  key: string;
  limit: number;
  expiresAt: Date;
}

export interface RateWindowRepo {
  /**
   * Many hits at once, decided in the order given: a hit counts in every one of its budgets if all have room,
   * and in none otherwise (a hit refused by one budget costs the others nothing). One answer per hit. Atomic
   * against every other caller on the database (the windows are locked, in one order, for the decision).
   */
  takeMany(hits: ReadonlyArray<readonly RateBudget[]>): Promise<boolean[]>;
  prune(now: Date): Promise<number>;
}

export interface PortalAppRepo {
  get(userId: string): Promise<PortalAppRow | null>;
  save(
    userId: string,
    values: Omit<PortalAppRow, "userId" | "updatedAt" | "appSecretEnc"> & { appSecretEnc?: string },
  ): Promise<void>;
  setCachedToken(userId: string, token: { enc: string; accountId: string; expiresAt: Date } | null): Promise<void>;
  delete(userId: string): Promise<void>;
  sealed(): Promise<Array<{ userId: string; appSecretEnc: string; cachedTokenEnc: string | null }>>;
  replaceSealed(userId: string, values: { appSecretEnc: string; cachedTokenEnc: string | null }): Promise<void>;
}

export interface ExportRepo {
  create(data: {
    installationId: string;
    requestedBy: string | null;
    entity: string;
    options: string;
  }): Promise<ExportRecord>;
  byId(id: string): Promise<ExportRecord | null>;
  listForInstallation(installationId: string, limit: number): Promise<ExportRecord[]>;
  start(id: string, total: number | null): Promise<void>;
  /** Stores one page's NDJSON (replacing a retried page) and moves the export past it, in one transaction. */
  savePage(id: string, page: number, rows: number, body: string): Promise<void>;
  /** Characters of NDJSON stored for the export so far (its pages' bodies). */
  storedChars(id: string): Promise<number>;
  /** UTF-8 bytes of NDJSON every export requested by `requestedBy` keeps (every export of the app: undefined). */
  storedBytes(requestedBy?: string): Promise<number>;
  finish(id: string, state: Extract<ExportState, "done" | "failed">, at: Date, error?: string): Promise<void>;
  /** A failed export runs again from its next page. */
  reopen(id: string): Promise<void>;
  /** The NDJSON pages from `fromPage` on, in order, at most `limit`. */
  pages(id: string, fromPage: number, limit: number): Promise<Array<{ page: number; rows: number; body: string }>>;
  pruneFinished(before: Date): Promise<number>;
}

export interface BulkRepo {
  /**
   * The submission with its rows in one transaction; pending rows are split into chunks of `chunkSize` in row order.
   * With `maxOpenPerRequester`, throws BulkQueueFullError (nothing written) when `requestedBy` already has that
   * many submissions queued, running or stalled: the count and the insert hold the user's row locked, so
   * concurrent uploads of one user cannot pass the cap together. With `maxOpenPerInstallation`, the same for all
   * the installation's submissions, whoever queued them (the installation's row is locked after the user's, in
   * that order for every caller). Neither applies to a submission without `requestedBy` (the command line).
   */
  create(
    submission: {
      installationId: string;
      requestedBy: string | null;
      kind: string;
      operationId: string;
      chunkSize: number;
    },
    rows: readonly NewBulkRow[],
    limits?: { maxOpenPerRequester?: number; maxOpenPerInstallation?: number },
  ): Promise<BulkSubmissionRecord>;
  byId(id: string): Promise<BulkSubmissionRecord | null>;
  listForInstallation(installationId: string, limit: number): Promise<BulkSubmissionRecord[]>;
  update(
    id: string,
    patch: Partial<
      Pick<BulkSubmissionRecord, "state" | "lastProgressAt" | "stalledAt" | "fallbackAt" | "message" | "finishedAt">
    >,
  ): Promise<void>;
  chunks(submissionId: string): Promise<BulkChunkRecord[]>;
  /** pending → sending, written before the request goes out. False when the chunk was not pending. */
  markSending(submissionId: string, seq: number, at: Date): Promise<boolean>;
  /** sending → sent with the store's bulk uuid; its rows become open. False when the chunk was not sending. */
  markSent(submissionId: string, seq: number, bulkUuid: string, at: Date): Promise<boolean>;
  /** sending → pending: the store has no trace of the request, so it is sent again. */
  markPending(submissionId: string, seq: number): Promise<boolean>;
  /** The uuids among `uuids` that a chunk (of any submission) already holds. */
  claimedUuids(uuids: readonly string[]): Promise<Set<string>>;
  /**
   * Splits a pending chunk: its rows from position `keep` on move, in order, to a new pending chunk after the last
   * one (attempts not counted: the store never took them). Returns the new chunk's seq, or null when nothing moved.
   */
  splitChunk(submissionId: string, seq: number, keep: number): Promise<number | null>;
  /** A new pending chunk holding `rows` (their attempts counted), after the last one. */
  addChunk(submissionId: string, rows: readonly number[]): Promise<number>;
  rowsOfChunk(submissionId: string, seq: number): Promise<BulkRowRecord[]>;
  rowsWithStatus(submissionId: string, statuses: readonly BulkRowStatus[], limit: number): Promise<BulkRowRecord[]>;
  /** Rows sent as single calls whose queued operation has not been seen finishing yet. */
  unwatchedSingles(submissionId: string): Promise<BulkRowRecord[]>;
  setOutcomes(submissionId: string, outcomes: readonly BulkRowOutcome[]): Promise<void>;
  markLate(submissionId: string, rows: ReadonlyArray<{ row: number; message: string }>): Promise<void>;
  counts(submissionId: string): Promise<Record<BulkRowStatus, number>>;
  /** Rows from `fromRow` on, in row order, at most `limit`. */
  rows(submissionId: string, fromRow: number, limit: number): Promise<BulkRowRecord[]>;
  deleteForInstallation(installationId: string): Promise<number>;
  /** Deletes finished submissions (done or failed) that finished before `before`, with their chunks and rows. */
  pruneFinished(before: Date): Promise<number>;
}

/** Jobs (lib/jobs) not yet started, deleted with what they are for, in the caller's transaction. */
export interface QueuedJobRepo {
  /** Deletes the queued jobs (created or waiting to retry) whose ref is one of `refs`; the count deleted. */
  deleteFor(refs: readonly string[]): Promise<number>;
}

export interface Storage {
  readonly provider: "sqlite" | "postgresql";
  stores: StoreRepo;
  installations: InstallationRepo;
  activations: ActivationRepo;
  events: EventRepo;
  links: LinkRepo;
  users: UserRepo;
  sessions: SessionRepo;
  throttle: ThrottleRepo;
  rateWindows: RateWindowRepo;
  portalApps: PortalAppRepo;
  exports: ExportRepo;
  bulks: BulkRepo;
  passwordResets: PasswordResetRepo;
  mailedLinks: MailedLinkRepo;
  outbox: OutboxRepo;
  resourceChecks: ResourceCheckRepo;
  /** Store events (packages/sync/src/events): verifying settings and deliveries. */
  storeEvents: StoreEventRepo;
  /** Delta sync: cursors, the mirror, the delivery outbox (packages/sync/src/sync). */
  sync: SyncRepo;
  queuedJobs: QueuedJobRepo;
  /** Runs `fn` in one transaction (nested calls join the outer one). */
  transaction<T>(fn: (tx: Storage) => Promise<T>): Promise<T>;
}

export type {
  Activation,
  ActivationState,
  ExportRecord,
  Installation,
  InstallationEvent,
  InstallationFootprint,
  InstallationWithStore,
  LinkRequest,
  OutboxMessage,
  MailedLinkRecord,
  PasswordResetRecord,
  ResourceCheckRecord,
  Store,
  User,
};
