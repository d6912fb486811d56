/**
 * Fixtures for the dashboard specs: a dev store and `next start` on free 127.0.0.1 ports with a fresh SQLite
 * database, a signed-up user, and a store activated the real way (dev store admin JSON API → callback → the
 * identity page in the browser). The app must be built first (`next build`; NEXT_DIST_DIR is honoured).
 */
import { test as base, expect, type Browser, type Page } from "@playwright/test";
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { startDevStore, type DevStore } from "../../devstore/src/server";

export interface DashEnv {
  appUrl: string;
  store: DevStore;
  email: string;
  password: string;
  storageStatePath: string;
  /** The installation activated for the shared user. */
  installationId: string;
  integrationId: number | string;
  /** Creates, activates and links another integration; returns its ids. */
  activateAnother(name: string, resources?: "all" | string[]): Promise<{ installationId: string; integrationId: number | string }>;
  /** A dev-store admin bearer token, for checking the store's own data. */
  adminToken(): Promise<string>;
}

const ROOT = join(__dirname, "..", "..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url: string, child: ChildProcess, log: () => string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(url, { redirect: "manual" });
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`next start did not answer at ${url}:\n${log()}`);
}

async function adminApi<T>(store: DevStore, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${store.url}/admin/api${path}`, {
    method: body === undefined && !path.endsWith("/activate") && !path.endsWith("/revoke") ? "GET" : "POST",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`dev store admin ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Admin API create + activate, then the identity page in the browser links it to the signed-in user. */
async function activate(page: Page, store: DevStore, appUrl: string, name: string, resources: "all" | string[] = "all") {
  const integration = await adminApi<{ id: number | string }>(store, "/integrations", {
    name,
    email: "e2e@example.com",
    endpoint: `${appUrl}/api/integration/callback`,
    identityLinkUrl: `${appUrl}/integration/identity`,
    resources,
  });
  const act = await adminApi<{ identity_url?: string; callback?: { status?: number; error?: string } }>(store, `/integrations/${integration.id}/activate`, {});
  if (!act.identity_url) throw new Error(`activation gave no identity_url: ${JSON.stringify(act)}`);
  await page.goto(act.identity_url);
  // already signed in: the popup asks before linking (a GET alone never links), then waits for the exchange,
  // links the installation and returns to success_call_back
  await page.getByRole("button", { name: "Link this store" }).click();
  await page.waitForURL((u) => u.href.startsWith(store.url), { timeout: 30_000 });
  const detail = await adminApi<{ status: string }>(store, `/integrations/${integration.id}`);
  expect(detail.status).toBe("Active");
  await page.goto(`${appUrl}/stores`);
  const rows = page.locator("[data-installation]");
  const ids = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-installation") ?? ""));
  return { ids, integrationId: integration.id };
}

export const test = base.extend<{ dash: DashEnv }, { dashWorker: DashEnv }>({
  dashWorker: [
    async ({ browser }: { browser: Browser }, use: (env: DashEnv) => Promise<void>) => {
      const store = await startDevStore({ port: 0, host: "127.0.0.1" });
      const port = await freePort();
      const appUrl = `http://127.0.0.1:${port}`;
      const dbDir = join(ROOT, "data");
      mkdirSync(dbDir, { recursive: true });
      const dbFile = join(dbDir, `e2e-dashboard-${process.pid}-${Date.now()}.db`);
      const env = {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        DATABASE_URL: `file:${dbFile}`,
        APP_URL: appUrl,
        PORT: String(port),
        SESSION_SECRET: randomBytes(32).toString("base64"),
        ENCRYPTION_KEY: `e2e:${randomBytes(32).toString("base64")}`,
        ALLOW_PRIVATE_STORE_URLS: "true",
        DEVSTORE_URL: store.url,
        LOG_LEVEL: "warn",
      } as NodeJS.ProcessEnv;
      execFileSync(process.execPath, [join(ROOT, "scripts", "setup.mjs")], { cwd: ROOT, env: { ...env, NODE_ENV: "development" }, stdio: ["ignore", "ignore", "inherit"] });
      let output = "";
      const child = spawn(join(ROOT, "node_modules", ".bin", "next"), ["start", "-H", "127.0.0.1", "-p", String(port)], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
      child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
      try {
        await waitForHttp(`${appUrl}/login`, child, () => output);

        const email = `dash-${randomBytes(4).toString("hex")}@example.com`;
        const password = `pw-${randomBytes(8).toString("hex")}`;
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(`${appUrl}/signup`);
        await page.getByLabel("Email").fill(email);
        await page.getByLabel("Password").fill(password);
        await page.getByRole("button", { name: "Create account" }).click();
        await page.waitForURL((u) => !u.pathname.startsWith("/signup"));

        const first = await activate(page, store, appUrl, "Dashboard e2e");
        expect(first.ids).toHaveLength(1);
        const storageStatePath = join(ROOT, "test-results", `dash-state-${process.pid}.json`);
        mkdirSync(join(ROOT, "test-results"), { recursive: true });
        await context.storageState({ path: storageStatePath });

        const dashEnv: DashEnv = {
          appUrl,
          store,
          email,
          password,
          storageStatePath,
          installationId: first.ids[0]!,
          integrationId: first.integrationId,
          async activateAnother(name, resources = "all") {
            const known = new Set(await page.goto(`${appUrl}/stores`).then(() => page.locator("[data-installation]").evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-installation") ?? ""))));
            const before = new Set((await activate(page, store, appUrl, name, resources)).ids);
            // the newest installation is the one not seen before this activation
            const fresh = [...before].filter((id) => !known.has(id));
            const last = (await adminApi<Array<{ id: number | string; name: string }>>(store, "/integrations")).find((i) => i.name === name);
            if (fresh.length === 0 || !last) throw new Error("the new installation did not appear");
            return { installationId: fresh[fresh.length - 1]!, integrationId: last.id };
          },
          async adminToken() {
            const res = await fetch(`${store.url}/rest/V1/integration/admin/token`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ username: "admin", password: "admin123" }),
            });
            expect(res.status).toBe(200);
            return (await res.json()) as string;
          },
        };
        await use(dashEnv);
        await context.close();
        rmSync(storageStatePath, { force: true });
      } finally {
        child.kill("SIGTERM");
        await store.close();
        for (const f of [dbFile, `${dbFile}-journal`, `${dbFile}-wal`, `${dbFile}-shm`]) rmSync(f, { force: true });
      }
    },
    { scope: "worker", timeout: 120_000 },
  ],
  dash: async ({ dashWorker }, use) => {
    await use(dashWorker);
  },
  storageState: async ({ dashWorker }, use) => {
    await use(dashWorker.storageStatePath);
  },
});

export { expect };

/** Full-page screenshot under tests/e2e/screenshots/. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ROOT, "tests", "e2e", "screenshots", `dashboard-${name}.png`), fullPage: true });
}

/** GET on the dev store's REST API with an admin bearer token (the ground truth the UI is checked against). */
export async function storeGet<T>(env: DashEnv, path: string, params: Record<string, string>): Promise<T> {
  const token = await env.adminToken();
  const qs = new URLSearchParams(params).toString().replace(/\+/g, "%20");
  const res = await fetch(`${env.store.url}/rest/V1${path}${qs ? `?${qs}` : ""}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`store GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
