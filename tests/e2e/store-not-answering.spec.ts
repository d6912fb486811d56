/**
 * A store that stops answering (its process paused with SIGSTOP: connections open, nothing comes back) never
 * freezes a page: on every store page that calls it (grid, overview, categories, the three detail pages, explorer)
 * the frame (breadcrumbs with the store's name, title, section tabs) shows while the store's part loads, the page
 * gives up after STORE_PAGE_TIMEOUT_SECONDS and says "The store is not answering" with Try again and
 * Diagnostics, and Try again shows the store's part once the store is back.
 */
import { test, expect, type Locator, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { startKit, type KitServer } from "./fixtures/kit-servers";
import { SCREENSHOTS } from "./fixtures/handshake";
import { createAccountInPopup, installationIds, saveAndActivate } from "./fixtures/merchant";
import { freePort } from "../helpers/servers";
import type { DevStore } from "../../packages/devstore/src/server";

test.describe.configure({ timeout: 480_000 }); // seven pages, each at two sizes, each giving up on the store

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
    ["--import", "tsx", "packages/devstore/src/main.ts", "--port", String(port), "--host", "127.0.0.1"],
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

/** Every interactive store page that calls the store, and what it shows once the store answers again. */
type StorePage = { name: string; path: string; heading: RegExp; loading: string; loaded: (page: Page) => Locator };

test("a paused store: every page keeps its frame, gives up, says so, and Try again recovers", async ({ page }) => {
  const popup = await saveAndActivate(page, { url: storeUrl } as DevStore, kit, "Sleepy store");
  await createAccountInPopup(popup, "sleepy@example.com");
  await expect(page.locator("tr", { hasText: "Sleepy store" })).toContainText("Active", { timeout: 30_000 });
  const [id] = await installationIds(page, kit.url);
  const base = `/stores/${id}`;
  // one record of each kind, read while the store still answers
  const firstRecord = async (grid: string) => {
    const link = page.getByRole("table").locator(`a[href^="${base}/${grid}/"]`).first();
    // the budget is 4 s: a store still warming up on a busy machine can miss it; it is not paused yet
    await expect(async () => {
      await page.goto(`${kit.url}${base}/${grid}`);
      await expect(link).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 120_000 });
    return { path: (await link.getAttribute("href"))!, text: (await link.textContent())!.trim() };
  };
  const product = await firstRecord("products");
  const order = await firstRecord("orders");
  const customer = await firstRecord("customers");

  const pages: StorePage[] = [
    {
      name: "products",
      path: `${base}/products`,
      heading: /Products/,
      loading: "Loading products from the store",
      loaded: (p) => p.getByRole("table", { name: /Products/ }),
    },
    {
      name: "overview",
      path: base,
      heading: /127\.0\.0\.1/,
      loading: "Loading the store's details from the store",
      loaded: (p) => p.getByText("Locale", { exact: true }).first(),
    },
    {
      name: "categories",
      path: `${base}/categories`,
      heading: /Categories/,
      loading: "Loading categories from the store",
      loaded: (p) => p.getByRole("heading", { name: /Category tree/ }),
    },
    {
      name: "product",
      path: product.path,
      heading: new RegExp(escapeRegExp(decodeURIComponent(product.path.split("/").pop()!))),
      loading: "Loading product",
      loaded: (p) => p.getByRole("heading", { name: "Stock item" }),
    },
    {
      name: "order",
      path: order.path,
      heading: /Order \d+/,
      loading: "Loading order",
      loaded: (p) => p.getByRole("table", { name: /Items/ }),
    },
    {
      name: "customer",
      path: customer.path,
      heading: /Customer \d+/,
      loading: "Loading customer",
      loaded: (p) => p.getByRole("heading", { name: "Account" }),
    },
    {
      name: "explorer",
      path: `${base}/explorer`,
      heading: /API explorer/,
      loading: "Loading the store's schema from the store",
      loaded: (p) => p.locator("#op-count"),
    },
  ];

  // both sizes are checked at once, each in its own tab of the same browser session, so the store's silence is
  // waited out once per page rather than once per size
  const phone = await page.context().newPage();
  const sizes = [
    { tab: page, width: 1280, height: 800 },
    { tab: phone, width: 390, height: 844 },
  ];
  for (const target of pages) {
    await test.step(target.name, async () => {
      storeProcess.kill("SIGSTOP");
      try {
        await Promise.all(sizes.map(({ tab, ...size }) => givesUpOnSilentStore(tab, size, target)));
      } finally {
        storeProcess.kill("SIGCONT");
      }
      for (const { tab } of sizes) {
        await tab.getByRole("button", { name: "Try again" }).click();
        await expect(target.loaded(tab)).toBeVisible({ timeout: 30_000 });
        await expect(tab.getByText("The store is not answering")).toHaveCount(0);
      }
    });
  }
});

/** With the store silent: the frame shows at once, the page gives up, says so and offers Try again; axe finds nothing. */
async function givesUpOnSilentStore(page: Page, size: { width: number; height: number }, target: StorePage) {
  await page.setViewportSize(size);
  await page.goto(`${kit.url}${target.path}`, { waitUntil: "commit" });
  // while the store is silent: the frame is there with the store's name and its sections
  const loading = page.getByRole("status").filter({ hasText: target.loading });
  await expect(loading).toBeAttached();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("127.0.0.1");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(target.heading);
  await expect(page.getByRole("navigation", { name: /sections/i }).first()).toBeAttached();
  await expect(loading).toBeAttached(); // still loading: the frame did not wait for the store
  await page.screenshot({
    path: join(SCREENSHOTS, `store-not-answering-${target.name}-loading-${size.width}.png`),
    fullPage: true,
  });

  await expect(page.getByText("The store is not answering")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Diagnostics", exact: true }).last()).toBeVisible();
  await page.screenshot({
    path: join(SCREENSHOTS, `store-not-answering-${target.name}-${size.width}.png`),
    fullPage: true,
  });
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
