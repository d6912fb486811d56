import type { IntegrationDeps } from "./deps.ts";
import { identityQuerySchema } from "./callback-schema.ts";
import { validateSuccessCallback } from "./success-callback.ts";
import { STORE_ADVICE, type FailureReason } from "@magento-integration/client";
import { originOf } from "./store-url.ts";
import { maskEmail } from "./mask-email.ts";
import {
  UniqueConflictError,
  type Storage,
  type Activation,
  type InstallationWithStore,
} from "@magento-integration/storage";
import { takeHourlyAllowance } from "../auth/mailed-links.ts";

/** How long after its exchange succeeded an activation can still link an app account (one account per activation). */
export const CLAIM_WINDOW_MS = 30 * 60 * 1000;
/** How long a link consent (sign-in inside the popup, or "Link this store") stays usable. */
export const LINK_CONSENT_MS = 15 * 60 * 1000;

/**
 * The user agreed to link the installation through one activation (the one the page showed). Consent never
 * carries over to a later activation: a Reauthorize makes a new one, which needs its own consent.
 */
export interface LinkConsent {
  activationId: string;
  at: number;
}

export type IdentityOutcome =
  | { kind: "invalid"; message: string }
  | { kind: "unknown_key" }
  | { kind: "refused_redirect"; reason: string; installationId: string }
  | { kind: "sign_in_required" }
  | {
      kind: "confirm_link";
      installationId: string;
      activationId: string;
      storeUrl: string;
      storeHost: string;
      storeName: string | null;
      linked: boolean;
      fromAdminPopup: boolean;
    }
  | {
      kind: "link_requested";
      installationId: string;
      storeHost: string;
      /** verify_sent: the requester must follow the mailed link first; pending: filed; denied: answered no; else refused. */
      state: LinkRequestState;
      returnUrl: string;
      /** Who holds the store in this app (masked emails, first linked first): the merchant may not know them. */
      holders: StoreHolder[];
    }
  /** The exchange runs (or the callback waits in the job queue: state "received"). */
  | { kind: "waiting"; state: "received" | "pending" | "exchanging"; secondsSinceCallback: number }
  | {
      kind: "failed";
      installationId: string;
      reason: FailureReason;
      title: string;
      fix: string;
      storeMessage: string | null;
    }
  | { kind: "claimed_by_other"; installationId: string }
  | { kind: "claim_expired"; installationId: string }
  | { kind: "redirect"; url: string; installationId: string };

/** An account linked to a store, as the identity popup shows it to someone who is not (packages/handshake/src/integration/mask-email.ts). */
export interface StoreHolder {
  email: string;
  since: Date;
}

/** How many of the linked accounts the popup names. */
const HOLDERS_SHOWN = 3;

export type IdentityQuery = { oauth_consumer_key?: string | string[]; success_call_back?: string | string[] };

export function parseIdentityQuery(
  q: IdentityQuery,
): { ok: true; key: string; successCallBack: string } | { ok: false; message: string } {
  if (Array.isArray(q.oauth_consumer_key) || Array.isArray(q.success_call_back)) {
    return { ok: false, message: "The link has a parameter more than once." };
  }
  const parsed = identityQuerySchema.safeParse(q);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "The link is incomplete." };
  return { ok: true, key: parsed.data.oauth_consumer_key, successCallBack: parsed.data.success_call_back };
}

/** Does this consent cover that activation? Named it, given after its callback arrived, and not too old. */
export function consentCovers(
  consent: LinkConsent | undefined,
  activation: { id: string; callbackAt: Date },
  now: Date,
): boolean {
  if (!consent) return false;
  return (
    consent.activationId === activation.id &&
    activation.callbackAt.getTime() <= consent.at &&
    now.getTime() - consent.at < LINK_CONSENT_MS
  );
}

