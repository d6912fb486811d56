/**
 * Composition root: builds the configured pieces once (env, database, secret box, logger, handshake I/O) and
 * exports the verbs routes and pages call. Route files stay thin; every verb here is a few lines over lib/.
 */
import { redirect } from "next/navigation";
import { cookies, headers } from "next/headers";
import { getEnv } from "@/lib/env";
import { getPrisma, type Db } from "@/lib/db";
import { createSecretBox, type SecretBox } from "@/lib/secret-box";
import { getLogger } from "@/lib/log";
import { getSession } from "@/lib/session";
import { fetchAccessToken, fetchRequestToken, type MagentoClient } from "@/lib/magento";
import { signIn, signUp, type AuthResult } from "@/lib/auth/users";
import { createSession, pruneSessions, resolveSession, revokeAllSessions as revokeAllSessionsIn, revokeSession } from "@/lib/auth/sessions";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S, knownDeviceFor, rememberDevice } from "@/lib/auth/device-cookie";
import { ADMIN_POPUP_COOKIE, isAdminPopup } from "@/lib/integration/admin-popup";
import { KeyedLock } from "@/lib/integration/key-lock";
import type { IntegrationDeps } from "@/lib/integration/deps";
import { handleCallbackWith } from "@/lib/integration/handle-callback";
import { runExchange, type ExchangeOutcome } from "@/lib/integration/exchange";
import { completeIdentityFor, type IdentityOutcome, type IdentityQuery } from "@/lib/integration/identity";
import {
  getStoreForUser as getStoreForUserFrom,
  listStoresForUser as listStoresForUserFrom,
  type StoreSummary,
} from "@/lib/integration/store-summary";
import { clientForInstallationRecord, InstallationNotUsableError } from "@/lib/integration/installation-client";
import { addManualStoreFor, type ManualResult } from "@/lib/integration/manual";
import { probeWithClient, type ProbeResult } from "@/lib/integration/probe";
import { setAdminOriginFor } from "@/lib/integration/admin-origin";
import { assertPublicStoreHost } from "@/lib/integration/store-url";
import { createStoreFetch } from "@/lib/integration/store-fetch";
import { CallbackRateLimiter } from "@/lib/integration/callback-rate-limit";
import { pruneUnproven } from "@/lib/integration/prune";
import { fetchSwaggerPage, readSchemaWithAdminLogin, type StorePage } from "@/lib/integration/store-pages";
import { recoverInterruptedExchanges } from "@/lib/integration/recovery";
import { pruneThrottle } from "@/lib/auth/throttle";
import { decideLinkRequest, pendingLinkRequests, pruneLinkRequests, removeInstallationFor, type DecideResult, type PendingLinkRequest } from "@/lib/integration/link-requests";

import { parseMailConfig } from "@/lib/mail/mail-config";
import { createMailer, outboxMessages, type Mailer } from "@/lib/mail/mailer";
import {
  changeEmail,
  changePassword,
  requestPasswordReset,
  resetLinkState,
  resetPasswordWithToken,
  type AccountChangeResult,
  type ResetRequestResult,
  type ResetResult,
} from "@/lib/auth/password-reset";
import { acceptLinkOffer, findLinkOffer, readStartedLinkCookie, STARTED_LINK_COOKIE, type AcceptResult, type LinkOffer } from "@/lib/integration/link-offer";
import { removalPreview, setStoreLabel, type RemovalPreview } from "@/lib/dashboard/store-removal";
import { checkResources, resourceChecks, type ResourceCheckRow } from "@/lib/dashboard/resource-check";

export type { StoreSummary } from "@/lib/integration/store-summary";
export type { SecretBox } from "@/lib/secret-box";
export { InstallationNotUsableError } from "@/lib/integration/installation-client";

export interface CurrentUser {
  id: string;
  email: string;
}

// Next bundles routes and pages separately: process-wide singletons live on globalThis.
const g = globalThis as unknown as {
  __kitBox?: SecretBox;
  __kitLocks?: KeyedLock;
  __kitExchanges?: Set<Promise<unknown>>;
  __kitStoreFetch?: typeof fetch;
  __kitCallbackLimiter?: CallbackRateLimiter;
};

export function getDb(): Db {
  return getPrisma();
}

