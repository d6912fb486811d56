/**
 * Test harness for the handshake: a fresh migrated SQLite database, the app's callback handler on a tiny
 * node:http server (calling the same lib verb as app/api/integration/callback), and a dev store.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDevStore, type DevStore, type DevStoreOptions } from "../../devstore/src/server";
import { createPrismaClient, type Db } from "@/lib/db";
import { createSecretBox } from "@/lib/secret-box";
import { createLogger } from "@/lib/log";
import { KeyedLock } from "@/lib/integration/key-lock";
import type { IntegrationDeps } from "@/lib/integration/deps";
import { handleCallbackWith } from "@/lib/integration/handle-callback";
import { runExchange, type ExchangeOutcome } from "@/lib/integration/exchange";
import { clientForInstallationRecord } from "@/lib/integration/installation-client";
import { fetchAccessToken, fetchRequestToken } from "@/lib/magento";

const ROOT = join(__dirname, "..", "..");

let template: string | undefined;

/** A fresh database file with the committed migrations applied (migrated once per worker, then copied). */
export function freshDatabase(): { url: string; dispose(): void } {
  if (!template) {
    const tdir = mkdtempSync(join(tmpdir(), "kit-handshake-template-"));
    template = join(tdir, "template.db");
    execFileSync(join(ROOT, "node_modules", ".bin", "prisma"), ["migrate", "deploy"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: `file:${template}` },
      stdio: ["ignore", "ignore", "pipe"],
    });
  }
  const dir = mkdtempSync(join(tmpdir(), "kit-handshake-"));
  copyFileSync(template, join(dir, "test.db"));
  return { url: `file:${join(dir, "test.db")}`, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

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
  db: Db;
  deps: IntegrationDeps;
  store: DevStore;
  appUrl: string;
  callbackUrl: string;
  identityUrl: string;
  /** Raw callback bodies received, in order. */
  bodies: string[];
  /** While held, exchanges wait (the callback is still answered at once). */
  hold(): void;
  release(): void;
  /** Rewrites callback bodies before they are handled (forgery / wrong verifier tests). */
  mutate: ((form: URLSearchParams) => URLSearchParams) | null;
  /** When set, callbacks are answered 200 and dropped (the app never saw them). */
  drop: boolean;
  settle(): Promise<ExchangeOutcome[]>;
  postCallback(body: string): Promise<{ status: number; text: string }>;
  admin<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  createIntegration(name: string, extra?: Record<string, unknown>): Promise<DevIntegration>;
  activate(id: number): Promise<{ identity_url?: string; callback?: { status?: number; error?: string } }>;
  reauthorize(id: number): Promise<{ identity_url?: string; callback?: { status?: number; error?: string } }>;
  installation(consumerKey: string): Promise<NonNullable<Awaited<ReturnType<Db["installation"]["findUnique"]>>> & { store: { baseUrl: string; signatureMethod: string; signatureMode: string; id: string } }>;
  clientFor(consumerKey: string): Promise<ReturnType<typeof clientForInstallationRecord>>;
  restartStore(opts?: DevStoreOptions): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(opts: { store?: DevStoreOptions; allowPrivate?: boolean } = {}): Promise<Harness> {
  const database = freshDatabase();
  const db = createPrismaClient(database.url);
  const box = createSecretBox([{ id: "t1", key: Buffer.alloc(32, 9) }]);
  const deps: IntegrationDeps = {
    db,
    box,
    log: createLogger({ level: "silent" }),
    now: () => new Date(),
    allowPrivate: opts.allowPrivate ?? true,
    locks: new KeyedLock(),
    timeoutMs: 5_000,
    fetch: globalThis.fetch,
    handshake: { fetchRequestToken, fetchAccessToken },
  };
  const pending = new Set<Promise<ExchangeOutcome>>();
  const outcomes: ExchangeOutcome[] = [];
  let gate: Promise<void> | null = null;
  let open: (() => void) | null = null;

  const h = {
    bodies: [] as string[],
    mutate: null as Harness["mutate"],
    drop: false,
  };

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
        const r = await handleCallbackWith(deps, form);
        res.writeHead(r.status, { "Content-Type": "text/plain" }).end(r.message);
        if (r.status === 200 && r.exchange) {
          const waitFor = gate;
          const p = (async () => {
            if (waitFor) await waitFor;
            const o = await runExchange(deps, r.activationId);
            outcomes.push(o);
            return o;
          })();
          pending.add(p);
          void p.finally(() => pending.delete(p));
        }
      } catch (e) {
        res.writeHead(500).end(String(e));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let store = await startDevStore({ port: 0, ...opts.store });

  const admin = async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
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
    db,
    deps,
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
      gate = new Promise<void>((r) => (open = r));
    },
    release() {
      open?.();
      gate = null;
      open = null;
    },
    async settle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
      return outcomes.splice(0);
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
      const inst = await db.installation.findUnique({ where: { consumerKey }, include: { store: true } });
      if (!inst) throw new Error(`no installation for ${consumerKey}`);
      return inst;
    },
    async clientFor(consumerKey) {
      const inst = await harness.installation(consumerKey);
      return clientForInstallationRecord({ db, box, now: () => new Date(), fetch: globalThis.fetch }, inst);
    },
    async restartStore(o) {
      await store.close();
      store = await startDevStore({ port: 0, ...opts.store, ...o });
    },
    async close() {
      harness.release();
      await harness.settle();
      await new Promise<void>((r) => server.close(() => r()));
      await store.close().catch(() => undefined);
      await db.$disconnect();
      database.dispose();
    },
  };
  return harness;
}

export function randomToken(): string {
  const chars = "0123456789abcdefghijklmnopqrstuvwxyz";
  let s = "";
  for (let i = 0; i < 32; i++) s += chars[Math.floor(Math.random() * chars.length)];
  return s;
}
