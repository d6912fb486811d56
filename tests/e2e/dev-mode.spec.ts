/**
 * `npm run dev` behaves like the production build: with the store down, store pages show "The store could not
 * be reached" (not "This page could not be shown"), and with no SMTP server the password reset mail lands in
 * the dev outbox page. Runs `next dev` (its own build directory); first visits compile pages, so waits are long.
 */
import { test, expect } from "@playwright/test";
import { startKitDev, startStore, type KitServer } from "./fixtures/kit-servers";
import { createAccountInPopup, installationIds, saveAndActivate } from "./fixtures/merchant";
import type { DevStore } from "../../packages/devstore/src/server";

test.describe.configure({ mode: "serial", timeout: 300_000 });

let kit: KitServer;
let store: DevStore;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  [kit, store] = await Promise.all([startKitDev(), startStore()]);
  // next dev compiles a route on its first request and may reload open pages meanwhile: compile them first
  for (const path of [
    "/",
    "/login",
    "/signup",
    "/integration/identity",
    "/stores",
    "/reset",
    "/reset/new",
    "/dev/outbox",
    "/stores/none",
  ]) {
    await fetch(`${kit.url}${path}`, { redirect: "manual" }).catch(() => undefined);
  }
});
test.afterAll(async () => {
  if (process.env.SHOW_KIT_LOGS) console.log(kit?.logs.join("").slice(-8000));
  await store?.close().catch(() => undefined);
  await kit?.stop();
});

test("with the store down, dev pages say the store could not be reached, like production", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const popup = await saveAndActivate(page, store, kit, "Dev mode store");
  await createAccountInPopup(popup, "dev-merchant@example.com");
  await expect(page.locator("tr", { hasText: "Dev mode store" })).toContainText("Active", { timeout: 30_000 });
  const [id] = await installationIds(page, kit.url);
  expect(id).toBeTruthy();
  await store.close(); // the store goes down

  for (const path of ["", "/products", "/orders", "/customers", "/categories", "/cms"]) {
    await page.goto(`${kit.url}/stores/${id}${path}`, { timeout: 120_000 });
    await expect(page.getByText("The store could not be reached").first(), `on /stores/${id}${path}`).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByText("This page could not be shown")).toHaveCount(0);
  }
  expect(errors.filter((m) => /enqueueModel|could not be shown/.test(m))).toEqual([]);
  expect(kit.logs.join("")).not.toContain("enqueueModel");
});

test("password reset in development: the mail is in the dev outbox, its link sets a new password once", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${kit.url}/login`, { timeout: 120_000 });
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  // next dev compiles a server action on its first call and may reload the page meanwhile: ask again if so
  const sent = page.getByRole("status").filter({ hasText: "a link to set a new password is on its way" });
  for (let attempt = 0; attempt < 3 && !(await sent.isVisible()); attempt++) {
    await page.locator("form[data-hydrated=true]").waitFor({ timeout: 60_000 });
    await page.getByLabel("Email").fill("dev-merchant@example.com");
    await page.getByRole("button", { name: "Email me a link" }).click();
    await sent.waitFor({ timeout: 20_000 }).catch(() => undefined);
  }
  await expect(sent).toBeVisible();

  await page.getByRole("link", { name: "dev outbox" }).click();
  // a client-side navigation: reloading before it lands would reload the reset page instead
  await page.waitForURL("**/dev/outbox", { timeout: 60_000 });
  // the reset mail is sent by a job after the answer (no timing difference between known and unknown addresses)
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("outbox-text").first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  const text = await page.getByTestId("outbox-text").first().innerText();
  const link = /http:\/\/\S+\/reset\/new\?\S+/.exec(text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await page.locator("form[data-hydrated=true]").waitFor({ timeout: 60_000 });
  await page.getByLabel("New password", { exact: true }).fill("a brand new password");
  await page.getByLabel("New password again").fill("a brand new password");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Your password was changed")).toBeVisible({ timeout: 60_000 });
  await page.goto(link!);
  await expect(page.getByText("This reset link was already used")).toBeVisible();
  await context.close();
});
