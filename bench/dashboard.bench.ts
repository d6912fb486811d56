/**
 * Server time of the dashboard's product grid against the dev store: `next start` (built app; NEXT_DIST_DIR is
 * honoured) with a fresh database, a user signed up and a store activated through the identity page in
 * Chromium, then repeated GETs of /stores/<id>/products with the session cookie. Prints median and p90 of
 * the full response time for a few URL states; no assertions.
 */
import { spawn, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { startDevStore } from "../devstore/src/server";

const ROOT = process.cwd();
const REPS = 40;

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

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function main() {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!existsSync(join(ROOT, distDir, "BUILD_ID"))) {
    console.log(`skipped: no production build in ${distDir} (run: npx next build)`);
    return;
  }
  const store = await startDevStore({ port: 0, host: "127.0.0.1" });
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  mkdirSync(join(ROOT, "data"), { recursive: true });
  const dbFile = join(ROOT, "data", `bench-dashboard-${process.pid}.db`);
  const env = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: `file:${dbFile}`,
    APP_URL: appUrl,
    SESSION_SECRET: randomBytes(32).toString("base64"),
    ENCRYPTION_KEY: `b:${randomBytes(32).toString("base64")}`,
    ALLOW_PRIVATE_STORE_URLS: "true",
    LOG_LEVEL: "warn",
  } as NodeJS.ProcessEnv;
  execFileSync(process.execPath, [join(ROOT, "scripts", "setup.mjs")], { env: { ...env, NODE_ENV: "development" }, stdio: ["ignore", "ignore", "inherit"] });
  const next = spawn(join(ROOT, "node_modules", ".bin", "next"), ["start", "-H", "127.0.0.1", "-p", String(port)], { env, stdio: ["ignore", "ignore", "inherit"] });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  try {
    for (let i = 0; i < 200; i++) {
      try {
        if ((await fetch(`${appUrl}/login`)).status < 500) break;
      } catch {
        /* starting */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${appUrl}/signup`);
    await page.getByLabel("Email").fill(`bench-${randomBytes(3).toString("hex")}@example.com`);
    await page.getByLabel("Password").fill(`pw-${randomBytes(8).toString("hex")}`);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/signup"));
    const post = async (path: string, body: unknown = {}) =>
      (await (await fetch(`${store.url}/admin/api${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json()) as Record<string, unknown>;
    const integration = await post("/integrations", { name: "bench", endpoint: `${appUrl}/api/integration/callback`, identityLinkUrl: `${appUrl}/integration/identity`, resources: "all" });
    const act = await post(`/integrations/${integration.id}/activate`);
    await page.goto(String(act.identity_url));
    await page.getByRole("button", { name: "Link this store" }).click(); // signed in already: confirm the link
    await page.waitForURL((u) => u.href.startsWith(store.url), { timeout: 30_000 });
    await page.goto(`${appUrl}/stores`);
    const id = await page.locator("tr[data-installation]").first().getAttribute("data-installation");
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");

    const cases: Array<[string, string]> = [
      ["default (20 rows, sku asc)", ""],
      ["search + price range, sort price desc", "?q=bag&price_from=50&price_to=250&sort=price&dir=desc"],
      ["100 rows per page, page 7", "?page=7&size=100"],
      ["category + status", "?category=4&status=1"],
    ];
    console.log(`GET /stores/<id>/products, ${REPS} requests each after 5 warm-ups (full response, loopback):`);
    for (const [label, qs] of cases) {
      const url = `${appUrl}/stores/${id}/products${qs}`;
      const times: number[] = [];
      for (let i = 0; i < REPS + 5; i++) {
        const started = performance.now();
        const res = await fetch(url, { headers: { cookie } });
        const html = await res.text();
        if (res.status !== 200 || !html.includes('id="products"')) throw new Error(`${url}: ${res.status}`);
        if (i >= 5) times.push(performance.now() - started);
      }
      console.log(`  ${label.padEnd(40)} median ${pct(times, 0.5).toFixed(1)} ms  p90 ${pct(times, 0.9).toFixed(1)} ms  min ${Math.min(...times).toFixed(1)} ms`);
    }
    // the store call alone, for comparison: what the page waits for
    const t0 = performance.now();
    await page.goto(`${appUrl}/stores/${id}/products`);
    console.log(`  (one browser navigation incl. rendering: ${(performance.now() - t0).toFixed(0)} ms)`);
    await context.close();
  } finally {
    await browser.close();
    next.kill("SIGTERM");
    await store.close();
    for (const f of [dbFile, `${dbFile}-journal`]) rmSync(f, { force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
