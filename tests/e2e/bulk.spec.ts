/**
 * Bulk edit in Chromium: from the products grid, a 1,000-row CSV with 10 bad rows is checked (the preview lists
 * exactly those 10), sent, followed to 100 %, and the failures CSV holds the rows the store refused plus the bad
 * ones, with formula cells escaped. Desktop and phone screenshots; axe finds nothing on the page.
 */
import AxeBuilder from "@axe-core/playwright";
import { test, expect, shot, storeGet } from "./fixtures/dashboard";

test("a 1,000-row CSV: preview shows the 10 bad rows, progress reaches 100 %, the failures CSV holds what the store refused", async ({
  page,
  dash,
}) => {
  // The store is shared with the other browser tests of this worker: each product gets its own price again, so
  // the catalogue they check is unchanged (the bulk path is exercised all the same: every row is a real write).
  const pages = await Promise.all(
    [1, 2, 3, 4, 5].map((p) =>
      storeGet<{ items: Array<{ sku: string; price?: number }> }>(dash, "/products", {
        "searchCriteria[pageSize]": "300",
        "searchCriteria[currentPage]": String(p),
        fields: "items[sku,price]",
      }),
    ),
  );
  const priced = pages
    .flatMap((p) => p.items)
    .filter((i): i is { sku: string; price: number } => typeof i.price === "number" && i.price > 0)
    .slice(0, 985);
  expect(priced).toHaveLength(985);
  const lines = ["sku,price"];
  for (const p of priced) lines.push(`${p.sku},${p.price.toFixed(2)}`);
  for (let i = 0; i < 5; i++) lines.push(`UNKNOWN-SKU-${i},12`); // valid rows the store refuses (no such product)
  for (let i = 0; i < 9; i++) lines.push(`BAD-${i},not-a-price`);
  lines.push('"=HYPERLINK(""http://evil.test"")",-5'); // a formula as the SKU (and a negative price): escaped in the CSV
  expect(lines.length - 1).toBe(1000);

  await page.goto(`${dash.appUrl}/stores/${dash.installationId}/products`);
  await page.getByRole("link", { name: "Bulk edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Bulk edit/ })).toBeVisible();
  await page
    .getByLabel("CSV or NDJSON file")
    .setInputFiles({ name: "prices.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\n")) });
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByTestId("bulk-preview")).toBeVisible();
  await expect(page.getByTestId("invalid-count")).toHaveText("10");
  await expect(page.getByTestId("invalid-row")).toHaveCount(10);
  // against the sync mirror, once the app has synced the store's products: the 5 unknown SKUs are flagged
  await expect(page.getByTestId("no-mirror").or(page.getByTestId("change-count"))).toBeVisible();
  if (await page.getByTestId("change-count").isVisible())
    await expect(page.getByTestId("unknown-row")).toHaveText(
      [0, 1, 2, 3, 4].map((i) => `row ${986 + i}: UNKNOWN-SKU-${i}`),
    );
  await shot(page, "bulk-preview");

  await page.getByRole("button", { name: "Send 990 rows" }).click();
  await expect(page.getByText("Submitted")).toBeVisible();
  const row = page.getByTestId("bulk-row").first();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("bulk-row").first()).toHaveAttribute("data-state", "done");
  }).toPass({ timeout: 90_000 });
  await expect(row.getByTestId("bulk-percent")).toHaveText("100%");
  await expect(row).toContainText("985 complete, 15 not");
  await shot(page, "bulk");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  const link = row.getByRole("link", { name: "Failures CSV" });
  const res = await page.request.get(new URL((await link.getAttribute("href"))!, dash.appUrl).href);
  expect(res.status()).toBe(200);
  const csv = (await res.text()).trim().split("\r\n");
  expect(csv[0]).toBe('"row","sku","status","message"');
  expect(
    csv
      .slice(1)
      .filter((l) => l.includes('"failed"'))
      .map((l) => l.split(",")[1]),
  ).toEqual([0, 1, 2, 3, 4].map((i) => `"UNKNOWN-SKU-${i}"`));
  expect(csv.slice(1).filter((l) => l.includes('"invalid"'))).toHaveLength(10);
  expect(csv.some((l) => l.includes(`"'=HYPERLINK(""http://evil.test"")"`))).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  // the page streams: axe and the width check must see it rendered, not the shell before the heading
  await expect(page.getByRole("heading", { level: 1, name: /Bulk edit/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "bulk-mobile");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test("a workbook is named with what to do, at 390 px without widening the page; past 10 MB the upload is refused, and a page takes at most 1 MB", async ({
  page,
  dash,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${dash.appUrl}/stores/${dash.installationId}/bulk`);
  // an .xlsx begins as a zip whose first entry is [Content_Types].xml
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(19, 26);
  const xlsx = Buffer.concat([header, Buffer.from("[Content_Types].xml"), Buffer.alloc(4000, 0x8f)]);
  await page.getByLabel("CSV or NDJSON file").setInputFiles({
    name: `prices-${"very-long-name-".repeat(12)}.xlsx`,
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: xlsx,
  });
  await page.getByRole("button", { name: "Check file" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "workbook" });
  await expect(alert).toContainText("This is an Excel workbook (.xlsx), not a CSV file");
  await expect(alert).toContainText("save it as CSV UTF-8");
  await expect(alert).not.toContainText("Content_Types");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "bulk-wrong-file-mobile");

  // the upload route: 11 MB refused with what to do; nothing recorded
  const boundary = "----e2eBoundary";
  const big = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\nsku,price\n`,
    ),
    Buffer.alloc(11 * 1024 * 1024, "A"),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const upload = await page.request.post(`${dash.appUrl}/api/stores/${dash.installationId}/bulk`, {
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Origin: dash.appUrl },
    data: big,
  });
  expect(upload.status()).toBe(413);
  expect(((await upload.json()) as { error: string }).error).toMatch(/larger than 10 MB: split the file/);

  // a page (sign-in's server action) takes 1 MB at most: 11 MB is refused before Next reads it
  const signIn = await page.request.post(`${dash.appUrl}/login`, {
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Origin: dash.appUrl, "Next-Action": "0" },
    data: big,
  });
  expect(signIn.status()).toBe(413);
});
