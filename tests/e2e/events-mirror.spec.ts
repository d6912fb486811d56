/**
 * Push and poll reach the same mirror, in Chromium, on an Adobe Commerce dev store. Webhooks off: changes made in
 * the store (a REST save and the churn endpoint) reach the mirror only through a sync pass (Sync now). Webhooks on
 * (the store's public key pasted and two webhooks subscribed on the Events page, as a merchant does): the next
 * changes reach it through store events alone, with every entity's passes paused and no pass run. Either way the mirror
 * ends equal to the store's own listing. The Events page shows new deliveries without being reloaded (it refreshes
 * itself; Refresh keeps focus). Screenshots of the Events page in both states at 1280x800 and 390x844; axe clean.
 */
import AxeBuilder from "@axe-core/playwright";
import { createClient } from "@libsql/client";
import type { Page } from "@playwright/test";
import { test, expect, shot, storeGet, type DashEnv } from "./fixtures/dashboard";
import { adminApi } from "./fixtures/store-admin";
import { products, projection, toStoreRecord } from "@magento-integration/sync";

// a small catalogue keeps the backfill short; Commerce has the webhooks module
test.use({ devStore: { edition: "commerce", products: 60 } });

type Rows = Record<string, Record<string, unknown>>;

/** The store's own listing of products, as the mirror keeps each row (the same declaration and projection). */
async function storeProducts(dash: DashEnv): Promise<Rows> {
  const out: Rows = {};
  for (let page = 1; ; page++) {
    const data = await storeGet<{ items?: unknown[]; total_count: number }>(dash, "/products", {
      "searchCriteria[pageSize]": "100",
      "searchCriteria[currentPage]": String(page),
      fields: projection(products),
    });
    for (const row of data.items ?? []) {
      const r = toStoreRecord(products, row);
      out[r.identity] = r.data;
    }
    if (page * 100 >= data.total_count) return out;
  }
}

/** The app's mirror of products (live records), read from its database. */
async function mirrorProducts(dash: DashEnv): Promise<Rows> {
  const db = createClient({ url: dash.databaseUrl });
  try {
    const rs = await db.execute({
      sql: 'SELECT "identity", "data" FROM "SyncRecord" WHERE "installationId" = ? AND "entity" = ? AND "deleted" = 0',
      args: [dash.installationId, "products"],
    });
    return Object.fromEntries(rs.rows.map((r) => [String(r.identity), JSON.parse(String(r.data)) as unknown])) as Rows;
  } finally {
    db.close();
  }
}

interface SyncJson {
  entities: Array<{ entity: string; paused: boolean; running: boolean; lastPassAt: string | null }>;
}
interface JobsJson {
  jobs: Array<{ kind: string; state: string; createdAt: string }>;
}

async function productsSync(page: Page, dash: DashEnv) {
  const res = await page.request.get(`${dash.appUrl}/api/stores/${dash.installationId}/sync`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as SyncJson).entities.find((e) => e.entity === "products")!;
}

async function jobs(page: Page, dash: DashEnv) {
  const res = await page.request.get(`${dash.appUrl}/api/stores/${dash.installationId}/jobs`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as JobsJson).jobs;
}

