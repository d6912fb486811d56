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

test("axe finds nothing on any page, desktop and mobile, and on the popup's pages at 680×510", async ({
  browser,
  store,
  kit,
}) => {
  test.setTimeout(300_000);
  const problems: string[] = [];
  const page = await signedInPage(browser, kit.url, "axe@example.com");
  const { installationId } = await linkNewStore(page, store, kit, "Axe store");
  const base = `/stores/${installationId}`;
  const firstLink = async (path: string, table: string) => {
    await page.goto(`${kit.url}${path}`);
    return new URL((await page.locator(`#${table} tbody tr td:first-child a`).first().getAttribute("href"))!, kit.url)
      .pathname;
  };
  const order = await firstLink(`${base}/orders`, "orders");
  const customer = await firstLink(`${base}/customers`, "customers");
  const pages: Array<[string, string]> = [
    ["home", "/"],
    ["stores", "/stores"],
    ["store-overview", base],
    ["products", `${base}/products`],
    ["product", `${base}/products/24-MB01`],
    ["orders", `${base}/orders`],
    ["order", order],
    ["customers", `${base}/customers`],
    ["customer", customer],
    ["categories", `${base}/categories`],
    ["cms", `${base}/cms`],
    ["explorer", `${base}/explorer?op=getProducts`],
    ["diagnostics", `${base}/diagnostics`],
    ["remove", `${base}/remove`],
    ["manual", "/stores/manual"],
    ["portal", "/portal"],
    ["account", "/account"],
    ["not-found", "/no-such-page"],
  ];
  for (const [name, path] of pages) {
    await page.goto(`${kit.url}${path}`);
    for (const vp of ["desktop", "mobile"] as const) problems.push(...(await check(page, name, vp)));
  }

  // signed out: sign-in, sign-up, reset
  const out = await (await browser.newContext()).newPage();
  for (const [name, path] of [
    ["login", "/login"],
    ["signup", "/signup"],
    ["reset", "/reset"],
  ] as const) {
    await out.goto(`${kit.url}${path}`);
    for (const vp of ["desktop", "mobile"] as const) problems.push(...(await check(out, name, vp)));
  }

  // the identity popup's pages: sign-in and sign-up opened from it (signed out), the confirmation (signed in)
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
