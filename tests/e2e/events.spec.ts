/**
 * The Events page in Chromium: the intake URLs to paste, the webhook public key pasted and its fingerprint shown,
 * a signed webhook delivered and queued, a forged one refused and folded, the key-mismatch advice after the pair
 * changes, replay; axe finds nothing; screenshots at 1280x800 and 390x844 (tests/e2e/screenshots/).
 */
import { createPrivateKey, sign } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test, expect, shot } from "./fixtures/dashboard";

const fixtures = join(__dirname, "..", "fixtures", "store-events");
const pem = (name: string) => readFileSync(join(fixtures, name), "utf8");
const signWith = (body: string, key: string) =>
  sign("sha256", Buffer.from(Buffer.from(body).toString("base64")), createPrivateKey(pem(key))).toString("base64");

test("the Events page: URLs, key, deliveries (queued, refused, key mismatch), replay", async ({ page, dash }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const base = `${dash.appUrl}/stores/${dash.installationId}/events`;
  await page.goto(base);
  await expect(page.getByRole("heading", { name: "Events", level: 1 })).toBeVisible();
  const webhookUrl = await page.getByTestId("commerce-webhook-url").innerText();
  expect(webhookUrl).toBe(`${dash.appUrl}/api/events/commerce/${dash.installationId}`);
  await expect(page.getByTestId("io-events-url")).toHaveText(`${dash.appUrl}/api/events/io/${dash.installationId}`);
  // the dashboard's dev store runs Magento Open Source: said plainly, and nothing to subscribe
  await expect(page.getByTestId("open-source-no-events")).toBeVisible();
  await expect(
    page.getByText("This store runs Magento Open Source: it has neither webhooks nor I/O Events"),
  ).toBeVisible();
  await expect(page.getByRole("form", { name: "Subscribe a webhook" })).toHaveCount(0);

  await page.getByLabel("Public key (PEM)").fill(pem("commerce-public.pem"));
  await page.getByRole("button", { name: "Save public key" }).click();
  const fingerprint = pem("commerce-public.fingerprint.txt").trim();
  await expect(page.getByTestId("key-fingerprint")).toHaveText(fingerprint);

  const body = JSON.stringify({
    eventName: "observer.catalog_product_save_after",
    data: { product: { sku: "24-MB01" } },
  });
  const ok = await fetch(webhookUrl, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-adobe-commerce-webhook-signature": signWith(body, "commerce-private.pem"),
    },
    body,
  });
  expect(await ok.json()).toEqual({ op: "success" });
  for (let i = 0; i < 3; i++) {
    const forged = await fetch(webhookUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-adobe-commerce-webhook-signature": signWith(body, "other-private.pem"),
      },
      body,
    });
    expect(forged.status).toBe(401);
  }
  await page.reload();
  const rows = page.getByTestId("delivery-row");
  await expect(rows.filter({ hasText: "refused" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "refused" })).toContainText("3");
  await expect(page.getByText("Webhook signatures do not match the public key the app holds")).toBeVisible();
  const delivered = rows.filter({ hasText: "observer.catalog_product_save_after" }).first();
  await expect(delivered).toBeVisible();
  // the page shows the state when loaded: reload until the worker has handled it
  await expect(async () => {
    await page.reload();
    await expect(delivered).toHaveAttribute("data-outcome", "handled", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  // the replay is a second job for the same stored delivery (its action answered first: leaving before would cancel it)
  const replayed = page.waitForResponse((r) => r.request().method() === "POST" && r.url().startsWith(base));
  await delivered.getByRole("button", { name: /Replay/ }).click();
  expect((await replayed).status()).toBe(200);
  await expect(async () => {
    await page.goto(`${dash.appUrl}/stores/${dash.installationId}/jobs`);
    await expect(page.getByTestId("job-row").filter({ hasText: "Store event" })).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.goto(base);
  // a delivery gone by the time Replay is pressed (pruned, or forged in the form) is answered with why, in its row
  const stale = page
    .getByTestId("delivery-row")
    .filter({ has: page.getByRole("button", { name: /Replay/ }) })
    .first();
  await stale.locator('input[name="deliveryId"]').evaluate((el) => {
    (el as HTMLInputElement).value = "no-such-delivery";
  });
  await stale.getByRole("button", { name: /Replay/ }).click();
  await expect(stale.getByRole("alert")).toContainText("cannot be replayed");
  await page.goto(base);

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await shot(page, "events");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "events-mobile");
});
