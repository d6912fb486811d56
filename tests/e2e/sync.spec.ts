/**
 * The Sync page in Chromium: a store's entities with their state; "Sync now" on orders runs the backfill as a job
 * and the page then shows every order of the store in the mirror; Pause shows as paused; axe finds nothing at
 * desktop and mobile; GET /api/stores/<id>/sync answers the same data as JSON. Screenshots go to
 * tests/e2e/screenshots/.
 */
import AxeBuilder from "@axe-core/playwright";
import { test, expect, shot, storeGet } from "./fixtures/dashboard";

test("Sync now backfills orders into the mirror, Pause pauses, and the page passes axe at desktop and mobile", async ({
  page,
  dash,
}) => {
  test.setTimeout(180_000);
  const url = `${dash.appUrl}/stores/${dash.installationId}/sync`;
  await page.goto(url);
  await expect(page.getByRole("heading", { name: "Sync" })).toBeVisible();
  const orders = page.locator('[data-testid="sync-row"][data-entity="orders"]');
  // the app's own schedule may already have synced this store (the dev store is shared by the worker's tests)
  await expect(orders).toBeVisible();
  await page.getByRole("button", { name: "Sync orders now" }).click();
  const { total_count } = await storeGet<{ total_count: number }>(dash, "/orders", {
    "searchCriteria[pageSize]": "1",
    fields: "total_count",
  });
  await expect(async () => {
    await page.reload();
    await expect(orders).toContainText("in sync", { timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  await expect(orders.locator("td").nth(5)).toHaveText(String(total_count));
  await expect(page.getByRole("img", { name: /Last 24 hours: \d+ changes delivered, 0 parked/ })).toBeVisible();

  await page.getByRole("button", { name: "Pause customers" }).click();
  await expect(page.locator('[data-testid="sync-row"][data-entity="customers"]')).toContainText("paused");
  await expect(page.getByRole("button", { name: "Resume customers" })).toBeVisible();

  // the same data as JSON, for the signed-in owner only
  const json = await page.request.get(`${dash.appUrl}/api/stores/${dash.installationId}/sync`);
  expect(json.status()).toBe(200);
  const body = (await json.json()) as {
    entities: Array<{ entity: string; state: string; paused: boolean; mirrored: number; lockedBy?: unknown }>;
    lastDay: Array<{ hour: string; delivered: number; parked: number }>;
    parked: unknown[];
  };
  expect(body.entities.find((e) => e.entity === "orders")).toMatchObject({ state: "in sync", mirrored: total_count });
  expect(body.entities.find((e) => e.entity === "customers")).toMatchObject({ state: "paused", paused: true });
  expect(body.entities.every((e) => e.lockedBy === undefined)).toBe(true);
  expect(body.lastDay).toHaveLength(24);
  expect((await page.request.get(`${dash.appUrl}/api/stores/not-a-store/sync`)).status()).toBe(404);

  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, "sync");
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`,
    ),
  ).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  // the page streams: axe must see it rendered, not the shell between load and the first paint of the heading
  await expect(page.getByRole("heading", { name: "Sync" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "sync-mobile");
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`,
    ),
  ).toEqual([]);
});
