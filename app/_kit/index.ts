/**
 * The thin Next.js adapter over the kit (lib/kit.ts): each verb here gives a kit verb this request's cookies and
 * client address, or turns "not signed in" into a redirect. Pages, route handlers and actions import from here;
 * nothing under lib/ imports next/*.
 */
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { REQUEST_PATH_HEADER, signInPath } from "@/lib/auth";
import { getEnv } from "@/lib/env";
import { sessionOptions } from "@/lib/session";
import type { IdentityQuery } from "@/lib/integration";
import type { CurrentUser } from "@/lib/kit";
import { safeNextPath } from "@/lib/kit";
import { kit } from "./kit";
import { requestContext } from "./request";

export { kit, readiness, startBackgroundWork } from "./kit";
export { requestContext } from "./request";
export { safeNextPath, InstallationNotUsableError, type CurrentUser, type StoreSummary } from "@/lib/kit";

// Handshake ---------------------------------------------------------------------------------------------------

export const appUrls = () => kit().handshake.urls();

// Accounts ----------------------------------------------------------------------------------------------------

/**
 * The signed-in user of this request. Read once per render: the root layout, a store's layout and its page all
 * ask, and each asking would unseal the cookie and read the session and user rows again. (React's cache() is
 * scoped to one server render; a server action calling this reads afresh.)
 */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> =>
  kit().auth.currentUser(await requestContext()),
);

/**
 * The signed-in user, or a redirect to sign in that comes back to the page asked for, path and query (proxy.ts
 * records it; `nextPath` when it did not run), saying the session ended when the browser still had one.
 */
export async function requireUser(nextPath?: string): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) {
    const here = (await headers()).get(REQUEST_PATH_HEADER) ?? nextPath;
    const hadSession = (await cookies()).has(sessionOptions(getEnv()).cookieName);
    redirect(here ? signInPath(safeNextPath(here), hadSession ? "session_ended" : undefined) : "/login");
  }
  return user;
}

export async function signInWithPassword(email: unknown, password: unknown) {
  return kit().auth.signIn(await requestContext(), email, password);
}

/** `next`: where the sign-up goes on to; the identity popup's link gives it its activation's own sign-up budget. */
export async function createAccount(email: unknown, password: unknown, next?: string) {
  const ctx = await requestContext();
  const activationId = next ? await kit().identity.popupActivation(ctx, next) : null;
  return kit().auth.signUp(ctx, email, password, activationId);
}

export async function signOut(): Promise<void> {
  await kit().auth.signOut(await requestContext());
}

export const revokeAllSessions = (userId: string) => kit().auth.revokeAllSessions(userId);

// Account: password reset by email, password and email changes ---------------------------------------------

export const mailer = () => kit().mail.mailer();
export const devOutbox = () => kit().mail.outbox();
export const requestPasswordResetFor = (email: string, next: string | undefined) =>
  kit().auth.requestPasswordReset(email, next);
export const passwordResetLinkState = (token: string) => kit().auth.resetLinkState(token);
export const resetPasswordByLink = (token: string, password: string) => kit().auth.resetPassword(token, password);

export async function changePasswordFor(userId: string, input: { current: string; password: string }) {
  return kit().auth.changePassword(await requestContext(), userId, input);
}

export async function changeEmailFor(userId: string, input: { email: string; current: string }) {
  return kit().auth.changeEmail(await requestContext(), userId, input);
}

// Identity popup ----------------------------------------------------------------------------------------------

export async function grantLinkConsent(consumerKey: string, shownActivationId?: string): Promise<void> {
  await kit().identity.grantConsent(await requestContext(), consumerKey, shownActivationId);
}

export async function grantLinkConsentFromNext(next: string): Promise<void> {
  await kit().identity.grantConsentFromNext(await requestContext(), next);
}

export const storeBeingLinked = (next: string) => kit().identity.storeBeingLinked(next);

/** The activation this browser opened the identity popup for and nobody finished (the offer on /stores). */
export async function linkOfferInThisBrowser(userId: string) {
  return kit().identity.linkOffer(await requestContext(), userId);
}

export async function acceptLinkOfferInThisBrowser(userId: string, activationId: string) {
  return kit().identity.acceptLinkOffer(await requestContext(), userId, activationId);
}

export async function completeIdentity(query: IdentityQuery, userId: string | null) {
  return kit().identity.complete(await requestContext(), query, userId);
}

// Stores ------------------------------------------------------------------------------------------------------

export const listStoresForUser = (userId: string) => kit().stores.list(userId);
export const getStoreForUser = (installationId: string, userId: string) => kit().stores.get(installationId, userId);
/** A store of the user's and its signed client from one read (lib/verbs/stores.ts `view`); null when not theirs. */
export const openStoreView = (installationId: string, userId: string) => kit().stores.view(installationId, userId);
export const clientForInstallation = (installationId: string, userId: string, opts?: { storeCode?: string }) =>
  kit().stores.clientFor(installationId, userId, opts);
