import { SignatureFamily, storeMessageOf, type MagentoClient } from "@magento-integration/client";
import {
  clientForInstallationRecord,
  InstallationNotUsableError,
  getStoreForUser,
  listStoresForUser,
  toSummary,
  type StoreSummary,
  addManualStoreFor,
  type ManualResult,
  probeWithClient,
  type ProbeResult,
  setAdminOriginFor,
  decideLinkRequest,
  pendingLinkRequests,
  pendingLinkRequestsOf,
  pendingView,
  LINK_REQUEST_TTL_MS,
  removeInstallationFor,
  type DecideResult,
  type PendingLinkRequest,
  fetchSwaggerPage,
  readSchemaWithAdminLogin,
  type StorePage,
  checkResources,
  removalPreview,
  resourceChecks,
  setStoreLabel,
  type RemovalPreview,
  type ResourceCheckRow,
  getSession,
  type RequestContext,
} from "@magento-integration/handshake";
import type { InstallationWithStore } from "@magento-integration/storage";
import { liveSessionRead } from "@magento-integration/handshake/auth";
import type { KitCore } from "./core";

/** Signed clients kept per installation; a client is rebuilt whenever its credentials or state change. */
const CLIENT_CACHE_SIZE = 500;
/** Stores whose signature family this process keeps what it learnt of (the choice itself is stored per store). */
const FAMILIES_KEPT = 2_000;
/** The stores list asks an active store again when nothing was heard from it for this long. */
export const STORE_STATE_FRESH_MS = 60_000;
/** At most this many stores are asked per opening of the list (the rest on a later opening). */
const STALE_PROBES_PER_VIEW = 10;

/** Everything the diagnostics page shows (no secret leaves this function). */
export interface DiagnosticsView {
  id: string;
  consumerKey: string;
  state: InstallationWithStore["state"];
  failureReason: InstallationWithStore["failureReason"];
  mode: InstallationWithStore["mode"];
  adminOrigin: string | null;
  /** The store's name in the app. */
  label: string | null;
  activatedAt: Date | null;
  lastSuccessAt: Date | null;
  lastCheckedAt: Date | null;
  hasAccessToken: boolean;
  store: { baseUrl: string; name: string | null; signatureMethod: string; signatureMode: string };
  activations: Array<{
    id: string;
    seq: number;
    state: string;
    failureReason: string | null;
    callbackAt: Date;
    answeredMs: number | null;
    exchangeStartedAt: Date | null;
    requestTokenAt: Date | null;
    accessTokenAt: Date | null;
    claimedByUserId: string | null;
  }>;
  events: Array<{ id: number; at: Date; kind: string; message: string; count: number; storeMessage: string | null }>;
}

/** One of the user's stores as a page view sees it (stores.view). */
export interface StoreView {
  store: StoreSummary;
  client: (opts?: { storeCode?: string }) => MagentoClient;
  linkRequests: () => Promise<PendingLinkRequest[]>;
}

/** A store's page as the request sees it (stores.page): who is signed in, and their store. */
export interface StorePageRead {
  user: { id: string; email: string } | null;
  view: StoreView | null;
}

