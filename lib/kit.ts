/**
 * Composition root: `createKit({ env, db, secretBox, log, fetch, clock })` builds the configured pieces once and
 * returns the kit's verbs in namespaces: handshake, identity, auth, stores, jobs, exports, bulk, portal, events, sync,
 * mail; `forUser(id)` and `forRequest(ctx)` give them bound to one caller (lib/verbs/door.ts), under the same names. No framework
 * here: verbs that serve an HTTP request take a RequestContext (its cookie jar, the client address a trusted proxy
 * reported); the Next adapter (app/_kit) supplies it. Tests, scripts and the worker build their kit with this.
 */
import type { Logger } from "pino";
import type { Env } from "@/lib/env";
import { type Database, type SecretBox, createPrismaStorage, type Storage } from "@magento-integration/storage";
import { fetchAccessToken, fetchRequestToken } from "@magento-integration/client";
import {
  type IntegrationDeps,
  MemoryCallbackLimiter,
  SharedCallbackLimiter,
  type CallbackLimiter,
  HANDSHAKE_PRUNING,
  handshakeJobModule,
  type HandshakeJobServices,
  probeJobModule,
  CallbackAdmission,
  DEFAULT_ADMISSION,
  type CallbackAdmissionLimits,
  type RequestContext,
} from "@magento-integration/handshake";
import type { Lookup } from "@magento-integration/client/net";
import {
  type JobQueue,
  createJobRegistry,
  type JobModule,
  openJobQueue,
  groupedSender,
} from "@magento-integration/storage/jobs";
import {
  ACCOUNT_MAIL_JOB,
  accountMailJobModule,
  accountMailOptions,
  bulkJobModule,
  exportJobModule,
  maintenanceJobModule,
  storeEventJobModule,
  syncJobModule,
  type JobServices,
} from "@/lib/jobs/kinds";
import type { KitCore } from "@/lib/verbs/core";
import { handshakeVerbs } from "@/lib/verbs/handshake";
import { authVerbs } from "@/lib/verbs/auth";
import { identityVerbs } from "@/lib/verbs/identity";
import { storeVerbs } from "@/lib/verbs/stores";
import { jobVerbs } from "@/lib/verbs/jobs";
import { exportVerbs } from "@/lib/verbs/exports";
import { bulkVerbs } from "@/lib/verbs/bulk";
import { portalVerbs } from "@/lib/verbs/portal";
import { eventVerbs } from "@/lib/verbs/events";
import {
  type EventHandlers,
  type IoKeyLoader,
  memoryDeliveryLimiter,
  sharedDeliveryLimiter,
  type DeliveryLimiter,
} from "@magento-integration/sync/events";
import { syncVerbs } from "@/lib/verbs/sync";
import { SYNC_ENTITIES, type SyncEntity, type SyncHandler } from "@magento-integration/sync";
import { syncHandlers } from "@/lib/sync/handlers";
import { parseMailConfig, type MailConfig, createMailer, type Mailer } from "@magento-integration/handshake/mail";
import { mailVerbs } from "@/lib/verbs/mail";
import {
  requestDoor,
  signedInDoor,
  userDoor,
  type RequestDoor,
  type SignedInDoor,
  type UserDoor,
} from "@/lib/verbs/door";
import { currentTraceparent } from "@magento-integration/storage/ops";

/** A job's data with the sender's trace context, when tracing is on (the worker continues the trace). */
function withTrace(data: unknown): unknown {
  const traceparent = currentTraceparent();
  return traceparent && data && typeof data === "object" && !Array.isArray(data) ? { ...data, traceparent } : data;
}

/**
 * What every registered job kind is given: the services of the kit's kinds (lib/jobs/kinds/services.ts) and the
 * handshake's (packages/handshake/src/integration/jobs.ts), both built on the core every kind gets (packages/storage/src/jobs/services.ts).
 */
export type KitJobServices = JobServices & HandshakeJobServices;

/** The job kinds the kit's workers run: one module per line (lib/jobs/kinds/*), registered by createKit. */
export const KIT_JOB_MODULES: ReadonlyArray<JobModule<KitJobServices>> = [
  handshakeJobModule,
  probeJobModule,
  maintenanceJobModule(HANDSHAKE_PRUNING),
  exportJobModule,
  bulkJobModule,
  syncJobModule,
  accountMailJobModule,
  storeEventJobModule,
];

export type { RequestContext, CookieJar } from "@magento-integration/handshake";
export type { RequestDoor, SignedInDoor, UserDoor } from "@/lib/verbs/door";
export type { CurrentUser } from "@/lib/verbs/auth";
export type { StoreSummary } from "@magento-integration/handshake";
export { safeNextPath } from "@/lib/verbs/auth";
export { InstallationNotUsableError } from "@magento-integration/handshake";