export const addManualStore = (userId: string, input: unknown) => kit().stores.addManual(userId, input);
export const setAdminOrigin = (installationId: string, userId: string, origin: string) =>
  kit().stores.setAdminOrigin(installationId, userId, origin);
export const probeInstallation = (installationId: string, userId: string) => kit().stores.probe(installationId, userId);
export const refreshStaleStores = (userId: string) => kit().stores.refreshStale(userId);
export const getDiagnostics = (installationId: string, userId: string) =>
  kit().stores.diagnostics(installationId, userId);
export const answerLinkRequest = (
  installationId: string,
  userId: string,
  requestId: string,
  decision: "approve" | "deny",
) => kit().stores.answerLinkRequest(installationId, userId, requestId, decision);
export const removeInstallation = (installationId: string, userId: string) =>
  kit().stores.remove(installationId, userId);
export const storeRemovalPreview = (installationId: string, userId: string) =>
  kit().stores.removalPreview(installationId, userId);
export const setStoreLabelFor = (installationId: string, userId: string, label: string) =>
  kit().stores.setLabel(installationId, userId, label);
export const checkGrantedResources = (installationId: string, userId: string) =>
  kit().stores.checkResources(installationId, userId);
export const grantedResources = (installationId: string) => kit().stores.resourceChecks(installationId);
export const fetchStoreSwagger = (baseUrl: string) => kit().stores.fetchSwagger(baseUrl);
export const readStoreSchemaAsAdmin = (baseUrl: string, username: string, password: string) =>
  kit().stores.readSchemaAsAdmin(baseUrl, username, password);

// Jobs and exports --------------------------------------------------------------------------------------------

export const jobsForStore = (installationId: string, userId: string) => kit().jobs.forStore(installationId, userId);
export const syncStatus = (installationId: string, userId: string) => kit().sync.status(installationId, userId);
export const syncLastDay = (installationId: string, userId: string) => kit().sync.lastDay(installationId, userId);
export const syncParked = (installationId: string, userId: string) => kit().sync.parked(installationId, userId);
export const syncPause = (installationId: string, userId: string, entity?: string) =>
  kit().sync.pause(installationId, userId, entity);
export const syncResume = (installationId: string, userId: string, entity?: string) =>
  kit().sync.resume(installationId, userId, entity);
export const syncNow = (installationId: string, userId: string, entity?: string) =>
  kit().sync.syncNow(installationId, userId, entity ? { entity } : {});
export const syncResync = (installationId: string, userId: string, entity?: string) =>
  kit().sync.resync(installationId, userId, entity);
export const syncRetryParked = (installationId: string, userId: string, changeId: number) =>
  kit().sync.retryParked(installationId, userId, changeId);
export const retryJob = (jobId: string, installationId: string, userId: string) =>
  kit().jobs.retry(jobId, installationId, userId);
export const startExport = (installationId: string, userId: string, input: unknown) =>
  kit().exports.start(installationId, userId, input);
export const exportsForStore = (installationId: string, userId: string) => kit().exports.list(installationId, userId);
export const getExport = (exportId: string, installationId: string, userId: string) =>
  kit().exports.get(exportId, installationId, userId);
export const readBulkFile = (file: Buffer) => kit().bulk.read(file);
export const startBulk = (
  installationId: string,
  userId: string,
  rows: Parameters<ReturnType<typeof kit>["bulk"]["start"]>[2],
) => kit().bulk.start(installationId, userId, rows);
export const bulksForStore = (installationId: string, userId: string) => kit().bulk.list(installationId, userId);
export const getBulk = (submissionId: string, installationId: string, userId: string) =>
  kit().bulk.get(submissionId, installationId, userId);
export const bulkRows = (submissionId: string) => kit().bulk.rows(submissionId);

// Developer portal --------------------------------------------------------------------------------------------

export const portalSettingsStore = () => kit().portal.settingsStore();
export const portalClient = (config: Parameters<ReturnType<typeof kit>["portal"]["client"]>[0], userId: string) =>
  kit().portal.client(config, userId);

// Store events ------------------------------------------------------------------------------------------------

export const eventsPageFor = (installationId: string, userId: string) => kit().events.pageFor(installationId, userId);
export const setCommerceKeyFor = (installationId: string, userId: string, pem: string) =>
  kit().events.setCommerceKeyFor(installationId, userId, pem);
export const setIoClientIdFor = (installationId: string, userId: string, clientId: string) =>
  kit().events.setIoClientIdFor(installationId, userId, clientId);
export const replayDeliveryFor = (installationId: string, userId: string, deliveryId: string) =>
  kit().events.replayFor(installationId, userId, deliveryId);
export const webhookSubscriptions = () => kit().events.subscriptions;