/** A REST save of one product's price, as an admin or another integration would make it. */
async function savePrice(dash: DashEnv, sku: string, price: number) {
  const res = await fetch(`${dash.store.url}/rest/all/V1/products/${encodeURIComponent(sku)}`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${await dash.adminToken()}` },
    body: JSON.stringify({ product: { sku, price } }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`,
  );

/** Events page screenshots at desktop and phone width, axe clean at both. */
async function shootEvents(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, `${name}-mobile`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("webhooks off: the mirror is filled by a sync pass; webhooks on: by events, no pass; equal to the store either way", async ({
  page,
  dash,
}) => {
  test.setTimeout(300_000);
  const syncUrl = `${dash.appUrl}/stores/${dash.installationId}/sync`;
  const eventsUrl = `${dash.appUrl}/stores/${dash.installationId}/events`;
  const productsRow = page.locator('[data-testid="sync-row"][data-entity="products"]');

  // the products backfill (the app's schedule starts it after activation), then products paused: from here on a
  // products pass runs only when asked for, and one that was running when the pause came is waited for
  await page.goto(syncUrl);
  await expect(async () => {
    await page.reload();
    await expect(productsRow).toContainText("in sync", { timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  await page.getByRole("button", { name: "Pause products" }).click();
  await expect(productsRow).toContainText("paused");
  await expect.poll(async () => (await productsSync(page, dash)).running, { timeout: 60_000 }).toBe(false);
  expect(await mirrorProducts(dash)).toEqual(await storeProducts(dash));

  // ── webhooks off ──
  await page.goto(eventsUrl);
  await expect(page.getByText("No webhooks subscribed in the store.")).toBeVisible();
  await expect(page.getByTestId("key-fingerprint")).toHaveCount(0);
  await shootEvents(page, "events-webhooks-off");

  const skus = Object.keys(await storeProducts(dash)).sort();
  const first = skus[0]!;
  const firstPrice = Number((await storeProducts(dash))[first]!.price) + 7;
  await savePrice(dash, first, firstPrice);
  await adminApi(dash.store, "POST", "/churn", { seed: 11, creates: 4, updates: 12 });
  const changedStore = await storeProducts(dash);
  // nothing pushed, nothing polled: the mirror is behind
  expect(await mirrorProducts(dash)).not.toEqual(changedStore);
  expect((await mirrorProducts(dash))[first]!.price).not.toBe(firstPrice);
  await page.reload();
  await expect(page.getByTestId("delivery-row")).toHaveCount(0);

  // a sync pass catches the mirror up
  const beforePoll = await productsSync(page, dash);
  await page.goto(syncUrl);
  await page.getByRole("button", { name: "Resume products" }).click();
  await page.getByRole("button", { name: "Sync products now" }).click();
  await expect.poll(() => mirrorProducts(dash), { timeout: 60_000 }).toEqual(changedStore);
  // the pass writes the mirror page by page and records itself at its end
  await expect.poll(async () => (await productsSync(page, dash)).lastPassAt).not.toBe(beforePoll.lastPassAt);
  // every entity paused now: no pass nor sweep of this store is scheduled while webhooks are on
  await page.getByRole("button", { name: "Pause every entity" }).click();
  await expect(productsRow).toContainText("paused");
  await expect.poll(async () => (await productsSync(page, dash)).running, { timeout: 60_000 }).toBe(false);
  const paused = await productsSync(page, dash);
  expect(paused.paused).toBe(true);

  // ── webhooks on, as a merchant sets them up on the Events page ──
  await page.goto(eventsUrl);
  const { publicKey } = await adminApi<{ publicKey: string; signing: boolean }>(dash.store, "GET", "/webhooks/key");
  await page.getByLabel("Public key (PEM)").fill(publicKey);
  await page.getByRole("button", { name: "Save public key" }).click();
  await expect(page.getByTestId("key-fingerprint")).toBeVisible();
  const subscribe = page.getByRole("form", { name: "Subscribe a webhook" });
  for (const method of ["observer.catalog_product_save_after", "observer.catalog_product_delete_after"]) {
    await subscribe.getByLabel("Webhook method").fill(method);
    await subscribe.getByRole("button", { name: "Subscribe" }).click();
    await expect(subscribe.getByText(`Subscribed: the store now calls this app on ${method}.`)).toBeVisible();
  }
  const subscriptions = page.getByRole("table", { name: "Webhooks the store calls" });
  await expect(subscriptions.getByRole("row").filter({ hasText: "this app" })).toHaveCount(2);
  const since = new Date().toISOString();

  // a REST save while the page is open: its delivery shows up, then handled, without reloading the page
  const second = skus[1]!;
  const secondPrice = Number(changedStore[second]!.price) + 3;
  await savePrice(dash, second, secondPrice);
  const commerce = page.getByRole("table", { name: "Recent Commerce webhook deliveries, newest first" });
  await expect(commerce.getByTestId("delivery-row").first()).toContainText("observer.catalog_product_save_after", {
    timeout: 30_000,
  });
  await expect(
    commerce.locator('[data-testid="delivery-row"][data-outcome="handled"]').filter({
      hasText: `refreshed products ${second}`,
    }),
  ).toHaveCount(1, { timeout: 30_000 });
  // Refresh asks at once and leaves focus where it was
  const refresh = page.getByRole("button", { name: /^Refresh(ing…)?$/ });
  const asOf = await page.getByTestId("rendered-at").innerText();
  await refresh.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("rendered-at")).not.toHaveText(asOf);
  await expect(page.getByRole("button", { name: "Refresh", exact: true })).toBeFocused();

  // churn: creates, updates and deletes, each raising its webhook in the store
  await adminApi(dash.store, "POST", "/churn", { seed: 12, creates: 4, updates: 12, deletes: 6 });
  const finalStore = await storeProducts(dash);
  expect(finalStore).not.toEqual(changedStore);
  await expect.poll(() => mirrorProducts(dash), { timeout: 60_000 }).toEqual(finalStore);

  // no pass ran: products still paused, its last pass the one before, no sync job for this store since
  const after = await productsSync(page, dash);
  expect(after).toMatchObject({ paused: true, lastPassAt: paused.lastPassAt });
  const recent = (await jobs(page, dash)).filter((j) => j.createdAt >= since);
  expect(recent.filter((j) => j.kind === "sync.pass" || j.kind === "sync.sweep")).toEqual([]);
  expect(recent.filter((j) => j.kind === "store.event").length).toBeGreaterThan(0);
  expect(recent.filter((j) => j.kind === "store.event" && j.state === "failed")).toEqual([]);

  // the deliveries on the page (refreshed by itself): every one handled
  await expect(commerce.locator('[data-testid="delivery-row"][data-outcome="queued"]')).toHaveCount(0, {
    timeout: 30_000,
  });
  await expect(commerce.getByText("observer.catalog_product_delete_after").first()).toBeVisible();
  await shootEvents(page, "events-webhooks-on");

  // Unsubscribe removes this app's subscription in the store: its row goes, the other stays
  await subscriptions.getByRole("button", { name: "Unsubscribe observer.catalog_product_delete_after" }).click();
  await expect(subscriptions.getByRole("row").filter({ hasText: "this app" })).toHaveCount(1, { timeout: 15_000 });
  await expect(subscriptions.getByRole("row").filter({ hasText: "observer.catalog_product_save_after" })).toHaveCount(
    1,
  );
  await expect(subscriptions.getByRole("alert")).toHaveCount(0);
});