/** A user's stores, their signed clients, and a client without a user (stores.systemClient) for jobs and scripts. */
export function storeVerbs(core: KitCore) {
  const clients = new Map<string, { version: string; client: MagentoClient }>();
  const families = new Map<string, SignatureFamily>();
  /**
   * What this process knows of the store's signature family, one object for every client of the store (pages,
   * probes, jobs): one call finds the family while the others wait for it (packages/client/src/magento/signature-family.ts).
   */
  const familyOf = (inst: InstallationWithStore): SignatureFamily => {
    let family = families.get(inst.store.id);
    if (!family) {
      family = new SignatureFamily(inst.store.signature);
      families.set(inst.store.id, family);
      const oldest = families.keys().next();
      if (families.size > FAMILIES_KEPT && !oldest.done) families.delete(oldest.value);
    }
    return family;
  };
  const deps = (storeFetch: typeof fetch = core.fetch) => ({
    storage: core.storage,
    box: core.box,
    now: core.now,
    fetch: storeFetch,
  });

  /** The credentials, state and signature a client depends on: another value means another client. */
  const versionOf = (inst: InstallationWithStore, storeCode: string | undefined) =>
    [
      inst.credentialsSeq,
      inst.state,
      inst.accessTokenEnc,
      inst.store.signature.method,
      inst.store.signature.mode,
      storeCode ?? "",
    ].join("|");

  /**
   * A signed REST client for one of the user's installations (throws InstallationNotUsableError when the user is
   * not linked or the installation has no token): one database read, no DNS lookup (the guarded fetch checks the
   * address it connects to, so a rebinding DNS gains nothing), the client reused while nothing changed.
   * Revocation 401s mark the installation before rethrowing.
   */
  async function clientFor(
    installationId: string,
    userId: string,
    opts: { storeCode?: string } = {},
  ): Promise<MagentoClient> {
    const inst = await core.storage.installations.forUser(installationId, userId);
    if (!inst) throw new InstallationNotUsableError("missing", "No such store for this account.");
    return clientOf(inst, opts);
  }

  /** The (cached) signed client of an installation record the caller has already checked access to. */
  function clientOf(inst: InstallationWithStore, opts: { storeCode?: string } = {}): MagentoClient {
    const cacheKey = `${inst.id}|${opts.storeCode ?? ""}`;
    const version = versionOf(inst, opts.storeCode);
    const cached = clients.get(cacheKey);
    if (cached && cached.version === version) return cached.client;
    // a person waits on these calls (pages, their actions): bounded by the page limit, retries included
    const client = clientForInstallationRecord(deps(), inst, {
      ...opts,
      callBudgetMs: core.env.storePageTimeoutMs,
      family: familyOf(inst),
    });
    clients.delete(cacheKey);
    clients.set(cacheKey, { version, client });
    const oldest = clients.keys().next();
    if (clients.size > CLIENT_CACHE_SIZE && !oldest.done) clients.delete(oldest.value);
    return client;
  }

  /** A health probe of one of the user's stores (Diagnostics' button; the stores list for stale ones). */
  async function probe(installationId: string, userId: string): Promise<ProbeResult> {
    const inst = await core.storage.installations.forUser(installationId, userId);
    if (!inst) return { ok: false, status: 0, message: "No such store for this account.", hint: undefined };
    let client: MagentoClient;
    try {
      client = clientForInstallationRecord(deps(), inst, {
        callBudgetMs: core.env.storePageTimeoutMs,
        family: familyOf(inst),
      });
    } catch (e) {
      return { ok: false, status: 0, message: storeMessageOf(e), hint: undefined };
    }
    return probeWithClient(core.storage, installationId, client, core.now);
  }

  return {
    list: (userId: string): Promise<StoreSummary[]> => listStoresForUser(core.storage, userId),
    get: (installationId: string, userId: string): Promise<StoreSummary | null> =>
      getStoreForUser(core.storage, installationId, userId),

    /**
     * One of the user's stores for one page view: its summary and its signed client from a single read (the
     * ownership check is that read), and its pending link requests without checking the link again. Null when the
     * store is not the user's. `client()` throws InstallationNotUsableError when the installation has no working token.
     */
    async view(installationId: string, userId: string): Promise<StoreView | null> {
      const inst = await core.storage.installations.forUser(installationId, userId);
      if (!inst) return null;
      return {
        store: toSummary(inst),
        client: (opts) => clientOf(inst, opts),
        linkRequests: () => pendingLinkRequestsOf(core.storage, inst.id, core.now()),
      };
    },

    /**
     * What every page of one store needs, from one database query: the signed-in user of this request (null:
     * signed out) and, when the store is theirs, its view (null otherwise) with its pending link requests read
     * in the same query. The session is checked as `auth.currentUser` checks it.
     */
    async page(ctx: RequestContext, installationId: string): Promise<StorePageRead> {
      const session = await getSession(ctx.cookies, core.env);
      const now = core.now();
      const since = new Date(now.getTime() - LINK_REQUEST_TTL_MS);
      const row = await liveSessionRead(core.storage, session.sid, now, (id) =>
        core.storage.sessions.byIdWithStorePage(id, installationId, since),
      );
      if (!row) return { user: null, view: null };
      const user = { id: row.userId, email: row.email };
      const inst = row.installation;
      if (!inst) return { user, view: null };
      const requests = row.pendingRequests.map(pendingView);
      return {
        user,
        view: { store: toSummary(inst), client: (opts) => clientOf(inst, opts), linkRequests: async () => requests },
      };
    },

    clientFor,

    /**
     * A signed client for an installation with no user behind it: jobs (health probes, exports), scripts and
     * webhooks. Null when the installation is gone or has no usable token. `storeFetch`: a job's governed fetch.
     * Given the installation's record (just read), it is not read again.
     */
    async systemClient(
      installation: string | InstallationWithStore,
      storeFetch: typeof fetch = core.fetch,
    ): Promise<MagentoClient | null> {
      const inst =
        typeof installation === "string" ? await core.storage.installations.byId(installation) : installation;
      if (!inst || !inst.accessTokenEnc) return null;
      return clientForInstallationRecord(deps(storeFetch), inst, { family: familyOf(inst) });
    },

    addManual: (userId: string, input: unknown): Promise<ManualResult> =>
      addManualStoreFor(
        { ...deps(), allowPrivate: core.env.allowPrivateStoreUrls, ...(core.lookup ? { lookup: core.lookup } : {}) },
        userId,
        input,
      ),

    setAdminOrigin: (installationId: string, userId: string, origin: string) =>
      setAdminOriginFor(core.storage, installationId, userId, origin, core.now()),

    /**
     * The stores list just opened: every active store of the user not heard from within STORE_STATE_FRESH_MS is
     * asked once (a health probe, in parallel, at most STALE_PROBES_PER_VIEW, each bounded by the page limit), so a
     * deleted integration stops showing as connected. Returns how many stores now show another state.
     */
    async refreshStale(userId: string): Promise<{ probed: number; changed: number }> {
      const stores = await listStoresForUser(core.storage, userId);
      const now = core.now().getTime();
      const heardFrom = (s: StoreSummary) => Math.max(s.lastCheckedAt?.getTime() ?? 0, s.lastSuccessAt?.getTime() ?? 0);
      // those heard from longest ago first: with more stale stores than one opening asks, each opening takes the next
      const stale = stores
        .filter((s) => s.state === "active" && now - heardFrom(s) >= STORE_STATE_FRESH_MS)
        .sort((a, b) => heardFrom(a) - heardFrom(b))
        .slice(0, STALE_PROBES_PER_VIEW);
      await Promise.all(stale.map((s) => probe(s.installationId, userId)));
      const after = new Map((await listStoresForUser(core.storage, userId)).map((s) => [s.installationId, s.state]));
      return { probed: stale.length, changed: stale.filter((s) => after.get(s.installationId) !== s.state).length };
    },

    probe,

    async diagnostics(installationId: string, userId: string): Promise<DiagnosticsView | null> {
      const inst = await core.storage.installations.forUser(installationId, userId);
      if (!inst) return null;
      const [activations, events] = await Promise.all([
        core.storage.activations.recent(inst.id, 10),
        core.storage.events.recent(inst.id, 100),
      ]);
      return {
        id: inst.id,
        consumerKey: inst.consumerKey,
        state: inst.state,
        failureReason: inst.failureReason,
        mode: inst.mode,
        adminOrigin: inst.adminOrigin,
        label: inst.label,
        activatedAt: inst.activatedAt,
        lastSuccessAt: inst.lastSuccessAt,
        lastCheckedAt: inst.lastCheckedAt,
        hasAccessToken: inst.accessTokenEnc !== null,
        store: {
          baseUrl: inst.store.baseUrl,
          name: inst.store.name,
          signatureMethod: inst.store.signature.method,
          signatureMode: inst.store.signature.mode,
        },
        activations: activations.map((a) => ({
          id: a.id,
          seq: a.seq,
          state: a.state,
          failureReason: a.failureReason,
          callbackAt: a.callbackAt,
          answeredMs: a.answeredMs,
          exchangeStartedAt: a.exchangeStartedAt,
          requestTokenAt: a.requestTokenAt,
          accessTokenAt: a.accessTokenAt,
          claimedByUserId: a.claimedByUserId,
        })),
        events: events.map((e) => ({
          id: e.id,
          at: e.at,
          kind: e.kind,
          message: e.message,
          count: e.count,
          storeMessage: e.storeMessage,
        })),
      };
    },

    linkRequests: (installationId: string, userId: string): Promise<PendingLinkRequest[]> =>
      pendingLinkRequests(core.storage, installationId, userId, core.now()),

    answerLinkRequest: (
      installationId: string,
      userId: string,
      requestId: string,
      decision: "approve" | "deny",
    ): Promise<DecideResult> =>
      decideLinkRequest(core.storage, { installationId, requestId, deciderId: userId, decision }, core.now()),

    /**
     * A linked user removes the installation from the app (and so releases its consumer key's binding); its jobs
     * not yet started are deleted in the same transaction.
     */
    remove: (installationId: string, userId: string): Promise<boolean> =>
      removeInstallationFor(core.storage, installationId, userId),

    /** What "Remove store" would delete (for its confirmation page), or null for someone else's store. */
    removalPreview: (installationId: string, userId: string): Promise<RemovalPreview | null> =>
      removalPreview(core.storage, installationId, userId),

    /** The store's name in the app ("" clears it); false when the user is not linked to it. */
    setLabel: (installationId: string, userId: string, label: string): Promise<boolean> =>
      setStoreLabel(core.storage, installationId, userId, label),

    /** Asks the store, one signed read per resource, which ACL resources the integration has (packages/handshake/src/stores/resource-check.ts). */
    async checkResources(
      installationId: string,
      userId: string,
    ): Promise<{ ok: true; rows: ResourceCheckRow[] } | { ok: false; error: string }> {
      try {
        const client = await clientFor(installationId, userId);
        return { ok: true, rows: await checkResources(core.storage.resourceChecks, installationId, client, core.now) };
      } catch (e) {
        return { ok: false, error: storeMessageOf(e) };
      }
    },

    /** What the last resource check found. */
    resourceChecks: (installationId: string): Promise<ResourceCheckRow[]> =>
      resourceChecks(core.storage.resourceChecks, installationId),

    /** Explorer calls outside the signed client, through the guarded store fetch. */
    fetchSwagger: (baseUrl: string): Promise<StorePage> => fetchSwaggerPage({ fetch: core.fetch }, baseUrl),
    readSchemaAsAdmin: (baseUrl: string, username: string, password: string): Promise<unknown> =>
      readSchemaWithAdminLogin({ fetch: core.fetch }, baseUrl, username, password),
  };
}