export interface KitOptions {
  env: Env;
  db: Database;
  secretBox: SecretBox;
  log: Logger;
  /** The guarded store fetch (packages/client/src/net/store-fetch.ts): every call to a store or portal goes through it. */
  fetch: typeof fetch;
  /** Default: the system clock. */
  clock?: () => Date;
  /** Default: the Prisma storage over `db`. Another backend of the storage interfaces (README, "A new database backend"). */
  storage?: Storage;
  /** Default: the kit's job tables on the database `db` opens (packages/storage/src/jobs/open-queue.ts). */
  jobs?: JobQueue;
  /** Called after every job sent (a worker of this process that another kit instance runs). */
  wake?: () => void;
  /** Called when a request that must answer fast arrives (that worker's `giveWay`). */
  giveWay?: (ms: number) => void;
  /** Tests: the handshake's token calls, the DNS lookup of store hosts, the callback limiter. */
  handshake?: IntegrationDeps["handshake"];
  lookup?: Lookup;
  callbackLimiter?: CallbackLimiter;
  /** What the callback admits at once and of never-proven keys (packages/handshake/src/integration/callback-admission.ts). */
  callbackAdmission?: Partial<CallbackAdmissionLimits>;
  /** Per token-endpoint call. Default 20 s. */
  tokenTimeoutMs?: number;
  /** How often every active installation is probed. Default 15 min. */
  healthProbeEveryMs?: number;
  /** Caps the lease of every job sent (JOB_LEASE_SECONDS). */
  maxLeaseSeconds?: number;
  /**
   * Where the app's mail goes (packages/handshake/src/mail/mail-config.ts), read on first use (a bad SMTP setting fails the pages
   * that send mail, not the whole app). Default: the dev outbox, or unconfigured in production.
   */
  mail?: MailConfig | (() => MailConfig);
  /** Crash tests of tracked bulk submissions: called right after the store accepted a chunk, before it is recorded. */
  bulkFaults?: KitJobServices["bulkFaults"];
  /**
   * Store-event handlers (packages/sync/src/events/handlers.ts): the sync path for synced records, the raw-event handler, and
   * Commerce decision hooks. `kit.events.setHandlers` replaces them later (the sync engine wires itself in).
   */
  events?: EventHandlers;
  /** Tests: the per-installation delivery budget, the I/O key loader, the time a body may take to arrive. */
  deliveryLimiter?: DeliveryLimiter;
  ioKeyLoader?: IoKeyLoader;
  eventBodyWithinMs?: number;
  /** Delta sync: the handlers changes are delivered to (default lib/sync/handlers.ts) and the entities (packages/sync/src/sync/registry.ts). */
  syncHandlers?: readonly SyncHandler[];
  syncEntities?: readonly SyncEntity[];
}

