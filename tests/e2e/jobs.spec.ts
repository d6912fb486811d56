/**
 * The Jobs view and exports in Chromium: the jobs an activation ran (callback, exchange, first health probe), an
 * export started from the dashboard with its progress and download, a failing export with its reason and the
 * Retry button, and the same jobs as JSON. Screenshots (desktop and mobile) go to tests/e2e/screenshots/.
 */
import { test, expect, shot } from "./fixtures/dashboard";

test.describe.configure({ mode: "serial" });

test("an export started from the dashboard runs as a job, shows its progress and downloads as NDJSON", async ({
  page,
  dash,
}) => {
  const base = `${dash.appUrl}/stores/${dash.installationId}`;
  await page.goto(`${base}/export`);
  await expect(page.getByRole("heading", { name: /Export/ })).toBeVisible();
  await page.getByLabel("What to export").selectOption("products");
  await page.getByLabel("Fields").fill("sku,name,price");
  await page.getByRole("button", { name: "Start export" }).click();
  await expect(page.getByText("Export started")).toBeVisible();
  const row = page.getByTestId("export-row").first();
  await expect(row).toHaveAttribute("data-state", "done", { timeout: 60_000 });
  const link = row.getByRole("link", { name: /Download products\.ndjson/ });
  await expect(link).toBeVisible();
  const res = await page.request.get(new URL((await link.getAttribute("href"))!, dash.appUrl).href);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/x-ndjson");
  const lines = (await res.text())
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { sku: string; price: number });
  const total = Number((await row.innerText()).match(/of ([\d,]+) rows/)?.[1]?.replace(/,/g, ""));
  expect(lines).toHaveLength(total);
  expect(new Set(lines.map((l) => l.sku)).size).toBe(total);
  expect(Object.keys(lines[0]!).sort()).toEqual(["name", "price", "sku"]);
  await shot(page, "export");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "export-mobile");
});

test("the Jobs view lists a store's jobs with their reasons, runs a failed one again, and says the same as JSON", async ({
  page,
  dash,
}) => {
  // a store that may read the catalogue only: its order export fails for good with the store's reason
  const limited = await dash.activateAnother("Catalog only jobs e2e", [
    "Magento_Catalog::catalog",
    "Magento_Catalog::products",
  ]);
  const base = `${dash.appUrl}/stores/${limited.installationId}`;
  await page.goto(`${base}/export`);
  await page.getByLabel("What to export").selectOption("orders");
  await page.getByRole("button", { name: "Start export" }).click();
  const failed = page.getByTestId("export-row").first();
  await expect(failed).toHaveAttribute("data-state", "failed", { timeout: 60_000 });
  await expect(failed).toContainText("Magento_Sales::actions_view");

  await page.goto(`${base}/jobs`);
  await expect(page.getByRole("heading", { name: /Jobs/ })).toBeVisible();
  const rows = page.getByTestId("job-row");
  await expect(rows.filter({ hasText: "Activation callback" }).first()).toHaveAttribute("data-state", "done");
  await expect(rows.filter({ hasText: "Token exchange" }).first()).toHaveAttribute("data-state", "done");
  await expect(rows.filter({ hasText: "Health probe" }).first()).toHaveAttribute("data-state", "done");
  const exportJob = rows.filter({ hasText: "Export" }).first();
  await expect(exportJob).toHaveAttribute("data-state", "failed");
  await expect(exportJob).toContainText("Magento_Sales::actions_view");
  await expect(exportJob).toContainText("1 / 6");
  await shot(page, "jobs");

  const json = await page.request.get(`${dash.appUrl}/api/stores/${limited.installationId}/jobs`);
  expect(json.status()).toBe(200);
  const body = (await json.json()) as {
    jobs: Array<{ kind: string; state: string; error: string | null; canRetry: boolean }>;
  };
  expect(body.jobs.find((j) => j.kind === "export.run")).toMatchObject({
    state: "failed",
    canRetry: true,
    error: expect.stringContaining("Magento_Sales::actions_view"),
  });
  expect(body.jobs.filter((j) => j.kind === "handshake.exchange").every((j) => j.state === "done")).toBe(true);
  // another user's store, or nobody signed in: nothing
  expect((await page.request.get(`${dash.appUrl}/api/stores/not-a-store/jobs`)).status()).toBe(404);

  // Retry runs it once more: the store still refuses (the permission is missing), so it fails again, attempt 2
  const retried = page.waitForResponse((r) => r.request().method() === "POST" && r.url().startsWith(`${base}/jobs`));
  await exportJob.getByRole("button", { name: /Retry/ }).click();
  expect((await retried).status()).toBe(200); // answered: leaving the page now cannot cancel it
  await expect(async () => {
    await page.goto(`${base}/jobs`);
    const again = page.getByTestId("job-row").filter({ hasText: "Export" }).first();
    await expect(again).toHaveAttribute("data-state", "failed");
    await expect(again).toContainText("2 / 6");
  }).toPass({ timeout: 30_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "jobs-mobile");
});
