/**
 * Database rows → the kit's typed values (packages/storage/src/storage/types.ts). The one place a row is read: state and reason
 * columns are checked with zod, so a value this version does not know fails loudly here instead of travelling
 * through lib/ as a string.
 */
import { z } from "zod";
import type {
  Activation as ActivationRow,
  Export as ExportRow,
  Installation as InstallationRow,
  InstallationEvent as EventRow,
  LinkRequest as LinkRequestRow,
  LoginThrottle as ThrottleDbRow,
  OutboxMail as OutboxRow,
  PasswordReset as PasswordResetRow,
  MailedLink as MailedLinkRow,
  ResourceCheck as ResourceCheckRow,
  PortalApp as PortalDbRow,
  Session as SessionRow,
  Store as StoreRow,
  User as UserRow,
} from "../../generated/prisma/client.ts";
import type { SignatureMethod, SignatureMode } from "@magento-integration/client/oauth";
import { INSTALLATION_STATES } from "../installation-states.ts";
import { FAILURE_REASONS, KitError } from "@magento-integration/client";
import {
  ACTIVATION_STATES,
  EXPORT_STATES,
  LINK_REQUEST_STATES,
  type Activation,
  type ExportRecord,
  type Installation,
  type InstallationEvent,
  type InstallationWithStore,
  type LinkRequest,
  type OutboxMessage,
  type PasswordResetRecord,
  type MailedLinkRecord,
  type PortalAppRow,
  type ResourceCheckRecord,
  type SessionRecord,
  type Store,
  type ThrottleRow,
  type User,
  type UserWithPassword,
} from "../types.ts";

export class StoredValueError extends KitError {
  static override readonly brand: string = "StoredValueError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "stored_value_unknown", ...options });
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value);
  if (!r.success)
    throw new StoredValueError(`${what} holds ${JSON.stringify(value)}, which this version of the kit does not know`);
  return r.data;
}

const installationState = z.enum(INSTALLATION_STATES);
const activationState = z.enum(ACTIVATION_STATES);
const linkRequestState = z.enum(LINK_REQUEST_STATES);
const exportState = z.enum(EXPORT_STATES);
const failureReason = z.enum(FAILURE_REASONS).nullable();
const mode = z.enum(["oauth", "manual"]);
const signatureMethod: z.ZodType<SignatureMethod> = z.enum(["HMAC-SHA256", "HMAC-SHA1", "PLAINTEXT", "RSA-SHA1"]);
const signatureMode: z.ZodType<SignatureMode> = z.enum(["standard", "C", "D", "E"]);

export function toStore(r: StoreRow): Store {
  return {
    id: r.id,
    baseUrl: r.baseUrl,
    signature: {
      method: parse(signatureMethod, r.signatureMethod, `Store ${r.id}.signatureMethod`),
      mode: parse(signatureMode, r.signatureMode, `Store ${r.id}.signatureMode`),
    },
    name: r.name,
    provenAt: r.provenAt,
    createdAt: r.createdAt,
  };
}