export function getSecretBox(): SecretBox {
  g.__kitBox ??= createSecretBox(getEnv().encryptionKeys);
  return g.__kitBox;
}

/**
 * The one fetch for server-side calls to addresses users or stores supply (stores, the developer portal):
 * keep-alive pool, private addresses refused at connect time unless allowed (store-fetch.ts).
 */
export function storeFetch(): typeof fetch {
  g.__kitStoreFetch ??= createStoreFetch({ allowPrivate: getEnv().allowPrivateStoreUrls });
  return g.__kitStoreFetch;
}

function integrationDeps(): IntegrationDeps {
  g.__kitLocks ??= new KeyedLock();
  g.__kitCallbackLimiter ??= new CallbackRateLimiter();
  return {
    db: getDb(),
    box: getSecretBox(),
    log: getLogger(),
    now: () => new Date(),
    allowPrivate: getEnv().allowPrivateStoreUrls,
    locks: g.__kitLocks,
    fetch: storeFetch(),
    timeoutMs: 20_000,
    handshake: { fetchRequestToken, fetchAccessToken },
    callbackLimiter: g.__kitCallbackLimiter,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Handshake
// ---------------------------------------------------------------------------------------------------------------

export interface CallbackResponse {
  status: 200 | 400 | 429;
  message: string;
  retryAfterSeconds?: number;
  /** Run after the 200 is sent (Next: `after()`); undefined when nothing needs exchanging. */
  exchange?: () => Promise<ExchangeOutcome>;
}

/**
 * Magento's activation POST (Activate, Save & Activate, Reauthorize). Validates, stores the callback, and answers
 * fast (the store waits 5 s and follows no redirect); the token exchange runs right after the answer.
 */
export async function handleCallback(form: URLSearchParams): Promise<CallbackResponse> {
  const started = performance.now();
  const client = await clientIp();
  const r = await handleCallbackWith(integrationDeps(), form, client ? { client } : {});
  if (r.status === 429) return { status: 429, message: r.message, retryAfterSeconds: r.retryAfterSeconds };
  if (r.status !== 200 || !r.exchange) return { status: r.status, message: r.message };
  const answeredMs = Math.round(performance.now() - started);
  return {
    status: 200,
    message: r.message,
    exchange: async () => {
      // Shown on diagnostics against Magento's 5 s wait; written after the answer so it costs the store nothing.
      await getDb().activation.update({ where: { id: r.activationId }, data: { answeredMs } }).catch(() => undefined);
      return startExchange(r.activationId);
    },
  };
}

/** Starts (or joins) the exchange of one activation and tracks it so tests and shutdown can wait for it. */
export function startExchange(activationId: string): Promise<ExchangeOutcome> {
  g.__kitExchanges ??= new Set();
  const deps = integrationDeps();
  const p = runExchange(deps, activationId)
    .then(async (outcome) => {
      if (outcome.kind === "succeeded" && !outcome.superseded) await firstProbe(activationId).catch(() => undefined);
      return outcome;
    })
    .catch((e: unknown) => {
      deps.log.error({ activationId, err: (e as Error).message }, "token exchange crashed");
      return { kind: "skipped" } as const;
    });
  g.__kitExchanges.add(p);
  void p.finally(() => g.__kitExchanges?.delete(p));
  return p;
}

/** Right after activation: one signed call proves the token works and fills in the store's name. */
async function firstProbe(activationId: string): Promise<void> {
  const a = await getDb().activation.findUnique({
    where: { id: activationId },
    select: { installation: { include: { store: true } } },
  });
  if (!a) return;
  const client = clientForInstallationRecord({ db: getDb(), box: getSecretBox(), now: () => new Date(), fetch: storeFetch() }, a.installation);
  await probeWithClient(getDb(), a.installation.id, client, () => new Date());
}

/** Resolves when every exchange started in this process has finished. */
export async function waitForExchanges(): Promise<void> {
  while (g.__kitExchanges && g.__kitExchanges.size > 0) await Promise.allSettled([...g.__kitExchanges]);
}

/**
 * Records that the signed-in user agreed to link the installation of this consumer key through its newest
 * activation (`shownActivationId`: the one the page showed; a newer one needs its own consent).
 */
export async function grantLinkConsent(consumerKey: string, shownActivationId?: string): Promise<void> {
  const session = await getSession();
  if (!(await getCurrentUser())) return;
  const latest = await latestActivation(consumerKey);
  if (!latest || (shownActivationId !== undefined && latest.id !== shownActivationId)) return;
  session.linkConsent = { consumerKey, activationId: latest.id, at: Date.now() };
  await session.save();
}

async function latestActivation(consumerKey: string): Promise<{ id: string } | null> {
  if (!/^[0-9a-z]{32}$/.test(consumerKey)) return null;
  return getDb().activation.findFirst({ where: { installation: { consumerKey } }, orderBy: { seq: "desc" }, select: { id: true } });
}

/** The identity popup that `next` (a sign-in's destination) points at, if any. */
function identityQueryOf(next: string): { key: string; successCallBack: string } | null {
  const url = new URL(safeNextPath(next), "http://app.invalid");
  if (url.pathname !== "/integration/identity") return null;
  const key = url.searchParams.get("oauth_consumer_key");
  const successCallBack = url.searchParams.get("success_call_back");
  return key && successCallBack ? { key, successCallBack } : null;
}

/** Did this browser open the identity link from the store's admin popup (lib/integration/admin-popup.ts)? */
async function fromAdminPopup(key: string, successCallBack: string): Promise<boolean> {
  const jar = await cookies();
  return isAdminPopup(getEnv().sessionSecret, jar.get(ADMIN_POPUP_COOKIE)?.value, key, successCallBack, Date.now());
}

/**
 * Signing in or up inside the identity popup is consent to link that popup's installation, through the
 * activation the store just posted, and only when the popup came from the store's admin. Otherwise the identity
 * page asks, naming the store.
 */
export async function grantLinkConsentFromNext(next: string): Promise<void> {
  const q = identityQueryOf(next);
  if (q && (await fromAdminPopup(q.key, q.successCallBack))) await grantLinkConsent(q.key);
}

/** The store a sign-in page's `next` would link (shown on the popup's sign-in and sign-up pages), or null. */
export async function storeBeingLinked(next: string): Promise<{ host: string; baseUrl: string; name: string | null } | null> {
  const q = identityQueryOf(next);
  if (!q || !/^[0-9a-z]{32}$/.test(q.key)) return null;
  const inst = await getDb().installation.findUnique({ where: { consumerKey: q.key }, select: { store: { select: { baseUrl: true, name: true } } } });
  if (!inst) return null;
  return { host: new URL(inst.store.baseUrl).host, baseUrl: inst.store.baseUrl, name: inst.store.name };
}

/** The activation this browser opened the identity popup for and nobody finished (lib/integration/link-offer.ts). */
export async function linkOfferInThisBrowser(userId: string): Promise<LinkOffer | null> {
  const started = readStartedLinkCookie(getEnv().sessionSecret, (await cookies()).get(STARTED_LINK_COOKIE)?.value, Date.now());
  return findLinkOffer(getDb(), userId, started, new Date());
}

/** The user confirmed the offer naming `activationId`: linked (nobody was) or a link request filed. */
export async function acceptLinkOfferInThisBrowser(userId: string, activationId: string): Promise<AcceptResult> {
  const started = readStartedLinkCookie(getEnv().sessionSecret, (await cookies()).get(STARTED_LINK_COOKIE)?.value, Date.now());
  return acceptLinkOffer(getDb(), userId, started, activationId, new Date());
}

/** The identity popup for the signed-in user (see lib/integration/identity.ts). */
export async function completeIdentity(query: IdentityQuery, userId: string | null): Promise<IdentityOutcome> {
  const session = await getSession();
  const c = session.linkConsent;
  const key = typeof query.oauth_consumer_key === "string" ? query.oauth_consumer_key : undefined;
  const scb = typeof query.success_call_back === "string" ? query.success_call_back : undefined;
  const consent = c && key && c.consumerKey === key ? { activationId: c.activationId, at: c.at } : undefined;
  const admin = key && scb ? await fromAdminPopup(key, scb) : false;
  const out = await completeIdentityFor(integrationDeps(), query, userId, { ...(consent ? { consent } : {}), fromAdminPopup: admin });
  if (out.kind === "waiting" && out.stalledActivationId) void startExchange(out.stalledActivationId);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Users and sessions
// ---------------------------------------------------------------------------------------------------------------

/** The user of this request's session, when the Session row is live (not signed out, revoked or expired). */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  const session = await getSession();
  const live = await resolveSession(getDb(), session.sid, new Date());
  if (!live) return null;
  return getDb().user.findUnique({ where: { id: live.userId }, select: { id: true, email: true } });
}

/** The signed-in user, or a redirect to /login?next=<nextPath>. */
export async function requireUser(nextPath?: string): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) redirect(nextPath ? `/login?next=${encodeURIComponent(safeNextPath(nextPath))}` : "/login");
  return user;
}