/**
 * The identity popup, after the user is signed in: wait for the exchange of the newest activation, link the
 * installation to the user, then hand back `success_call_back` unchanged once it is proven to be the store's own
 * admin `loginSuccessCallback` page.
 *
 * Who may link (docs/security.md):
 * - Consent names the activation: signing in inside the popup or "Link this store" agrees to link through the
 *   activation on screen, never a later one (a Reauthorize after the consent needs a new one).
 * - A user who did not arrive from the store's admin popup (`fromAdminPopup`) always confirms on a page that names
 *   the store's host before anything is linked or any redirect happens.
 * - The first user of an installation links with the activation (one account per activation, within
 *   CLAIM_WINDOW_MS). Once an installation has linked users, a new user only files a link request that one of
 *   them approves in the app; an already linked user (the merchant's own Reauthorize) goes straight through.
 *
 * The steps, in order: read the link → find the installation (or wait for its queued callback) → check
 * `success_call_back` → require a signed-in user → wait for a callback of this key still queued → ask to confirm
 * (askToConfirm) → wait for or report the exchange (exchangeNotDone) → link and hand back `success_call_back` (link).
 */
export async function completeIdentityFor(
  deps: IntegrationDeps,
  query: IdentityQuery,
  userId: string | null,
  opts: IdentityOptions = {},
): Promise<IdentityOutcome> {
  const q = parseIdentityQuery(query);
  if (!q.ok) return { kind: "invalid", message: q.message };
  const inst = await deps.storage.installations.byConsumerKey(q.key);
  if (!inst) return notRecordedYet(q.key, opts);
  const latest = await deps.storage.activations.latest(inst.id);
  const target = successTarget(inst, q.successCallBack);
  if (!target.ok) return { kind: "refused_redirect", reason: target.reason, installationId: inst.id };
  if (!latest) return { kind: "unknown_key" }; // a manual installation has no activation to complete
  if (!userId) return { kind: "sign_in_required" };
  // A Reauthorize's callback may still wait in the job queue when its popup opens: the newest *recorded* activation
  // is then the previous, finished one, and completing it would send the merchant back before this exchange ran.
  const queued = await callbackWaiting(q.key, opts);
  if (queued) return queued;
  const now = deps.now();
  const linked = await deps.storage.links.isLinked(inst.id, userId);
  const signedIn: IdentityStep = { deps, inst, latest, userId, linked, returnUrl: target.url, now };
  return askToConfirm(signedIn, opts) ?? (await exchangeNotDone(signedIn)) ?? (await link(signedIn));
}

export interface IdentityOptions {
  consent?: LinkConsent;
  fromAdminPopup?: boolean;
  /** Is a callback for this key still waiting in the job queue (recorded in a moment)? */
  callbackQueued?: (consumerKey: string) => Promise<boolean>;
}

/** The signed-in user and the installation's newest activation, as every step after sign-in sees them. */
interface IdentityStep {
  deps: IntegrationDeps;
  inst: InstallationWithStore;
  latest: Activation;
  userId: string;
  /** The user is already linked to this installation (the merchant's own Reauthorize). */
  linked: boolean;
  /** `success_call_back`, proven to be the store's own admin page. */
  returnUrl: string;
  now: Date;
}

/**
 * No installation for this key. The store opens the popup right after its callback was answered; its job may not
 * have recorded it yet. The page waits (and reloads) instead of saying "unknown": nothing about the store is shown
 * before it is recorded.
 */
async function notRecordedYet(key: string, opts: IdentityOptions): Promise<IdentityOutcome> {
  return (await callbackWaiting(key, opts)) ?? { kind: "unknown_key" };
}

/** "Waiting" while a callback for this key is still in the job queue (its activation is recorded in a moment). */
async function callbackWaiting(key: string, opts: IdentityOptions): Promise<IdentityOutcome | undefined> {
  if (opts.callbackQueued && (await opts.callbackQueued(key)))
    return { kind: "waiting", state: "received", secondsSinceCallback: 0 };
  return undefined;
}

/** `success_call_back` is handed back only when it is on the store's origin (or its recorded admin origin). */
function successTarget(inst: InstallationWithStore, successCallBack: string) {
  const allowed = [originOf(inst.store.baseUrl)];
  if (inst.adminOrigin) allowed.push(inst.adminOrigin);
  return validateSuccessCallback(successCallBack, allowed);
}

/**
 * Consent must name this activation, unless an already linked user came from the store's admin popup. Otherwise
 * the page asks, naming the store's host.
 */
