/**
 * Test harness for the handshake: a fresh migrated database (SQLite or PostgreSQL), a kit built with createKit,
 * the kit's callback verb on a tiny node:http server (what app/api/integration/callback calls), a job worker in
 * this process, and a dev store.
 */
import { createServer, type Server } from "node:http";
import { startDevStore, type DevStore, type DevStoreOptions } from "../../packages/devstore/src/server";
import { freshDatabase, type TestDatabase } from "./databases";
import {
  type DatabaseProvider,
  type PortablePrisma,
  createSecretBox,
  type SecretBox,
  type Storage,
  type InstallationWithStore,
} from "@magento-integration/storage";
import { parseEnv } from "@/lib/env";
import { createLogger } from "@/lib/log";
import { fetchAccessToken, fetchRequestToken } from "@magento-integration/client";
import { createKit, type Kit, type KitOptions } from "@/lib/kit";
import {
  type IntegrationDeps,
  type ExchangeOutcome,
  clientForInstallationRecord,
  CALLBACK_JOB,
  EXCHANGE_JOB,
  PROBE_JOB,
} from "@magento-integration/handshake";
import { ACCOUNT_MAIL_JOB, accountMailOptions } from "@/lib/jobs/kinds";
import { listenLocal, closeServer } from "./servers";

export interface DevIntegration {
  id: number;
  name: string;
  status: string;
  consumer_key: string;
  consumer_secret: string;
  access_token?: string;
  access_token_secret?: string;
}

export interface Harness {
  provider: DatabaseProvider;
  kit: Kit;
  storage: Storage;
  /** Raw Prisma access for arranging and inspecting rows in tests. */
  db: PortablePrisma;
  database: TestDatabase;
  deps: IntegrationDeps;
  box: SecretBox;
  store: DevStore;
  appUrl: string;
  callbackUrl: string;
  identityUrl: string;
  /** The app's clock (the kit's and its worker's): real time plus an offset tests move forward. */
  clock: { now(): Date; advance(ms: number): void };
  /** Raw callback bodies received, in order. */
  bodies: string[];
  /** While held, no job runs (callbacks are still answered and queued). */
  hold(): void;
  release(): void;
  /** Rewrites callback bodies before they are handled (forgery / wrong verifier tests). */
  mutate: ((form: URLSearchParams) => URLSearchParams) | null;
  /** When set, callbacks are answered 200 and dropped (the app never saw them). */
  drop: boolean;
  /** Waits until no handshake job is queued or running; the outcomes of exchanges finished since the last call. */
  settle(): Promise<ExchangeOutcome[]>;
  postCallback(body: string): Promise<{ status: number; text: string }>;
  admin<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  createIntegration(name: string, extra?: Record<string, unknown>): Promise<DevIntegration>;
  activate(id: number): Promise<{ identity_url?: string; callback?: { status?: number; error?: string } }>;
  reauthorize(id: number): Promise<{ identity_url?: string; callback?: { status?: number; error?: string } }>;
  installation(consumerKey: string): Promise<InstallationWithStore>;
  clientFor(consumerKey: string): Promise<ReturnType<typeof clientForInstallationRecord>>;
  restartStore(opts?: DevStoreOptions): Promise<void>;
  /** Stops everything; the worker waits up to `graceMs` (5 s) for its running jobs (0 when a test hung them for good). */
  close(graceMs?: number): Promise<void>;
}

export const TEST_BOX_KEYS = [{ id: "t1", key: Buffer.alloc(32, 9) }];

export interface HarnessOptions {
  provider?: DatabaseProvider;
  store?: DevStoreOptions;
  allowPrivate?: boolean;
  kit?: Partial<KitOptions>;
  /** Keep the recurring maintenance jobs running (default off: tests arrange time themselves). */
  recurring?: boolean;
  /** More environment settings (lib/env.ts), e.g. EXPORT_TOTAL_BUDGET_MIB. */
  env?: Record<string, string>;
  /** The database to use (default: a fresh one of `provider`); the harness disposes of it. */
  database?: TestDatabase;
}