/** Only same-site absolute paths: never `//host`, `/\host` or a scheme. */
export function safeNextPath(next: unknown, fallback = "/stores"): string {
  if (typeof next !== "string" || next.length > 4096) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\") || /[\u0000-\u001f\\]/.test(next)) return fallback;
  // What the browser will resolve: `/..//evil.com` normalises to `//evil.com`, another site.
  const u = new URL(next, "http://app.invalid");
  const normalised = `${u.pathname}${u.search}${u.hash}`;
  if (u.origin !== "http://app.invalid" || normalised.startsWith("//")) return fallback;
  return normalised;
}

/**
 * The client's IP, only when TRUST_PROXY says a proxy in front sets X-Forwarded-For (its last hop is the address
 * the proxy saw). Without one these headers are whatever the client wrote, so no per-IP limit is kept.
 */
async function clientIp(): Promise<string | undefined> {
  if (!getEnv().trustProxy) return undefined;
  const h = await headers();
  const xff = h.get("x-forwarded-for");
  return (xff ? xff.split(",").pop()?.trim() : undefined) || h.get("x-real-ip") || undefined;
}

async function startSession(result: AuthResult): Promise<AuthResult> {
  if (result.ok) {
    const session = await getSession();
    const previous = session.sid;
    session.sid = await createSession(getDb(), result.user.id, new Date());
    delete session.linkConsent;
    await session.save();
    await revokeSession(getDb(), previous, new Date()); // a session fixed before sign-in is never reused
    const jar = await cookies();
    const secret = getEnv().sessionSecret;
    jar.set(DEVICE_COOKIE, rememberDevice(secret, jar.get(DEVICE_COOKIE)?.value, result.user.email), {
      httpOnly: true,
      sameSite: "lax",
      secure: getEnv().nodeEnv === "production",
      path: "/",
      maxAge: DEVICE_COOKIE_MAX_AGE_S,
    });
  }
  return result;
}

