/**
 * A store that stops answering (its process paused with SIGSTOP: connections open, nothing comes back) never
 * freezes a page: the frame (breadcrumbs with the store's name, the section tabs) shows while the records load,
 * the page gives up after STORE_PAGE_TIMEOUT_SECONDS and says "The store is not answering" with Try again and
 * Diagnostics, and Try again shows the records once the store is back.
 */
import { test, expect } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { startKit, type KitServer } from "./fixtures/kit-servers";
import { SCREENSHOTS } from "./fixtures/handshake";
import { createAccountInPopup, installationIds, saveAndActivate } from "./fixtures/merchant";
import { freePort } from "../helpers/servers";
import type { DevStore } from "../../devstore/src/server";

test.describe.configure({ timeout: 240_000 });

const ROOT = join(__dirname, "..", "..");
let kit: KitServer;
let storeProcess: ChildProcess;
let storeUrl: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  kit = await startKit({ STORE_PAGE_TIMEOUT_SECONDS: "4" });
  const port = await freePort();
  storeUrl = `http://127.0.0.1:${port}`;
  // its own single process (node with tsx's loader, not the tsx wrapper that runs a child), so it can be paused
  storeProcess = spawn(
    process.execPath,
    ["--import", "tsx", "devstore/src/main.ts", "--port", String(port), "--host", "127.0.0.1"],
    { cwd: ROOT, stdio: "ignore" },
  );
  for (let i = 0; ; i++) {
    if (
      await fetch(`${storeUrl}/admin`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error("the dev store did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
});
test.afterAll(async () => {
  storeProcess?.kill("SIGCONT");
  storeProcess?.kill("SIGTERM");
  await kit?.stop();
});

test("a paused store: the page keeps its frame, gives up, says so, and Try again recovers", async ({ page }) => {
  const popup = await saveAndActivate(page, { url: storeUrl } as DevStore, kit, "Sleepy store");
  await createAccountInPopup(popup, "sleepy@example.com");
  await expect(page.locator("tr", { hasText: "Sleepy store" })).toContainText("Active", { timeout: 30_000 });
  const [id] = await installationIds(page, kit.url);
  await page.goto(`${kit.url}/stores/${id}/products`);
  await expect(page.getByRole("table", { name: /Products/ })).toBeVisible(); // the store answers while it runs

  storeProcess.kill("SIGSTOP");
  try {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await page.goto(`${kit.url}/stores/${id}/products`, { waitUntil: "commit" });
      // while the records load: the frame is there with the store's name and its sections
      const loading = page.getByRole("status").filter({ hasText: "Loading products from the store" });
      await expect(loading).toBeAttached();
      await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("127.0.0.1");
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Products");
      await expect(loading).toBeAttached(); // still loading: the frame did not wait for the store
      await page.screenshot({
        path: join(SCREENSHOTS, `store-not-answering-loading-${size.width}.png`),
        fullPage: true,
      });

      await expect(page.getByText("The store is not answering")).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Diagnostics", exact: true }).last()).toBeVisible();
      await page.screenshot({ path: join(SCREENSHOTS, `store-not-answering-${size.width}.png`), fullPage: true });
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);
    }
  } finally {
    storeProcess.kill("SIGCONT");
  }
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("table", { name: /Products/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("The store is not answering")).toHaveCount(0);
});