export function toInstallation(r: InstallationRow): Installation {
  return {
    id: r.id,
    consumerKey: r.consumerKey,
    storeId: r.storeId,
    state: parse(installationState, r.state, `Installation ${r.id}.state`),
    failureReason: parse(failureReason, r.failureReason, `Installation ${r.id}.failureReason`),
    mode: parse(mode, r.mode, `Installation ${r.id}.mode`),
    adminOrigin: r.adminOrigin,
    label: r.label,
    consumerSecretEnc: r.consumerSecretEnc,
    accessTokenEnc: r.accessTokenEnc,
    accessTokenSecretEnc: r.accessTokenSecretEnc,
    activatedAt: r.activatedAt,
    lastSuccessAt: r.lastSuccessAt,
    lastCheckedAt: r.lastCheckedAt,
    activationCount: r.activationCount,
    credentialsSeq: r.credentialsSeq,
    provenAt: r.provenAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export function toInstallationWithStore(r: InstallationRow & { store: StoreRow }): InstallationWithStore {
  return { ...toInstallation(r), store: toStore(r.store) };
}

export function toActivation(r: ActivationRow): Activation {
  return {
    id: r.id,
    installationId: r.installationId,
    seq: r.seq,
    state: parse(activationState, r.state, `Activation ${r.id}.state`),
    fingerprint: r.fingerprint,
    failureReason: parse(failureReason, r.failureReason, `Activation ${r.id}.failureReason`),
    storeBaseUrl: r.storeBaseUrl,
    consumerSecretEnc: r.consumerSecretEnc,
    verifierEnc: r.verifierEnc,
    callbackAt: r.callbackAt,
    answeredMs: r.answeredMs,
    exchangeStartedAt: r.exchangeStartedAt,
    requestTokenCallAt: r.requestTokenCallAt,
    requestTokenAt: r.requestTokenAt,
    requestTokenEnc: r.requestTokenEnc,
    requestTokenSecretEnc: r.requestTokenSecretEnc,
    accessTokenCallAt: r.accessTokenCallAt,
    accessTokenAt: r.accessTokenAt,
    finishedAt: r.finishedAt,
    claimedByUserId: r.claimedByUserId,
    claimedAt: r.claimedAt,
  };
}

export function toEvent(r: EventRow): InstallationEvent {
  return {
    id: r.id,
    installationId: r.installationId,
    activationId: r.activationId,
    kind: r.kind,
    message: r.message,
    storeMessage: r.storeMessage,
    count: r.count,
    at: r.at,
  };
}

export function toLinkRequest(r: LinkRequestRow & { user: { email: string } }): LinkRequest {
  return {
    id: r.id,
    installationId: r.installationId,
    userId: r.userId,
    email: r.user.email,
    activationId: r.activationId,
    state: parse(linkRequestState, r.state, `LinkRequest ${r.id}.state`),
    createdAt: r.createdAt,
    verifiedAt: r.verifiedAt,
    decidedAt: r.decidedAt,
    decidedByUserId: r.decidedByUserId,
  };
}

export function toUser(r: Pick<UserRow, "id" | "email" | "createdAt">): User {
  return { id: r.id, email: r.email, createdAt: r.createdAt };
}

export function toUserWithPassword(r: UserRow): UserWithPassword {
  return { ...toUser(r), passwordHash: r.passwordHash };
}

export function toSession(r: SessionRow): SessionRecord {
  return {
    id: r.id,
    userId: r.userId,
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
    revokedAt: r.revokedAt,
    lastSeenAt: r.lastSeenAt,
  };
}

export function toThrottle(r: ThrottleDbRow): ThrottleRow {
  return {
    key: r.key,
    failures: r.failures,
    windowStart: r.windowStart,
    nextAttemptAt: r.nextAttemptAt,
    lastAt: r.lastAt,
  };
}

export function toPortalApp(r: PortalDbRow): PortalAppRow {
  return {
    userId: r.userId,
    appId: r.appId,
    appSecretEnc: r.appSecretEnc,
    baseUrl: r.baseUrl,
    tokenPath: r.tokenPath,
    cachedTokenEnc: r.cachedTokenEnc,
    cachedAccountId: r.cachedAccountId,
    cachedExpiresAt: r.cachedExpiresAt,
    updatedAt: r.updatedAt,
  };
}

export function toExport(r: ExportRow): ExportRecord {
  return {
    id: r.id,
    installationId: r.installationId,
    requestedBy: r.requestedBy,
    entity: r.entity,
    options: r.options,
    state: parse(exportState, r.state, `Export ${r.id}.state`),
    total: r.total,
    rows: r.rows,
    nextPage: r.nextPage,
    error: r.error,
    createdAt: r.createdAt,
    finishedAt: r.finishedAt,
  };
}

export function toPasswordReset(r: PasswordResetRow): PasswordResetRecord {
  return { id: r.id, userId: r.userId, createdAt: r.createdAt, expiresAt: r.expiresAt, usedAt: r.usedAt };
}

const mailedLinkPurpose = z.enum(["link_request", "email_change"]);

export function toMailedLink(r: MailedLinkRow): MailedLinkRecord {
  return {
    id: r.id,
    purpose: parse(mailedLinkPurpose, r.purpose, `MailedLink ${r.id}.purpose`),
    userId: r.userId,
    installationId: r.installationId,
    activationId: r.activationId,
    email: r.email,
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
    usedAt: r.usedAt,
  };
}

export function toOutboxMessage(r: OutboxRow): OutboxMessage {
  return { id: r.id, to: r.to, subject: r.subject, text: r.text, html: r.html, createdAt: r.createdAt };
}

export function toResourceCheck(r: ResourceCheckRow): ResourceCheckRecord {
  return { resource: r.resource, operation: r.operation, granted: r.granted, checkedAt: r.checkedAt };
}
