/**
 * Composition root: builds the configured pieces once (env, database, secret box, logger, handshake I/O) and
 * exports the verbs routes and pages call. Route files stay thin; every verb here is a few lines over lib/.
 */
import { redirect } from "next/navigation";
import { headers } from "next/headers";
import { getEnv } from "@/lib/env";
import { getPrisma, type Db } from "@/lib/db";
import { createSecretBox, type SecretBox } from "@/lib/secret-box";
import { getLogger } from "@/lib/log";
import { getSession } from "@/lib/session";
import { fetchAccessToken, fetchRequestToken, type MagentoClient } from "@/lib/magento";
import { signIn, signUp, type AuthResult } from "@/lib/auth/users";
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

/** A link consent lasts as long as a popup reasonably stays open. */
const LINK_CONSENT_MS = 15 * 60 * 1000;

/** Records that the signed-in user agreed to link the installation of this consumer key. */
export async function grantLinkConsent(consumerKey: string): Promise<void> {
  const session = await getSession();
  if (!session.userId) return;
  session.linkConsent = { consumerKey, at: Date.now() };
  await session.save();
}

/** Signing in or up inside the identity popup is consent to link that popup's installation. */
export async function grantLinkConsentFromNext(next: string): Promise<void> {
  const url = new URL(safeNextPath(next), "http://app.invalid");
  const key = url.pathname === "/integration/identity" ? url.searchParams.get("oauth_consumer_key") : null;
  if (key) await grantLinkConsent(key);
}

/** The identity popup for the signed-in user (see lib/integration/identity.ts). */
export async function completeIdentity(query: IdentityQuery, userId: string | null): Promise<IdentityOutcome> {
  const session = await getSession();
  const consent = session.linkConsent;
  const consented =
    consent !== undefined &&
    typeof query.oauth_consumer_key === "string" &&
    consent.consumerKey === query.oauth_consumer_key &&
    Date.now() - consent.at < LINK_CONSENT_MS;
  const out = await completeIdentityFor(integrationDeps(), query, userId, { consented });
  if (out.kind === "waiting" && out.stalledActivationId) void startExchange(out.stalledActivationId);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Users and sessions
// ---------------------------------------------------------------------------------------------------------------

export async function getCurrentUser(): Promise<CurrentUser | null> {
  const session = await getSession();
  if (!session.userId) return null;
  const user = await getDb().user.findUnique({ where: { id: session.userId }, select: { id: true, email: true } });
  return user ?? null;
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
    session.userId = result.user.id;
    session.email = result.user.email;
    session.signedInAt = Date.now();
    await session.save();
  }
  return result;
}

export async function signInWithPassword(email: unknown, password: unknown): Promise<AuthResult> {
  return startSession(await signIn(getDb(), { email, password }, await clientIp()));
}

export async function createAccount(email: unknown, password: unknown): Promise<AuthResult> {
  return startSession(await signUp(getDb(), { email, password }));
}

export async function signOut(): Promise<void> {
  const session = await getSession();
  session.destroy();
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
