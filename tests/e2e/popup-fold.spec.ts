/**
 * The identity popup Magento opens is 680×510 and a merchant does not think of scrolling it: each of its pages
 * (sign in, create account, and the link confirmation once signed in) shows its one action without scrolling,
 * also after a refused sign-up, and axe finds nothing. Screenshots at 680×510 and 390×844 are looked at.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { test, expect } from "./fixtures/handshake";
import { signUp } from "./fixtures/merchant";
import { createAndActivate } from "./fixtures/store-admin";

const POPUP = { width: 680, height: 510 };
const PHONE = { width: 390, height: 844 };

/** The action lies wholly inside the viewport of the page as it opened (nothing scrolled). */
async function expectInFirstScreen(page: Page, action: Locator, what: string) {
  await expect(action, what).toBeVisible();
  expect(await page.evaluate(() => window.scrollY), `${what}: the page is not scrolled`).toBe(0);
  const box = (await action.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: bottom within the ${width}×${height} window`).toBeLessThanOrEqual(height);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(width);
}

async function axeViolations(page: Page): Promise<string[]> {
  return (await new AxeBuilder({ page }).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`,
  );
}

test("every popup page shows its one action without scrolling at 680×510, and on a phone", async ({
  browser,
  store,
  kit,
  shot,
}) => {
  test.setTimeout(180_000);
  const { identityUrl } = await createAndActivate(store, kit, "Popup fold store");
  const ctx = await browser.newContext({ viewport: POPUP });
  const popup = await ctx.newPage();
  const main = popup.locator("#main");

  await popup.goto(identityUrl);
  await popup.waitForURL(/\/login\?next=/);
  await popup.locator("form[data-hydrated=true]").waitFor();
  await expectInFirstScreen(popup, main.getByRole("button", { name: "Sign in" }), "sign in");
  expect(await axeViolations(popup)).toEqual([]);
  await shot(popup, "sign-in-680");

  await main.getByRole("link", { name: "Create account" }).click();
  await popup.waitForURL(/\/signup\?next=/);
  await popup.locator("form[data-hydrated=true]").waitFor();
  const create = main.getByRole("button", { name: "Create account" });
  await expectInFirstScreen(popup, create, "create account");
  expect(await axeViolations(popup)).toEqual([]);
  await shot(popup, "sign-up-680");
  // a refused sign-up (password too short) keeps the button in view beside its error
  await popup.getByLabel("Email").fill("fold@example.com");
  await popup.getByLabel("Password", { exact: true }).fill("short");
  await create.click();
  await expect(main.getByText("Password must be at least 10 characters")).toBeVisible();
  await popup.evaluate(() => window.scrollTo(0, 0));
  await expectInFirstScreen(popup, create, "create account after an error");
  await shot(popup, "sign-up-error-680");

  await popup.setViewportSize(PHONE);
  await shot(popup, "sign-up-390");
  expect(await axeViolations(popup)).toEqual([]);
  await popup.setViewportSize(POPUP);

  // signed in, the identity page asks before linking (opened here by address, so with its warning: the tallest case)
  const app = await (await browser.newContext()).newPage();
  await signUp(app, kit.url, "fold-linker@example.com");
  await app.setViewportSize(POPUP);
  await app.goto(identityUrl);
  const link = app.locator("#main").getByRole("button", { name: /Link this store/ });
  await expectInFirstScreen(app, link, "link this store");
  expect(await axeViolations(app)).toEqual([]);
  await shot(app, "link-680");
  await app.setViewportSize(PHONE);
  await shot(app, "link-390");
  await ctx.close();
});
