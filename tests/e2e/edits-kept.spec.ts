/**
 * Work typed into a form is never lost silently: a session that ends while someone works (the deep link keeps its
 * path and query through sign-in, the sign-in page says why it is asked, the typed edit is filled in again, in the
 * explorer too, never with a password), and an in-app link, Back or a reload with unsaved changes asks first.
 */
import { createClient } from "@libsql/client";
import { test, expect } from "./fixtures/dashboard";
import { adminApi } from "./fixtures/store-admin";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** Screenshots at both sizes (tests/e2e/screenshots/edits-<name>-<width>.png) and axe on the page as it is. */
async function lookAt(page: Page, name: string) {
  const before = page.viewportSize();
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `tests/e2e/screenshots/edits-${name}-${size.width}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
}

test("a signed-out deep link keeps its path and query through sign-in", async ({ browser, dash }) => {
  const context = await browser.newContext({ storageState: undefined });
  const page = await context.newPage();
  const deep = `/stores/${dash.installationId}/products?size=10&sort=price&dir=desc`;
  await page.goto(`${dash.appUrl}${deep}`);
  await expect(page).toHaveURL((u) => u.pathname === "/login" && u.searchParams.get("next") === deep);
  await page.locator("form[data-hydrated=true]").waitFor();
  await page.getByLabel("Email").fill(dash.email);
  await page.getByLabel("Password", { exact: true }).fill(dash.password);
  await page.locator("#main").getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((u) => `${u.pathname}${u.search}` === deep, { timeout: 30_000 }); // sign-in hashes a password: slow on a busy machine
  await context.close();
});

test("saving after the session ended: sign-in says why, comes back to the product, and the typed price is there", async ({
  browser,
  dash,
}) => {
  // a session of its own: signing it out must not end the one the other tests share
  const context = await browser.newContext({ storageState: undefined });
  const page = await context.newPage();
  await page.goto(`${dash.appUrl}/login`);
  await page.locator("form[data-hydrated=true]").waitFor();
  await page.getByLabel("Email").fill(dash.email);
  await page.getByLabel("Password", { exact: true }).fill(dash.password);
  await page.locator("#main").getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => u.pathname === "/stores", { timeout: 30_000 });
  await page.goto(`${dash.appUrl}/stores/${dash.installationId}/products?size=1`);
  const productHref = await page.locator("#products tbody a").first().getAttribute("href");
  await page.goto(`${dash.appUrl}${productHref}`);
  await page.locator("form[data-hydrated=true]").first().waitFor();
  await page.getByLabel("Price").fill("321.99");

  // the session ends elsewhere (signed out in another tab): this browser still holds the old cookie
  const cookies = await page.context().cookies();
  await page.context().request.post(`${dash.appUrl}/logout`, { headers: { origin: dash.appUrl }, maxRedirects: 0 });
  await page.context().clearCookies();
  await page.context().addCookies(cookies);

  await page.getByRole("button", { name: "Save to store" }).click();
  await expect(page).toHaveURL(
    (u) =>
      u.pathname === "/login" &&
      u.searchParams.get("next") === productHref &&
      u.searchParams.get("reason") === "session_ended",
  );
  await expect(page.getByText("Your session ended")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign out" })).toHaveCount(0); // the header too
  await lookAt(page, "sign-in-session-ended");
  await page.locator("form[data-hydrated=true]").waitFor();
  await page.getByLabel("Email").fill(dash.email);
  await page.getByLabel("Password", { exact: true }).fill(dash.password);
  await page.locator("#main").getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((u) => u.pathname === productHref, { timeout: 30_000 });
  await expect(page.getByText("What you typed is back")).toBeVisible();
  await expect(page.getByLabel("Price")).toHaveValue("321.99");
  await lookAt(page, "product-restored");
  await context.close();
});

test("an in-app link with unsaved changes asks first; staying keeps the edit, leaving goes", async ({ page, dash }) => {
  await page.goto(`${dash.appUrl}/stores/${dash.installationId}/products?size=1`);
  const productHref = await page.locator("#products tbody a").first().getAttribute("href");
  await page.goto(`${dash.appUrl}${productHref}`);
  await page.locator("form[data-hydrated=true]").first().waitFor();
  await page.getByLabel("Price").fill("45.67");
  const questions: string[] = [];
  page.once("dialog", (d) => {
    questions.push(d.message());
    void d.dismiss();
  });
  await page.getByRole("navigation", { name: "Store sections" }).getByRole("link", { name: "Orders" }).click();
  await expect.poll(() => questions.length).toBe(1);
  expect(questions[0]).toContain("unsaved changes");
  await expect(page).toHaveURL((u) => u.pathname === productHref, { timeout: 30_000 });
  await expect(page.getByLabel("Price")).toHaveValue("45.67");

  page.once("dialog", (d) => void d.accept());
  await page.getByRole("navigation", { name: "Store sections" }).getByRole("link", { name: "Orders" }).click();
  await expect(page).toHaveURL((u) => u.pathname.endsWith("/orders"));
});

test("Back (and reload) with unsaved changes asks first; staying keeps the edit, leaving goes back", async ({
  page,
  dash,
}) => {
  const list = `/stores/${dash.installationId}/products?size=1`;
  await page.goto(`${dash.appUrl}${list}`);
  // into the product by the app's own link: Back is then a history entry of the same page, no unload
  const link = page.locator("#products tbody a").first();
  const productHref = (await link.getAttribute("href"))!;
  await link.click();
  await expect(page).toHaveURL((u) => u.pathname === productHref, { timeout: 30_000 });
  await page.locator("form[data-hydrated=true]").first().waitFor();
  await page.getByLabel("Price").fill("54.32");

  const questions: string[] = [];
  page.once("dialog", (d) => {
    questions.push(d.message());
    void d.dismiss();
  });
  await page.evaluate(() => history.back()); // the browser's Back button
  await expect.poll(() => questions.length).toBe(1);
  expect(questions[0]).toContain("unsaved changes");
  await expect(page).toHaveURL((u) => u.pathname === productHref);
  await expect(page.getByLabel("Price")).toHaveValue("54.32");

  // reload: the browser's own question (beforeunload); staying keeps the edit
  const kinds: string[] = [];
  page.once("dialog", (d) => {
    kinds.push(d.type());
    void d.dismiss();
  });
  void page.reload().catch(() => undefined); // never finishes: the reload is refused
  await expect.poll(() => kinds).toEqual(["beforeunload"]);
  await expect(page.getByLabel("Price")).toHaveValue("54.32");

  page.once("dialog", (d) => void d.accept());
  await page.evaluate(() => history.back());
  await expect(page).toHaveURL((u) => `${u.pathname}${u.search}` === list, { timeout: 30_000 });
});

test("explorer: a request typed when the session ended is back after sign-in, without any password in it", async ({
  browser,
  dash,
}) => {
  const context = await browser.newContext({ storageState: undefined });
  const page = await context.newPage();
  await page.goto(`${dash.appUrl}/login`);
  await page.locator("form[data-hydrated=true]").waitFor();
  await page.getByLabel("Email").fill(dash.email);
  await page.getByLabel("Password", { exact: true }).fill(dash.password);
  await page.locator("#main").getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => u.pathname === "/stores", { timeout: 30_000 });
  const explorer = `/stores/${dash.installationId}/explorer?op=putProductsBySku`;
  await page.goto(`${dash.appUrl}${explorer}`);
  const form = page.getByRole("form", { name: "Request" });
  await form.getByLabel("JSON body").waitFor();
  await form.getByLabel("sku").fill("24-MB01");
  await form.getByLabel("Store code").fill("default");
  const secret = "Hunter2-never-kept";
  await form.getByLabel("JSON body").fill(JSON.stringify({ product: { sku: "24-MB01" }, password: secret }));

  const cookies = await context.cookies();
  await context.request.post(`${dash.appUrl}/logout`, { headers: { origin: dash.appUrl }, maxRedirects: 0 });
  await context.clearCookies();
  await context.addCookies(cookies);

  await page.getByRole("button", { name: "Send signed PUT" }).click();
  await expect(page).toHaveURL((u) => u.pathname === "/login" && u.searchParams.get("next") === explorer, {
    timeout: 30_000,
  });
  const kept = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  expect(kept).toContain("24-MB01");
  expect(kept, "a password typed into the body stays out of the tab's storage").not.toContain(secret);
  await page.locator("form[data-hydrated=true]").waitFor();
  await page.getByLabel("Email").fill(dash.email);
  await page.getByLabel("Password", { exact: true }).fill(dash.password);
  await page.locator("#main").getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((u) => `${u.pathname}${u.search}` === explorer, { timeout: 30_000 });
  await expect(page.getByText("What you typed is back")).toBeVisible();
  await expect(form.getByLabel("sku")).toHaveValue("24-MB01");
  await expect(form.getByLabel("Store code")).toHaveValue("default");
  await expect(form.getByLabel("JSON body")).toHaveValue("");
  await lookAt(page, "explorer-restored");
  await context.close();
});

test("explorer: inputs are checked before a write is confirmed, stale errors go on edit, the question has the focus, Escape cancels", async ({
  page,
  dash,
}) => {
  await page.goto(`${dash.appUrl}/stores/${dash.installationId}/explorer?op=putProductsBySku`);
  const form = page.getByRole("form", { name: "Request" });
  await form.getByLabel("JSON body").waitFor();
  await expect(form.getByLabel("JSON body"), "no real rename is waiting to be sent").toHaveValue("");

  await page.getByRole("button", { name: "Send signed PUT" }).click();
  await expect(page.getByText("Nothing was sent: fix the inputs marked above")).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  await form.getByLabel("sku").fill("24-MB01");
  await expect(page.getByText("Nothing was sent: fix the inputs marked above")).toHaveCount(0);
  await form.getByLabel("JSON body").fill(JSON.stringify({ product: { sku: "24-MB01" } }));
  await page.getByRole("button", { name: "Send signed PUT" }).click();
  const question = page.getByRole("alertdialog");
  await expect(question).toBeVisible();
  await expect(question).toBeFocused();
  await expect(question.getByRole("button", { name: "Yes, send PUT" })).not.toBeFocused();
  await lookAt(page, "explorer-confirm");
  await question.focus();
  await page.keyboard.press("Escape");
  await expect(question).toHaveCount(0);
  await expect(page.getByTestId("explorer-body")).toHaveCount(0); // nothing was sent
});

test("phones: a menu of the store's sections, and grid rows that keep Status, Type and Updated in sight", async ({
  page,
  dash,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${dash.appUrl}/stores/${dash.installationId}/products?size=10`);
  const sections = page.getByRole("navigation", { name: "Store sections" });
  await expect(sections.getByText("Products").first()).toBeVisible();
  await expect(sections.getByRole("link", { name: "Diagnostics" })).toBeHidden(); // folded into the menu
  await sections.locator("summary").click();
  await expect(sections.getByRole("link", { name: "Diagnostics" })).toBeVisible();
  await expect(sections.getByRole("link", { name: "Diagnostics" })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: `tests/e2e/screenshots/phone-sections-menu.png`, fullPage: true });
  await sections.locator("summary").click();

  const firstRow = page.locator("#products tbody tr").first();
  for (const label of ["Status", "Type", "Updated"]) {
    const cell = firstRow.locator(`td[data-label="${label}"]`);
    await expect(cell).toBeVisible();
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width, `${label} within the screen`).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `tests/e2e/screenshots/phone-products-condensed.png`, fullPage: true });
});