export function createKit(o: KitOptions) {
  const storage = o.storage ?? createPrismaStorage(o.db);
  const queue = o.jobs ?? openJobQueue(o.db);
  const now = o.clock ?? (() => new Date());
  const handshake = o.handshake ?? { fetchRequestToken, fetchAccessToken };
  const capLease = <T extends { leaseSeconds?: number }>(options: T): T =>
    options.leaseSeconds !== undefined && o.maxLeaseSeconds !== undefined
      ? { ...options, leaseSeconds: Math.min(options.leaseSeconds, o.maxLeaseSeconds) }
      : options;
  /** A job was sent: this process's worker (and the caller's, `o.wake`) asks for work now. */
  const wakeWorkers = (): void => {
    core.worker?.wake();
    o.wake?.();
  };
  const grouped = groupedSender(queue, now);
  let mailer: Mailer | undefined;
  const mailConfig = (): MailConfig =>
    typeof o.mail === "function"
      ? o.mail()
      : (o.mail ?? parseMailConfig({}, o.env.appUrl, o.env.nodeEnv === "production"));
  const core: KitCore = {
    env: o.env,
    storage,
    box: o.secretBox,
    log: o.log,
    now,
    fetch: o.fetch,
    lookup: o.lookup,
    queue,
    worker: null,
    handshake,
    mailer: () => (mailer ??= createMailer(mailConfig(), storage.outbox)),
    integration: (storeFetch = o.fetch) => ({
      storage,
      box: o.secretBox,
      log: o.log,
      now,
      allowPrivate: o.env.allowPrivateStoreUrls,
      ...(o.lookup ? { lookup: o.lookup } : {}),
      fetch: storeFetch,
      timeoutMs: o.tokenTimeoutMs ?? 20_000,
      handshake,
      queueAccountMail: async (mail) => void (await core.send(ACCOUNT_MAIL_JOB, mail, accountMailOptions(mail))),
      canSendMail: () => core.mailer().kind !== "unconfigured",
    }),
    async send(kind, data, options) {
      const id = await queue.send(kind, withTrace(data), capLease(options), now());
      wakeWorkers();
      return id;
    },
    giveWay(ms) {
      core.worker?.giveWay(ms);
      o.giveWay?.(ms);
    },
    async sendMany(jobs) {
      const ids = await queue.sendMany(
        jobs.map((j) => ({ kind: j.kind, data: withTrace(j.data), options: capLease(j.options) })),
        now(),
      );
      wakeWorkers();
      return ids;
    },
    async sendGrouped(kind, data, options) {
      const id = await grouped(kind, withTrace(data), capLease(options));
      wakeWorkers();
      return id;
    },
  };
  // One instance (SQLite) counts callbacks in memory; several instances (PostgreSQL) share the database's count.
  const limiter =
    o.callbackLimiter ??
    (o.db.provider === "postgresql" ? new SharedCallbackLimiter(storage.rateWindows) : new MemoryCallbackLimiter());

  const auth = authVerbs(core);
  const stores = storeVerbs(core);
  let eventHandlers: EventHandlers = o.events ?? {};
  // Events about synced records refresh them through the sync path unless the forker's handlers say otherwise.
  const currentEventHandlers = (): EventHandlers => ({
    refreshRecord: async (ref) => {
      await sync.refreshRecord(ref);
    },
    ...eventHandlers,
  });
  const deliveryLimiter =
    o.deliveryLimiter ??
    (o.db.provider === "postgresql" ? sharedDeliveryLimiter(storage.rateWindows) : memoryDeliveryLimiter());
  const events = eventVerbs(core, {
    handlers: currentEventHandlers,
    limiter: deliveryLimiter,
    ...(o.ioKeyLoader ? { ioKeyLoader: o.ioKeyLoader } : {}),
    ...(o.eventBodyWithinMs ? { bodyWithinMs: o.eventBodyWithinMs } : {}),
  });
  const sync = syncVerbs(core, {
    entities: o.syncEntities ?? SYNC_ENTITIES,
    handlers: o.syncHandlers ?? syncHandlers,
    systemClient: stores.systemClient,
  });
  const services = (): KitJobServices => ({
    box: o.secretBox,
    eventHandlers: currentEventHandlers,
    storage,
    log: o.log,
    now,
    integration: core.integration,
    send: core.send,
    sendMany: core.sendMany,
    queuedKeys: (keys) => queue.queuedKeys(keys),
    systemClient: stores.systemClient,
    healthProbeEveryMs: o.healthProbeEveryMs ?? 15 * 60_000,
    ...(o.bulkFaults ? { bulkFaults: o.bulkFaults } : {}),
    sync: { entities: sync.entities, handlers: o.syncHandlers ?? syncHandlers, fetch: o.fetch },
    mailer: core.mailer,
    appUrl: o.env.appUrl,
    exportBudgets: o.env.exportBudgets,
  });

  const verbs = {
    handshake: handshakeVerbs(core, limiter, new CallbackAdmission({ ...DEFAULT_ADMISSION, ...o.callbackAdmission })),
    auth,
    identity: identityVerbs(core, async (ctx) => (await auth.currentUser(ctx))?.id ?? null),
    stores,
    jobs: jobVerbs(core, services, createJobRegistry(KIT_JOB_MODULES)),
    exports: exportVerbs(core),
    bulk: bulkVerbs(core),
    portal: portalVerbs(core),
    events: {
      ...events,
      /** Replaces the store-event handlers (packages/sync/src/events/handlers.ts), e.g. to wire the sync path. */
      setHandlers(h: EventHandlers): void {
        eventHandlers = h;
      },
    },
    sync,
    mail: mailVerbs(core),
  };

  function forRequest(ctx: RequestContext): RequestDoor;
  function forRequest(ctx: RequestContext, userId: string): SignedInDoor;
  function forRequest(ctx: RequestContext, userId?: string): RequestDoor | SignedInDoor {
    return userId === undefined ? requestDoor(verbs, ctx) : signedInDoor(verbs, ctx, userId);
  }

  return {
    env: o.env,
    storage,
    ...verbs,
    /** The verbs of one user (lib/verbs/door.ts): the user's id is filled in, e.g. `forUser(id).stores.remove(storeId)`. */
    forUser: (userId: string): UserDoor => userDoor(verbs, userId),
    /**
     * The verbs of one request (lib/verbs/door.ts): its cookies and client address filled in; given the signed-in
     * user's id, that user's verbs too (`forRequest(ctx, user.id).stores.get(storeId)`).
     */
    forRequest,
    /** Stops this process's worker (waiting for its jobs), the job queue and the database. */
    async close(graceMs?: number): Promise<void> {
      const w = core.worker;
      core.worker = null;
      await w?.stop(graceMs);
      await queue.stop();
      await o.db.close();
    },
  };
}

export type Kit = ReturnType<typeof createKit>;