function askToConfirm(s: IdentityStep, opts: IdentityOptions): IdentityOutcome | undefined {
  const consented = consentCovers(opts.consent, s.latest, s.now);
  const fromAdminPopup = opts.fromAdminPopup === true;
  if (consented || (s.linked && fromAdminPopup)) return undefined;
  return {
    kind: "confirm_link",
    installationId: s.inst.id,
    activationId: s.latest.id,
    storeUrl: s.inst.store.baseUrl,
    storeHost: new URL(s.inst.store.baseUrl).host,
    storeName: s.inst.store.name,
    linked: s.linked,
    fromAdminPopup,
  };
}

/** The exchange still runs (wait), or it failed (say why, with the store's own words). Undefined once it succeeded. */
async function exchangeNotDone(s: IdentityStep): Promise<IdentityOutcome | undefined> {
  const { latest, inst } = s;
  if (latest.state === "pending" || latest.state === "exchanging") {
    // The job engine finishes or fails every exchange by itself (the sweep in packages/handshake/src/integration/jobs.ts): just wait.
    const since = (s.now.getTime() - latest.callbackAt.getTime()) / 1000;
    return { kind: "waiting", state: latest.state, secondsSinceCallback: Math.max(0, Math.round(since)) };
  }
  if (latest.state === "succeeded" || (latest.state === "duplicate" && inst.state === "active")) return undefined;
  const reason = latest.failureReason ?? "other";
  const info = STORE_ADVICE[reason];
  const storeMessage = await s.deps.storage.events.latestStoreMessage(latest.id);
  return { kind: "failed", installationId: inst.id, reason, title: info.title, fix: info.fix, storeMessage };
}

/**
 * Links the user through the activation and hands back `success_call_back`: a linked user's Reauthorize spends the
 * activation; the first account claims it (within CLAIM_WINDOW_MS); anyone else files a link request.
 */
async function link(s: IdentityStep): Promise<IdentityOutcome> {
  const { deps, inst, latest, userId, now } = s;
  if (s.linked) {
    // Reauthorize by an already linked user: this activation is spent, nobody else can claim it.
    await deps.storage.activations.claimForUser(latest.id, userId, now);
    return { kind: "redirect", url: s.returnUrl, installationId: inst.id };
  }
  const fresh = latest.accessTokenAt && now.getTime() - latest.accessTokenAt.getTime() < CLAIM_WINDOW_MS;
  if (!fresh) return { kind: "claim_expired", installationId: inst.id };
  const storeHost = new URL(inst.store.baseUrl).host;
  const others = await deps.storage.links.linkedCount(inst.id);
  if (others > 0) {
    // Knowing a consumer key and catching a Reauthorize must never be enough: someone already linked decides.
    const state = await askToBeLinked(deps, inst.id, userId, latest.id, now);
    // Someone who knew the key may have linked first (docs/security.md, residual risks): say who holds the store.
    const holders = (await deps.storage.links.linkedAccounts(inst.id, HOLDERS_SHOWN)).map((h) => ({
      email: maskEmail(h.email),
      since: h.since,
    }));
    return { kind: "link_requested", installationId: inst.id, storeHost, state, returnUrl: s.returnUrl, holders };
  }
  // The first account of an installation links with its activation (one per activation).
  const claimed = await claimFirstAccount(deps.storage, inst.id, latest.id, userId, now);
  if (!claimed) return { kind: "claimed_by_other", installationId: inst.id };
  return { kind: "redirect", url: s.returnUrl, installationId: inst.id };
}

/**
 * Links the first app account of an installation through one activation (one account per activation, and only
 * while nobody is linked). False when someone else claimed the activation or linked first.
 */
export async function claimFirstAccount(
  storage: Storage,
  installationId: string,
  activationId: string,
  userId: string,
  now: Date,
  how = "through the identity link",
): Promise<boolean> {
  return storage
    .transaction(async (tx) => {
      // the installation's row first: concurrent first claims (of any activation) take turns (PostgreSQL row lock)
      if (!(await tx.installations.lockById(installationId, now))) return false;
      if (!(await tx.activations.claimForUser(activationId, userId, now))) return false;
      // still nobody linked (a concurrent first claim of another activation would have linked someone)
      if ((await tx.links.linkedCount(installationId)) > 0) throw new ClaimRace();
      await tx.links.link(installationId, userId);
      await tx.events.add({
        installationId,
        activationId,
        kind: "identity_linked",
        message: `The first app account was linked ${how}.`,
        at: now,
      });
      return true;
    })
    .catch((e: unknown) => {
      if (e instanceof ClaimRace || e instanceof UniqueConflictError) return false;
      throw e;
    });
}

