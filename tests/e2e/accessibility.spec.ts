/**
 * Every page as a person sees it: axe finds no violation at desktop (1280×800) and mobile (390×844), the
 * identity popup's pages at the popup's 680×510 too, and each is screenshotted under tests/e2e/screenshots/
 * (looked at before a page is called done). axe-core runs inside the page (no download).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { test, expect, SCREENSHOTS } from "./fixtures/handshake";
import { signUp } from "./fixtures/merchant";
import { createAndActivate, linkNewStore } from "./fixtures/store-admin";
import { join } from "node:path";
import type { DevStore } from "../../packages/devstore/src/server";
import type { KitServer } from "./fixtures/kit-servers";

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  popup: { width: 680, height: 510 },
  mobile: { width: 390, height: 844 },
} as const;
type ViewportName = keyof typeof VIEWPORTS;

async function check(page: Page, name: string, viewport: ViewportName): Promise<string[]> {
  await page.setViewportSize(VIEWPORTS[viewport]);
  await page.locator("#main h1").first().waitFor(); // streamed pages: the content, not the loading skeleton
  await page.screenshot({ path: join(SCREENSHOTS, `page-${name}--${viewport}.png`), fullPage: true });
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (v) =>
      `${name} @ ${viewport}: ${v.id} (${v.impact}) ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(" | ")}`,
  );
}

async function signedInPage(browser: Browser, appUrl: string, email: string): Promise<Page> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signUp(page, appUrl, email);
  return page;
}
async function signedInStore(browser: Browser, appUrl: string, store: DevStore, kit: KitServer, email: string) {
  const page = await signedInPage(browser, appUrl, email);
  const { installationId } = await linkNewStore(page, store, kit, "Axe store");
  return { page, base: `/stores/${installationId}` };
}

/** Opens each page and checks it at desktop and mobile; returns every violation found. */
async function checkPages(page: Page, appUrl: string, pages: Array<readonly [string, string]>): Promise<string[]> {
  const problems: string[] = [];
  for (const [name, path] of pages) {
    await page.goto(`${appUrl}${path}`);
    for (const vp of ["desktop", "mobile"] as const) problems.push(...(await check(page, name, vp)));
  }
  return problems;
}

async function firstRowLink(page: Page, appUrl: string, path: string, table: string): Promise<string> {
  await page.goto(`${appUrl}${path}`);
  const href = await page.locator(`#${table} tbody tr td:first-child a`).first().getAttribute("href");
  return new URL(href!, appUrl).pathname;
}

// The pages are checked in four groups that run side by side (each group in its own worker when there are several).
test.describe.configure({ mode: "parallel" });

test("axe finds nothing on the home page, the stores list, a store's overview, products and orders, desktop and mobile", async ({
  browser,
  store,
  kit,
}) => {
  test.setTimeout(150_000);
  const { page, base } = await signedInStore(browser, kit.url, store, kit, "axe-a@example.com");
  const order = await firstRowLink(page, kit.url, `${base}/orders`, "orders");
  const problems = await checkPages(page, kit.url, [
    ["home", "/"],
    ["stores", "/stores"],
    ["store-overview", base],
    ["products", `${base}/products`],
    ["product", `${base}/products/24-MB01`],
    ["orders", `${base}/orders`],
    ["order", order],
  ]);
  expect(problems).toEqual([]);
});

test("axe finds nothing on a store's customers, categories, CMS, explorer, diagnostics and remove pages, desktop and mobile", async ({
  browser,
  store,
  kit,
}) => {
  test.setTimeout(150_000);
  const { page, base } = await signedInStore(browser, kit.url, store, kit, "axe-b@example.com");
  const customer = await firstRowLink(page, kit.url, `${base}/customers`, "customers");
  const problems = await checkPages(page, kit.url, [
    ["customers", `${base}/customers`],
    ["customer", customer],
    ["categories", `${base}/categories`],
    ["cms", `${base}/cms`],
    ["explorer", `${base}/explorer?op=getProducts`],
    ["diagnostics", `${base}/diagnostics`],
    ["remove", `${base}/remove`],
  ]);
  expect(problems).toEqual([]);
});

test("axe finds nothing on the manual-store, portal, account and not-found pages, and signed out on sign-in, sign-up and reset", async ({
  browser,
  store,
  kit,
}) => {
  test.setTimeout(150_000);
  const { page } = await signedInStore(browser, kit.url, store, kit, "axe-c@example.com");
  const problems = await checkPages(page, kit.url, [
    ["manual", "/stores/manual"],
    ["portal", "/portal"],
    ["account", "/account"],
    ["not-found", "/no-such-page"],
  ]);
  const out = await (await browser.newContext()).newPage();
  problems.push(
    ...(await checkPages(out, kit.url, [
      ["login", "/login"],
      ["signup", "/signup"],
      ["reset", "/reset"],
    ])),
  );
  expect(problems).toEqual([]);
});

test("axe finds nothing on the identity popup's pages at 680×510 and on a phone: sign-in, sign-up, the confirmation", async ({
  browser,
  store,
  kit,
}) => {
  test.setTimeout(150_000);
  const problems: string[] = [];
  const page = await signedInPage(browser, kit.url, "axe-d@example.com");
  // sign-in and sign-up opened from the popup (signed out), the confirmation (signed in)
  const out = await (await browser.newContext()).newPage();
  const { identityUrl } = await createAndActivate(store, kit, "Axe popup store");
  await out.goto(identityUrl);
  await out.waitForURL(/\/login\?next=/);
  for (const vp of ["popup", "mobile"] as const) problems.push(...(await check(out, "popup-login", vp)));
  await out.locator("#main").getByRole("link", { name: "Create account" }).click();
  await out.waitForURL(/\/signup\?next=/);
  for (const vp of ["popup", "mobile"] as const) problems.push(...(await check(out, "popup-signup", vp)));
  await page.goto(identityUrl);
  await expect(page.getByRole("button", { name: /Link this store/ })).toBeVisible();
  for (const vp of ["popup", "mobile"] as const) problems.push(...(await check(page, "popup-identity", vp)));
  expect(problems).toEqual([]);
});