test("stores list: a store whose integration was deleted stops reading Connected once the list is opened", async ({
  page,
  dash,
}) => {
  const { installationId, integrationId } = await dash.activateAnother("Deleted in the store");
  const db = createClient({ url: dash.databaseUrl });
  // the health probe the app runs after each activation answers first (else it could record a success after the
  // timestamps below are cleared, and the list would rightly see a store heard from a moment ago)
  await expect
    .poll(
      async () =>
        (
          await db.execute({
            sql: 'SELECT "lastCheckedAt" FROM "Installation" WHERE "id" = ?',
            args: [installationId],
          })
        ).rows[0]?.lastCheckedAt ?? null,
      { timeout: 60_000 },
    )
    .not.toBeNull();
  await adminApi(dash.store, "DELETE", `/integrations/${integrationId}`);
  await db.execute("PRAGMA busy_timeout = 10000");
  // a job of this store that was running when it was deleted (its first sync) may stamp a call it made just before
  // as a success after the timestamps below are cleared; every call from now on is refused, so once none runs,
  // nothing can stamp one
  await expect
    .poll(
      async () =>
        Number(
          (
            await db.execute({
              sql: `SELECT count(*) AS "n" FROM "Job" WHERE "ref" = ? AND "state" = 'active'`,
              args: [installationId],
            })
          ).rows[0]?.n,
        ),
      { timeout: 60_000 },
    )
    .toBe(0);
  // nothing heard from the store for a while (as if the last call was an hour ago); the app may hold the write
  // lock at this moment (its jobs run), so this write waits for it as the app's own connection does
  await db.execute({
    sql: 'UPDATE "Installation" SET "lastSuccessAt" = NULL, "lastCheckedAt" = NULL WHERE "id" = ?',
    args: [installationId],
  });
  db.close();

  await page.goto(`${dash.appUrl}/stores`);
  const row = page.locator(`[data-installation="${installationId}"]`);
  await expect(row).not.toHaveAttribute("data-state", "active", { timeout: 30_000 });
  await expect(row.getByTestId("state-title")).not.toContainText("Connected");
});

test("a refused filter keeps what was typed beside its error; a store known by its host offers Name it", async ({
  page,
  dash,
}) => {
  await page.goto(`${dash.appUrl}/stores/${dash.installationId}/orders`);
  const filters = page.getByRole("search", { name: "Filter orders" });
  await filters.getByLabel("Grand total from").fill("12,50");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("Some filters were not applied")).toBeVisible({ timeout: 30_000 });
  await expect(filters.getByLabel("Grand total from")).toHaveValue("12,50"); // to be corrected, not typed again
  await expect(filters.getByLabel("Grand total from")).toHaveAttribute("aria-invalid", "true");
  await lookAt(page, "orders-filter-refused");

  await page.goto(`${dash.appUrl}/stores`);
  const row = page.locator(`[data-installation="${dash.installationId}"]`);
  await row.getByRole("link", { name: /^Name it/ }).click();
  await expect(page).toHaveURL((u) => u.pathname.endsWith("/diagnostics") && u.hash === "#store-name");
  await expect(page.getByRole("form", { name: "Name in this app" })).toBeInViewport();
  await page.goto(`${dash.appUrl}/stores`);
  await lookAt(page, "stores-name-it");
});