class ClaimRace extends Error {}

/**
 * Where a link request stands: verify_sent (a link to prove the requester's address is mailed; nothing filed yet),
 * pending (filed, verified), denied (answered no), or refused by a cap (NotFiled, the answer says which).
 */
export type LinkRequestState = "verify_sent" | "pending" | "denied" | NotFiled;
export type NotFiled = "store_full" | "activation_full" | "requester_busy" | "no_mail";

/** At most this many open link requests per installation. */
export const MAX_PENDING_REQUESTS = 20;
/**
 * At most this many open requests through one activation's popup. Everyone who knows the key can ride the
 * popup of the merchant's own Activate, so a flood fills only that activation's few places: a colleague who
 * completes his own Reauthorize's popup gets places of his own, and is never buried by older strangers.
 */
export const MAX_PENDING_PER_ACTIVATION = 5;
/** Verification mails for link requests one account may have sent per hour, across every store. */
export const LINK_REQUESTS_PER_HOUR = 5;

/** The caps, checked when the request is asked for and again when its mailed link is followed. */
export async function linkRequestRefusal(
  storage: Storage,
  installationId: string,
  userId: string,
  activationId: string,
): Promise<"pending" | "denied" | NotFiled | null> {
  const existing = await storage.links.request(installationId, userId);
  if (existing?.state === "denied") return "denied";
  if (existing?.state === "pending" && existing.verifiedAt) return "pending";
  if ((await storage.links.pendingCount(installationId)) >= MAX_PENDING_REQUESTS) return "store_full";
  if ((await storage.links.pendingCountForActivation(activationId)) >= MAX_PENDING_PER_ACTIVATION)
    return "activation_full";
  return null;
}

/**
 * Asks to be linked: nothing is filed yet. The requester's own address gets a single-use link (an `account.mail`
 * job, packages/handshake/src/auth/link-request-mail.ts); following it files the request as verified
 * (packages/handshake/src/integration/link-request-verification.ts). A link still live for this store is not sent again. A request
 * the caps refuse is neither mailed nor filed, and the answer says so: nobody is told "waiting for approval" for a
 * request that no linked user will ever see.
 */
export async function askToBeLinked(
  deps: Pick<IntegrationDeps, "storage" | "queueAccountMail" | "canSendMail">,
  installationId: string,
  userId: string,
  activationId: string,
  now: Date,
): Promise<LinkRequestState> {
  const refused = await linkRequestRefusal(deps.storage, installationId, userId, activationId);
  if (refused) return refused;
  if (!deps.canSendMail()) return "no_mail";
  if (await deps.storage.mailedLinks.liveFor(userId, "link_request", installationId, now)) return "verify_sent";
  if (!(await takeHourlyAllowance(deps.storage, `linkreq:user:${userId}`, LINK_REQUESTS_PER_HOUR, now)))
    return "requester_busy";
  await deps.queueAccountMail({ type: "link_request", userId, installationId, activationId });
  return "verify_sent";
}

/**
 * Files a request whose requester proved his address (verified now). A pending request stays pending; a denied
 * one stays denied (asking again needs a linked user's invitation); the caps refuse the rest.
 */
export async function fileLinkRequest(
  deps: { storage: Storage },
  installationId: string,
  userId: string,
  activationId: string,
  now: Date,
): Promise<"pending" | "denied" | NotFiled> {
  const { links, events } = deps.storage;
  const refused = await linkRequestRefusal(deps.storage, installationId, userId, activationId);
  if (refused) return refused;
  await links.fileRequest(installationId, userId, activationId, now);
  await events.add({
    installationId,
    activationId,
    kind: "link_requested",
    message:
      "An app account that opened the store's identity link asks to be linked (its email verified by a mailed link); a user already linked to this store must approve it.",
    at: now,
  });
  return "pending";
}
