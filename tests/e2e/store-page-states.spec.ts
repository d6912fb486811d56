/**
 * Store pages in the states that used to be left out: the explorer on a Magento Open Source store (what it has
 * first, Commerce-only operations closed at the end), a revoked store's explorer (the advice table's words, not a
 * generic schema hint), the export page of a store whose integration was deleted (the one banner, no form), the
 * Remove store page counting bulk edits, and the bulk edit preview against the sync mirror. Screenshots at
 * 1280×800 and 390×844 (tests/e2e/screenshots/dashboard-*.png); axe finds nothing.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect, shot, storeGet } from "./fixtures/dashboard";
import { adminApi } from "./fixtures/store-admin";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Screenshots at both sizes, axe at both. */
async function bothSizes(page: Page, name: string) {
  for (const [size, suffix] of [
    [DESKTOP, "1280"],
    [PHONE, "390"],
  ] as const) {
    await page.setViewportSize(size);
    await shot(page, `${name}-${suffix}`);
    expect(
      (await new AxeBuilder({ page }).analyze()).violations.map(
        (v) => `${name}@${suffix} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`,
      ),
    ).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

test("explorer on an Open Source store: its operations first, Commerce-only ones closed at the end, marked", async ({
  page,
  dash,
}) => {
  const base = `${dash.appUrl}/stores/${dash.installationId}/explorer`;
  await page.goto(base);
  // first what the store has: the Open Source operations (schema unknown) or those its schema lists (read with an
  // admin account earlier in this worker), never a Commerce-only one
  const list = page.locator("#op-list");
  await expect(list.locator("> section").first().getByRole("heading")).toHaveText(
    /^(Operations of Magento Open Source|Available on this store) \(\d+\)$/,
  );
  await expect(list.locator("> section .badge", { hasText: "Commerce" })).toHaveCount(0);
  // the Commerce-only ones last, closed, saying the store cannot serve them
  const commerce = page.getByTestId("ops-commerce");
  await expect(list.locator("> :last-child")).toHaveAttribute("data-testid", "ops-commerce");
  await expect(commerce).toHaveJSProperty("open", false);
  await expect(commerce.locator("summary")).toContainText("Adobe Commerce only: not available on this store");
  // nothing is lost: the groups hold every operation the count names
  const count = Number((await page.locator("#op-count").innerText()).split(" ")[0]);
  expect(await list.locator("li").count()).toBe(count);
  await commerce.locator("summary").click();
  await expect(commerce).toHaveJSProperty("open", true);
  await bothSizes(page, "explorer-open-source");

  // a Commerce-only operation chosen: its group stays open, and the page says this store cannot serve it
  await page.goto(`${base}?op=getGiftWrappings`);
  await expect(page.getByTestId("ops-commerce")).toHaveJSProperty("open", true);
  await expect(page.getByText("Commerce-only operation: not available on this store")).toBeVisible();
});

test("a revoked store's explorer says the token was revoked and to Reauthorize, with no admin-token form", async ({
  page,
  dash,
}) => {
  const other = await dash.activateAnother("Revoked explorer e2e");
  const res = await fetch(`${dash.store.url}/admin/api/integrations/${other.integrationId}/revoke`, { method: "POST" });
  expect(res.ok).toBe(true);
  const url = `${dash.appUrl}/stores/${other.installationId}/explorer?op=getProducts`;
  for (const visit of ["first visit", "after a reload"]) {
    await page.goto(url);
    const hint = page.getByTestId("schema-token-refused");
    await expect(hint, visit).toContainText("click Reauthorize on this integration");
    await expect(page.locator(".alert").filter({ has: hint })).toContainText(
      "Availability unknown: the store revoked this app's access token",
    );
    await expect(page.getByText("Read the schema with an admin account instead")).toHaveCount(0);
    await expect(page.getByText(/Stores usually serve it to admin tokens only/)).toHaveCount(0);
  }
  await bothSizes(page, "explorer-revoked");
});

test("the export page of a store whose integration was deleted shows the one state and action, no form", async ({
  page,
  dash,
}) => {
  const gone = await dash.activateAnother("Deleted export e2e");
  await adminApi(dash.store, "DELETE", `/integrations/${gone.integrationId}`);
  const base = `${dash.appUrl}/stores/${gone.installationId}`;
  // the next store call finds out (as a page or a health probe does)
  await page.goto(`${base}/products`);
  await expect(page.getByText("The integration was deleted in the store").first()).toBeVisible();
  await page.goto(`${base}/export`);
  await expect(page.locator("[data-state=integration_deleted]").first()).toHaveText(/Integration deleted/);
  await expect(page.getByRole("alert").filter({ hasText: /integration (was deleted|is gone)/ })).toHaveCount(1);
  await expect(page.getByTestId("state-action")).toContainText("Remove this store from the app");
  await expect(page.getByRole("heading", { name: "New export" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /export/i })).toHaveCount(0);
  await expect(page.getByText("npm run --silent export")).toHaveCount(0);
  await expect(page.getByTestId("export-unavailable")).toBeVisible();
  await bothSizes(page, "export-integration-deleted");
});

test("Remove store counts the store's bulk edits and their operations", async ({ page, dash }) => {
  const doomed = await dash.activateAnother("Removal count e2e");
  const { items } = await storeGet<{ items: Array<{ sku: string; price: number }> }>(dash, "/products", {
    "searchCriteria[pageSize]": "3",
    fields: "items[sku,price]",
  });
  const csv = ["sku,price", ...items.map((p) => `${p.sku},${p.price}`)].join("\n");
  const base = `${dash.appUrl}/stores/${doomed.installationId}`;
  await page.goto(`${base}/bulk`);
  await page
    .getByLabel("CSV or NDJSON file")
    .setInputFiles({ name: "same-prices.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Check file" }).click();
  await page.getByRole("button", { name: `Send ${items.length} rows` }).click();
  await expect(page.getByText("Submitted")).toBeVisible();

  await page.goto(`${base}/remove`);
  await expect(page.getByTestId("removal-bulk")).toHaveText(
    `1 bulk edit: ${items.length} operations sent to the store, with each row's result (the Bulk edit page)`,
  );
  await bothSizes(page, "remove-with-bulk");
  await page.getByRole("button", { name: /^Remove .* from the app$/ }).click();
  await expect(page.getByText("was removed from the app")).toBeVisible();
});

test("bulk edit preview against the sync mirror: unknown SKUs, and each change in the merchant's words", async ({
  page,
  dash,
}) => {
  test.setTimeout(180_000);
  const sync = `${dash.appUrl}/stores/${dash.installationId}/sync`;
  await page.goto(sync);
  const products = page.locator('[data-testid="sync-row"][data-entity="products"]');
  await page.getByRole("button", { name: "Sync products now" }).click();
  await expect(async () => {
    await page.reload();
    await expect(products).toContainText("in sync", { timeout: 1_000 });
  }).toPass({ timeout: 120_000 });

  const { items } = await storeGet<{ items: Array<{ sku: string; price: number; status: number }> }>(
    dash,
    "/products",
    { "searchCriteria[pageSize]": "3", fields: "items[sku,price,status]" },
  );
  const [a, b, c] = items as [(typeof items)[0], (typeof items)[0], (typeof items)[0]];
  const words = (s: number) => `${s} (${s === 1 ? "enabled" : "disabled"})`;
  const flipped = b.status === 1 ? 2 : 1;
  const csv = [
    "sku,price,status",
    `${a.sku},${(a.price + 1).toFixed(2)},`,
    `${b.sku},,${flipped}`,
    "NO-SUCH-SKU-MIRROR,5,",
    `${c.sku},${c.price},`,
  ].join("\n");
  await page.goto(`${dash.appUrl}/stores/${dash.installationId}/bulk`);
  await page
    .getByLabel("CSV or NDJSON file")
    .setInputFiles({ name: "mirror-preview.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByTestId("bulk-preview")).toBeVisible();
  await expect(page.getByTestId("unknown-row")).toHaveText(["row 3: NO-SUCH-SKU-MIRROR"]);
  await expect(page.getByText("1 SKU is not in the store", { exact: true })).toBeVisible();
  await expect(page.getByTestId("change-count")).toHaveText("2");
  await expect(page.getByTestId("bulk-preview")).toContainText("2 rows change something, 1 changes nothing.");
  const changes = page.getByTestId("change-row");
  await expect(changes).toHaveCount(2);
  await expect(changes.nth(1)).toContainText(`status: ${words(b.status)} → ${words(flipped)}`);
  await expect(changes.nth(0)).toContainText(`price: ${a.price} → ${(a.price + 1).toFixed(2)}`);
  await bothSizes(page, "bulk-preview-mirror");
  // nothing was sent: the store's values are unchanged
  expect(
    (await storeGet<{ price: number }>(dash, `/products/${encodeURIComponent(a.sku)}`, { fields: "price" })).price,
  ).toBe(a.price);
});