export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const provider = opts.database?.provider ?? opts.provider ?? "sqlite";
  const database = opts.database ?? (await freshDatabase(provider));
  const box = createSecretBox(TEST_BOX_KEYS);
  const env = parseEnv({
    NODE_ENV: "test",
    DATABASE_URL: database.url,
    ALLOW_PRIVATE_STORE_URLS: String(opts.allowPrivate ?? true),
    ...opts.env,
  });
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset), advance: (ms: number) => void (offset += ms) };
  const kit = createKit({
    clock: clock.now,
    env,
    db: database.database,
    secretBox: box,
    log: createLogger({ level: "silent" }),
    fetch: globalThis.fetch,
    tokenTimeoutMs: 5_000,
    // no callback budget unless a test sets one (tests of other things post many callbacks per key)
    callbackLimiter: { take: async () => ({ ok: true }) },
    ...opts.kit,
  });
  await kit.jobs.queue.start();
  // warm the callback's path as a running app is (first queries, first parse): the store waits 5 s for the answer,
  // and on a loaded machine a cold first callback can miss that window. Both leave nothing behind.
  await kit.storage.installations.byConsumerKey("0".repeat(32));
  await kit.handshake.receiveCallback(new URLSearchParams());
  const workerSettings = {
    concurrency: 8,
    laneCap: 2,
    pollMs: 20,
    healthProbeEveryMs: 3_600_000,
    recurring: opts.recurring ?? false,
  };
  let held = false;
  kit.jobs.startWorker(workerSettings);
  const seenOutcomes = new Set<string>();

  const h = { bodies: [] as string[], mutate: null as Harness["mutate"], drop: false };
  const server: Server = createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/api/integration/callback") {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      h.bodies.push(body);
      if (h.drop) {
        res.writeHead(200).end("ok");
        return;
      }
      const form = h.mutate ? h.mutate(new URLSearchParams(body)) : new URLSearchParams(body);
      try {
        const r = await kit.handshake.receiveCallback(form);
        res
          .writeHead(r.status, {
            "Content-Type": "text/plain",
            ...(r.retryAfterSeconds ? { "Retry-After": String(r.retryAfterSeconds) } : {}),
          })
          .end(r.message);
      } catch (e) {
        if (process.env.HARNESS_DEBUG) console.error("callback failed:", e);
        res.writeHead(500).end(String(e));
      }
    });
  });
  const port = await listenLocal(server);
  const appUrl = `http://127.0.0.1:${port}`;
  let store = await startDevStore({ port: 0, ...opts.store });

  const admin = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${store.url}${path}`, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };

  const harness: Harness = {
    provider,
    kit,
    storage: kit.storage,
    db: database.database.prisma,
    database,
    deps: createKitIntegration(kit, box, env.allowPrivateStoreUrls, clock.now),
    clock,
    box,
    get store() {
      return store;
    },
    appUrl,
    callbackUrl: `${appUrl}/api/integration/callback`,
    identityUrl: `${appUrl}/integration/identity`,
    get bodies() {
      return h.bodies;
    },
    get mutate() {
      return h.mutate;
    },
    set mutate(f) {
      h.mutate = f;
    },
    get drop() {
      return h.drop;
    },
    set drop(v) {
      h.drop = v;
    },
    hold() {
      held = true;
      void kit.jobs.stopWorker(0);
    },
    release() {
      if (!held) return;
      held = false;
      kit.jobs.startWorker(workerSettings);
    },
    async settle() {
      const deadline = Date.now() + 45_000;
      for (;;) {
        const open = await kit.jobs.queue.list({
          kinds: [CALLBACK_JOB, EXCHANGE_JOB, PROBE_JOB],
          states: ["created", "retry", "active"],
          limit: 1,
        });
        if (open.length === 0 || held) break;
        if (Date.now() > deadline) throw new Error(`jobs did not settle: ${JSON.stringify(open)}`);
        await new Promise((r) => setTimeout(r, 15));
      }
      const done = await kit.jobs.queue.list({ kinds: [EXCHANGE_JOB], states: ["completed"], limit: 1000 });
      const fresh = done
        .filter((j) => !seenOutcomes.has(j.id))
        .sort((a, b) => (a.completedAt?.getTime() ?? 0) - (b.completedAt?.getTime() ?? 0));
      for (const j of fresh) seenOutcomes.add(j.id);
      return fresh.map((j) => j.output as ExchangeOutcome).filter((o) => o.kind !== "skipped");
    },
    async postCallback(body) {
      const res = await fetch(harness.callbackUrl, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
      });
      return { status: res.status, text: await res.text() };
    },
    admin,
    createIntegration: (name, extra = {}) =>
      admin<DevIntegration>("POST", "/admin/api/integrations", {
        name,
        endpoint: harness.callbackUrl,
        identityLinkUrl: harness.identityUrl,
        resources: "all",
        ...extra,
      }),
    activate: (id) => admin("POST", `/admin/api/integrations/${id}/activate`),
    reauthorize: (id) => admin("POST", `/admin/api/integrations/${id}/reauthorize`),
    async installation(consumerKey) {
      const inst = await kit.storage.installations.byConsumerKey(consumerKey);
      if (!inst) throw new Error(`no installation for ${consumerKey}`);
      return inst;
    },
    async clientFor(consumerKey) {
      return clientForInstallationRecord(
        { storage: kit.storage, box, now: () => new Date(), fetch: globalThis.fetch },
        await harness.installation(consumerKey),
      );
    },
    async restartStore(o) {
      await store.close();
      store = await startDevStore({ port: 0, ...opts.store, ...o });
    },
    async close(graceMs = 5_000) {
      await closeServer(server);
      await kit.close(graceMs);
      await store.close().catch(() => undefined);
      await database.dispose();
    },
  };
  return harness;
}

/** The kit's handshake dependencies, for tests that call packages/handshake/src/integration functions directly. */
function createKitIntegration(kit: Kit, box: SecretBox, allowPrivate: boolean, now: () => Date): IntegrationDeps {
  return {
    storage: kit.storage,
    box,
    log: createLogger({ level: "silent" }),
    now,
    allowPrivate,
    fetch: globalThis.fetch,
    timeoutMs: 5_000,
    handshake: { fetchRequestToken, fetchAccessToken },
    queueAccountMail: async (mail) => void (await kit.jobs.send(ACCOUNT_MAIL_JOB, mail, accountMailOptions(mail))),
    canSendMail: () => kit.mail.mailer().kind !== "unconfigured",
  };
}

export function randomToken(): string {
  const chars = "0123456789abcdefghijklmnopqrstuvwxyz";
  let s = "";
  for (let i = 0; i < 32; i++) s += chars[Math.floor(Math.random() * chars.length)];
  return s;
}