export async function signInWithPassword(email: unknown, password: unknown): Promise<AuthResult> {
  const ip = await clientIp();
  const device = typeof email === "string" ? knownDeviceFor(getEnv().sessionSecret, (await cookies()).get(DEVICE_COOKIE)?.value, email.trim()) : undefined;
  return startSession(await signIn(getDb(), { email, password }, { ...(ip ? { ip } : {}), ...(device ? { knownDevice: device } : {}) }));
}

export async function createAccount(email: unknown, password: unknown): Promise<AuthResult> {
  return startSession(await signUp(getDb(), { email, password }, await clientIp()));
}

/** Sign-out ends the session on the server: a copy of the cookie opens nothing afterwards. */
export async function signOut(): Promise<void> {
  const session = await getSession();
  await revokeSession(getDb(), session.sid, new Date());
  session.destroy();
}

/** Ends every session of a user (for a password change, or "sign out everywhere"). */
export async function revokeAllSessions(userId: string): Promise<number> {
  return revokeAllSessionsIn(getDb(), userId, new Date());
}

// ---------------------------------------------------------------------------------------------------------------
// Account: password reset by email, password and email changes (lib/auth/password-reset.ts, lib/mail)
// ---------------------------------------------------------------------------------------------------------------

/** The app's mailer: SMTP from env, the dev outbox outside production, or "unconfigured" (lib/mail/mail-config.ts). */
export function mailer(): Mailer {
  const g3 = globalThis as unknown as { __kitMailer?: Mailer };
  g3.__kitMailer ??= createMailer(parseMailConfig(process.env, getEnv().appUrl, getEnv().nodeEnv === "production"), getDb());
  return g3.__kitMailer;
}

export async function requestPasswordResetFor(email: string, next: string | undefined): Promise<ResetRequestResult> {
  return requestPasswordReset({ db: getDb(), mailer: mailer(), appUrl: getEnv().appUrl, now: () => new Date() }, email, next);
}

