/**
 * A fresh `npm run dev` (scripts/dev.mjs, an empty build directory so every route compiles on first use):
 * - the first Save & Activate, clicked the moment the banner says so, reaches the popup (Magento gives the callback
 *   POST 5 s; next dev compiling the route on that request took longer);
 * - forms submitted with errors never put a typed password in the dev server's output.
 */
import { test, expect } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../helpers/servers";
import { PASSWORD } from "./fixtures/merchant";

test.describe.configure({ mode: "serial", timeout: 420_000 });

const ROOT = join(__dirname, "..", "..");
const DIST = ".next-e2e-dev"; // the build directory tsconfig.json already lists for next dev (recreated empty here)
let dir: string;
let child: ChildProcess;
let output = "";
let appUrl: string;
let storeUrl: string;

test.beforeAll(async () => {
  test.setTimeout(400_000);
  rmSync(join(ROOT, DIST), { recursive: true, force: true });
  dir = mkdtempSync(join(tmpdir(), "dev-first-run-"));
  const [port, devstorePort] = [await freePort(), await freePort()];
  appUrl = `http://127.0.0.1:${port}`;
  storeUrl = `http://127.0.0.1:${devstorePort}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    DEVSTORE_PORT: String(devstorePort),
    DEVSTORE_STATE: join(dir, "devstore-state.json"),
    DATABASE_URL: `file:${join(dir, "dev.db")}`,
    NEXT_DIST_DIR: DIST,
    APP_URL: "",
  };
  delete env.NODE_ENV;
  for (const k of ["SMTP_URL", "SMTP_HOST", "SESSION_SECRET", "ENCRYPTION_KEY"]) delete env[k];
  child = spawn(process.execPath, ["scripts/dev.mjs"], {
    cwd: ROOT,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  // the moment the banner says "click Save & Activate", and not later
  const deadline = Date.now() + 380_000;
  while (!output.includes("click Save & Activate")) {
    if (child.exitCode !== null) throw new Error(`npm run dev exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`no banner:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
});

test.afterAll(async () => {
  if (child?.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    await new Promise((r) => setTimeout(r, 1500));
  }
  rmSync(dir, { recursive: true, force: true });
});

test("the first Save & Activate after the banner reaches the popup, and the banner is printed once", async ({
  page,
}) => {
  expect(output.split("click Save & Activate").length - 1, output).toBe(1);
  await page.goto(`${storeUrl}/admin/admin/integration/new/`);
  await page.getByLabel("Name").fill("First activate");
  await page.getByLabel("Callback URL").fill(`${appUrl}/api/integration/callback`);
  await page.getByLabel("Identity link URL").fill(`${appUrl}/integration/identity`);
  await page.getByRole("button", { name: "Save & Activate" }).click();
  await expect(page.getByText("The attempt to post data to consumer failed")).toHaveCount(0);
  await expect(page.locator("#permissions-modal")).toBeVisible({ timeout: 30_000 });
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Allow" }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/\/login\?next=%2Fintegration%2Fidentity/, { timeout: 120_000 });
  await expect(popup.getByRole("heading", { name: "Sign in" })).toBeVisible({ timeout: 60_000 });
});

test("sign-in and password change with errors: no typed password in npm run dev's output", async ({ page }) => {
  const typed = "s3cret typed in dev";
  await page.goto(`${appUrl}/login`, { timeout: 120_000 });
  await page.locator("form[data-hydrated=true]").waitFor({ timeout: 120_000 });
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByLabel("Password", { exact: true }).fill(typed);
  await page.locator("#main").getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").first()).toBeVisible({ timeout: 120_000 });

  // a password change with errors: an account first, then three password fields that do not agree
  await page.goto(`${appUrl}/signup`);
  await page.locator("form[data-hydrated=true]").waitFor({ timeout: 120_000 });
  await page.getByLabel("Email").fill("dev-logs@example.com");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.locator("#main").getByRole("button", { name: "Create account" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/signup"), { timeout: 120_000 });
  await page.goto(`${appUrl}/account`, { timeout: 120_000 });
  await page.locator("form[data-hydrated=true]").first().waitFor({ timeout: 120_000 });
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill(`${typed} current`);
  await form.getByLabel("New password", { exact: true }).fill(`${typed} new`);
  await form.getByLabel("New password again").fill(`${typed} again`);
  await form.getByRole("button").first().click();
  await expect(form.getByRole("alert").first().or(page.getByRole("alert").first())).toBeVisible({ timeout: 120_000 });
  await page.waitForTimeout(1000); // the dev server writes its request log after answering
  expect(output).not.toContain(typed);
  expect(output).not.toContain(PASSWORD);
});