export async function passwordResetLinkState(token: string) {
  return resetLinkState(getDb(), token, new Date());
}

export async function resetPasswordByLink(token: string, password: string): Promise<ResetResult> {
  return resetPasswordWithToken(getDb(), token, password, new Date());
}

export async function changePasswordFor(userId: string, input: { current: string; password: string }): Promise<AccountChangeResult> {
  return changePassword(getDb(), userId, (await getSession()).sid, input, new Date());
}

export async function changeEmailFor(userId: string, input: { email: string; current: string }): Promise<AccountChangeResult> {
  return changeEmail({ db: getDb(), mailer: mailer() }, userId, (await getSession()).sid, input, new Date());
}

/** The dev outbox (null when mail does not go there: SMTP configured, or production). */
export async function devOutbox() {
  if (getEnv().nodeEnv === "production" || mailer().kind !== "outbox") return null;
  return outboxMessages(getDb());
}

// ---------------------------------------------------------------------------------------------------------------
// Stores
// ---------------------------------------------------------------------------------------------------------------

export async function listStoresForUser(userId: string): Promise<StoreSummary[]> {
  return listStoresForUserFrom(getDb(), userId);
}

export async function getStoreForUser(installationId: string, userId: string): Promise<StoreSummary | null> {
  return getStoreForUserFrom(getDb(), installationId, userId);
}

/**
 * A signed REST client for one of the user's installations (throws InstallationNotUsableError when the user is
 * not linked or the installation has no token). Revocation 401s mark the installation before rethrowing.
 */
export async function clientForInstallation(
  installationId: string,
  userId: string,
  opts: { storeCode?: string } = {},
): Promise<MagentoClient> {
  const inst = await getDb().installation.findFirst({
    where: { id: installationId, users: { some: { userId } } },
    include: { store: true },
  });
  if (!inst) throw new InstallationNotUsableError("missing", "No such store for this account.");
  // SSRF guard on every client: the store's DNS may have changed since the handshake.
  const guard = await assertPublicStoreHost(inst.store.baseUrl, { allowPrivate: getEnv().allowPrivateStoreUrls });
  if (!guard.ok) throw new InstallationNotUsableError(inst.state, `Refusing to call the store: ${guard.reason}.`);
  return clientForInstallationRecord({ db: getDb(), box: getSecretBox(), now: () => new Date(), fetch: storeFetch() }, inst, opts);
}

export async function addManualStore(userId: string, input: unknown): Promise<ManualResult> {
  const env = getEnv();
  return addManualStoreFor(
    { db: getDb(), box: getSecretBox(), now: () => new Date(), allowPrivate: env.allowPrivateStoreUrls, fetch: storeFetch() },
    userId,
    input,
  );
}

/** The store's name in the app ("" clears it); false when the user is not linked to it. */
export async function setStoreLabelFor(installationId: string, userId: string, label: string): Promise<boolean> {
  return setStoreLabel(getDb(), installationId, userId, label);
}

/** What "Remove store" would delete (for its confirmation page), or null for someone else's store. */
export async function storeRemovalPreview(installationId: string, userId: string): Promise<RemovalPreview | null> {
  return removalPreview(getDb(), installationId, userId);
}

/** Asks the store, one read per resource, which ACL resources the integration has (lib/dashboard/resource-check.ts). */
export async function checkGrantedResources(installationId: string, userId: string): Promise<{ ok: true; rows: ResourceCheckRow[] } | { ok: false; error: string }> {
  try {
    const client = await clientForInstallation(installationId, userId);
    return { ok: true, rows: await checkResources(getDb(), installationId, client, () => new Date()) };
  } catch (e) {
    return { ok: false, error: (e as { renderedMessage?: string }).renderedMessage ?? (e as Error).message };
  }
}

export async function grantedResources(installationId: string): Promise<ResourceCheckRow[]> {
  return resourceChecks(getDb(), installationId);
}

export async function setAdminOrigin(installationId: string, userId: string, origin: string) {
  return setAdminOriginFor(getDb(), installationId, userId, origin, new Date());
}

export async function probeInstallation(installationId: string, userId: string): Promise<ProbeResult> {
  let client: MagentoClient;
  try {
    client = await clientForInstallation(installationId, userId);
  } catch (e) {
    return { ok: false, status: 0, message: (e as Error).message, hint: undefined };
  }
  return probeWithClient(getDb(), installationId, client, () => new Date());
}

/** Everything the diagnostics page shows, or null when the user is not linked to the installation. */
export async function getDiagnostics(installationId: string, userId: string) {
  const inst = await getDb().installation.findFirst({
    where: { id: installationId, users: { some: { userId } } },
    include: {
      store: true,
      activations: { orderBy: { seq: "desc" }, take: 10 },
      events: { orderBy: { id: "desc" }, take: 100 },
    },
  });
  if (!inst) return null;
  const { consumerSecretEnc: _a, accessTokenEnc, accessTokenSecretEnc: _b, activations, ...rest } = inst;
  return {
    ...rest,
    hasAccessToken: accessTokenEnc !== null,
    activations: activations.map(({ consumerSecretEnc: _c, verifierEnc: _d, fingerprint: _e, ...a }) => a),
  };
}

export function appUrls(): { appUrl: string; callbackUrl: string; identityUrl: string } {
  const appUrl = getEnv().appUrl;
  return { appUrl, callbackUrl: `${appUrl}/api/integration/callback`, identityUrl: `${appUrl}/integration/identity` };
}

// ---------------------------------------------------------------------------------------------------------------
// Who is linked: link requests and removing an installation
// ---------------------------------------------------------------------------------------------------------------

export async function listLinkRequests(installationId: string, userId: string): Promise<PendingLinkRequest[]> {
  return pendingLinkRequests(getDb(), installationId, userId, new Date());
}

export async function answerLinkRequest(installationId: string, userId: string, requestId: string, decision: "approve" | "deny"): Promise<DecideResult> {
  return decideLinkRequest(getDb(), { installationId, requestId, deciderId: userId, decision }, new Date());
}

/** A linked user removes the installation from the app (and so releases its consumer key's binding). */
export async function removeInstallation(installationId: string, userId: string): Promise<boolean> {
  return removeInstallationFor(getDb(), installationId, userId);
}

// ---------------------------------------------------------------------------------------------------------------
// Background work of the process (start-up recovery, pruning); the job engine will own it later
// ---------------------------------------------------------------------------------------------------------------

const MAINTENANCE_EVERY_MS = 60_000;

/** Deletes what expired: never-proven callbacks, dead sessions, old throttle rows, unanswered link requests. */
export async function pruneExpired(): Promise<void> {
  const db = getDb();
  const now = new Date();
  await pruneUnproven({ db, now: () => now });
  await pruneSessions(db, now);
  await pruneThrottle(db, now);
  await pruneLinkRequests(db, now);
}

/**
 * Called once at server start (instrumentation.ts): settles exchanges a previous run left open (resumed inside
 * the store's 300 s window, else failed(interrupted)), then prunes expired rows every minute.
 */
export async function startBackgroundWork(): Promise<void> {
  const g2 = globalThis as unknown as { __kitMaintenance?: NodeJS.Timeout };
  if (g2.__kitMaintenance) return;
  const log = getLogger();
  const r = await recoverInterruptedExchanges({ db: getDb(), now: () => new Date() }, (id) => startExchange(id));
  if (r.resumed.length || r.failed.length) log.info({ resumed: r.resumed.length, failed: r.failed.length }, "interrupted token exchanges settled at start-up");
  await pruneExpired().catch((e: unknown) => log.warn({ err: (e as Error).message }, "pruning failed"));
  g2.__kitMaintenance = setInterval(() => {
    pruneExpired().catch((e: unknown) => log.warn({ err: (e as Error).message }, "pruning failed"));
  }, MAINTENANCE_EVERY_MS);
  g2.__kitMaintenance.unref();
}

// ---------------------------------------------------------------------------------------------------------------
// Explorer calls outside the signed client (always through the guarded store fetch)
// ---------------------------------------------------------------------------------------------------------------

export async function fetchStoreSwagger(baseUrl: string): Promise<StorePage> {
  return fetchSwaggerPage({ fetch: storeFetch() }, baseUrl);
}

export async function readStoreSchemaAsAdmin(baseUrl: string, username: string, password: string): Promise<unknown> {
  return readSchemaWithAdminLogin({ fetch: storeFetch() }, baseUrl, username, password);
}
