/**
 * The merchant's and the user's experience (issue: a popup that cannot lose the link, forms that keep input, a
 * whole store lifecycle, account basics, the explorer). Each test does what the person did and checks what they
 * should see, against the production build and a dev store. Every spec file signs up its own accounts.
 */
import { test, expect } from "./fixtures/handshake";
import type { Page } from "@playwright/test";
import { PASSWORD, saveAndActivate, signUp, submitWhenHydrated } from "./fixtures/merchant";
import { adminApi, linkNewStore } from "./fixtures/store-admin";

const POPUP = { width: 680, height: 510 };

async function adminToken(storeUrl: string): Promise<string> {
  const res = await fetch(`${storeUrl}/rest/V1/integration/admin/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "admin123" }),
  });
  return (await res.json()) as string;
}

async function productFromStore(storeUrl: string, sku: string): Promise<{ price: number; qty: number }> {
  const res = await fetch(
    `${storeUrl}/rest/V1/products/${encodeURIComponent(sku)}?fields=price,extension_attributes[stock_item[qty]]`,
    { headers: { authorization: `Bearer ${await adminToken(storeUrl)}` } },
  );
  const p = (await res.json()) as { price: number; extension_attributes: { stock_item: { qty: number } } };
  return { price: p.price, qty: p.extension_attributes.stock_item.qty };
}

/**
 * The header items a person cannot see or tap at the page's width: each must lie inside the viewport, and be what a
 * tap at its middle lands on (so not clipped by a scrolling box or covered by something else).
 */
async function headerItemsOutOfReach(page: Page): Promise<string[]> {
  const items = page.getByRole("banner").locator("a, button");
  expect(await items.count()).toBeGreaterThan(1);
  return items.evaluateAll((els) =>
    els
      .filter((e) => {
        const r = e.getBoundingClientRect();
        if (r.width === 0 || r.left < 0 || r.top < 0 || r.right > window.innerWidth || r.bottom > window.innerHeight)
          return true;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !hit || !e.contains(hit);
      })
      .map((e) => e.textContent?.trim() ?? ""),
  );
}

/** Every link of the page's main content, as absolute URLs. */
async function mainLinks(page: Page): Promise<string[]> {
  return page.locator("#main a[href]").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
}

test("the popup shows no navigation, every link keeps the return address, and a left popup is offered on /stores in this browser only", async ({
  page,
  browser,
  store,
  kit,
  shot,
}) => {
  const popup = await saveAndActivate(page, store, kit, "Popup store");
  await popup.setViewportSize(POPUP);
  await popup.waitForURL(/\/login\?next=%2Fintegration%2Fidentity/);
  // no site navigation in the popup: nothing leads away from the link
  await expect(popup.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(popup.getByRole("banner").getByRole("link")).toHaveCount(0);
  await expect(popup.getByTestId("linking-store-host")).toHaveText(new URL(store.storeBaseUrl).host);
  for (const href of await mainLinks(popup))
    expect(href, "a link in the popup's sign-in page").toContain("next=%2Fintegration%2Fidentity");
  await shot(popup, "popup-sign-in");
  // the sign-up and reset pages opened from it keep it too
  await popup.getByRole("link", { name: "Forgot your password?" }).click();
  await popup.waitForURL(/\/reset\?next=%2Fintegration%2Fidentity/);
  await expect(popup.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  for (const href of await mainLinks(popup)) expect(href).toContain("next=%2Fintegration%2Fidentity");
  await popup.getByRole("link", { name: "Back to sign in" }).click();
  await popup.locator("#main").getByRole("link", { name: "Create account" }).click();
  await popup.waitForURL(/\/signup\?next=%2Fintegration%2Fidentity/);
  await expect(popup.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  for (const href of await mainLinks(popup)) expect(href).toContain("next=%2Fintegration%2Fidentity");
  await shot(popup, "popup-sign-up");

  // the merchant closes the popup and signs up in the main window instead: the store shows Active, the app
  // offers to finish the link, naming the store's host in full
  await popup.close();
  // the store's admin reloads its grid once it sees the popup closed (as Magento's does): the app goes in a tab of
  // its own in the same browser, so that reload cannot land in the middle of it
  const app = await page.context().newPage();
  await signUp(app, kit.url, "left-the-popup@example.com");
  await app.goto(`${kit.url}/stores`);
  const offer = app.getByTestId("link-offer");
  await expect(offer).toContainText(`Link ${new URL(store.storeBaseUrl).host}?`);
  await shot(app, "stores-link-offer");

  // another browser, another account: offered nothing
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUp(otherPage, kit.url, "other-browser@example.com");
  await otherPage.goto(`${kit.url}/stores`);
  await expect(otherPage.getByRole("heading", { name: "Stores", exact: true })).toBeVisible();
  await expect(otherPage.getByTestId("link-offer")).toHaveCount(0);
  await other.close();

  await offer.getByRole("button", { name: `Link ${new URL(store.storeBaseUrl).host}` }).click();
  // linked: the action lands on the store's own page (leaving before it answers would cancel the link)
  await app.waitForURL(/\/stores\/[^/?]+$/);
  await expect(app.getByRole("heading", { level: 1 })).toBeVisible();
  await app.goto(`${kit.url}/stores`);
  await expect(app.locator("[data-installation]")).toHaveCount(1);
  await expect(app.locator("[data-installation]").first()).toHaveAttribute("data-state", "active");
  await expect(app.getByTestId("link-offer")).toHaveCount(0);
});

test("forms keep what was typed, say one specific thing per field, focus the first error, confirm saves and warn before leaving", async ({
  page,
  store,
  kit,
  shot,
}) => {
  await signUp(page, kit.url, "forms@example.com");
  const { installationId } = await linkNewStore(page, store, kit, "Forms store");
  const before = await productFromStore(store.url, "24-MB01");
  await page.goto(`${kit.url}/stores/${installationId}/products/24-MB01`);
  const form = page.getByRole("form", { name: "Edit product" });
  await form.and(page.locator("[data-hydrated=true]")).waitFor();

  const cases: Array<[string, string, string, string]> = [
    ["-5", "12", "Price", "Price must be 0 or more"],
    ["12,50", "12", "Price", "Price: use a dot as the decimal separator (12.50)"],
    ["36.505", "12", "Price", "Price allows at most 2 decimals"],
    ["36.5", "2.5", "Quantity", "Quantity must be a whole number"],
    ["36.5", "-3", "Quantity", "Quantity must be 0 or more"],
  ];
  for (const [price, qty, field, message] of cases) {
    await form.getByLabel("Price").fill(price);
    await form.getByLabel("Quantity").fill(qty);
    await form.getByRole("button", { name: "Save to store" }).click();
    await expect(form.getByText(message)).toBeVisible();
    await expect(form.getByText(message)).toHaveCount(1);
    await expect(form.getByLabel("Price")).toHaveValue(price); // what was typed, not the store's old value
    await expect(form.getByLabel("Quantity")).toHaveValue(qty);
    await expect(form.getByLabel(field)).toBeFocused();
  }
  await shot(page, "product-edit-invalid");
  // nothing invalid reached the store
  expect(await productFromStore(store.url, "24-MB01")).toEqual(before);

  await form.getByLabel("Price").fill("36.50");
  await form.getByLabel("Quantity").fill("12");
  await form.getByRole("button", { name: "Save to store" }).click();
  await expect(form.getByRole("status")).toContainText("Saved");
  expect(await productFromStore(store.url, "24-MB01")).toEqual({ price: 36.5, qty: 12 });
  // an edit after the save hides the old confirmation (no stale "saved"), and leaving now asks first
  await form.getByLabel("Price").fill("37");
  await expect(form.getByRole("status")).toHaveText("");
  const dialog = page.waitForEvent("dialog");
  void page.close({ runBeforeUnload: true });
  const d = await dialog;
  expect(d.type()).toBe("beforeunload");
  await d.dismiss();
});

test("pasted tokens, admin origin and portal URL keep every value on an error, secrets included", async ({
  page,
  store,
  kit,
}) => {
  await signUp(page, kit.url, "paste@example.com");
  await page.goto(`${kit.url}/stores/manual`);
  const form = page.getByRole("form", { name: "Store tokens" });
  await form.and(page.locator("[data-hydrated=true]")).waitFor();
  const secret = "a".repeat(32);
  await form.getByLabel("Store base URL").fill("https://user:pw@shop.example.test/");
  await form.getByLabel("Consumer Key").fill("b".repeat(32));
  await form.getByLabel("Consumer Secret").fill(secret);
  await form.getByLabel("Access Token", { exact: true }).fill("c".repeat(32));
  await form.getByLabel("Access Token Secret").fill("d".repeat(32));
  await form.getByRole("button", { name: "Verify and save" }).click();
  await expect(form.locator(".field__error")).toHaveCount(1);
  await expect(form.getByLabel("Store base URL")).toBeFocused();
  await expect(form.getByLabel("Consumer Secret")).toHaveValue(secret);
  await expect(form.getByLabel("Access Token", { exact: true })).toHaveValue("c".repeat(32));
  await expect(form.getByLabel("Access Token Secret")).toHaveValue("d".repeat(32));

  const { installationId } = await linkNewStore(page, store, kit, "Origin store");
  await page.goto(`${kit.url}/stores/${installationId}/diagnostics`);
  const origin = page.getByRole("form", { name: "Admin origin" });
  await origin.and(page.locator("[data-hydrated=true]")).waitFor();
  await origin.getByLabel("Admin origin").fill("https://admin.example.test/path");
  await origin.getByRole("button", { name: "Save admin origin" }).click();
  await expect(origin.getByText("Enter only scheme, host and port")).toBeVisible();
  await expect(origin.getByLabel("Admin origin")).toHaveValue("https://admin.example.test/path");
  await origin.getByLabel("Admin origin").fill("https://admin.example.test");
  await origin.getByRole("button", { name: "Save admin origin" }).click();
  await expect(origin.getByRole("status")).toContainText("Saved");

  await page.goto(`${kit.url}/portal`);
  const portal = page.getByRole("form", { name: "Portal application" });
  await portal.and(page.locator("[data-hydrated=true]")).waitFor();
  await portal.getByLabel("Portal base URL").fill("not a url");
  await portal.getByLabel("Application ID").fill("my-app");
  await portal.getByLabel("Application secret").fill("s3cret-value");
  await portal.getByRole("button", { name: "Save settings" }).click();
  await expect(portal.getByText("Enter the portal's http(s) base URL")).toBeVisible();
  await expect(portal.getByLabel("Portal base URL")).toHaveValue("not a url");
  await expect(portal.getByLabel("Application ID")).toHaveValue("my-app");
  await expect(portal.getByLabel("Application secret")).toHaveValue("s3cret-value");
});

test("store lifecycle: a deleted integration reads as one clear state with one action, and Remove store says what it deletes", async ({
  page,
  store,
  kit,
  shot,
}) => {
  await signUp(page, kit.url, "lifecycle@example.com");
  const { installationId, integrationId } = await linkNewStore(page, store, kit, "Lifecycle store", [
    "Magento_Catalog::products",
    "Magento_Backend::store",
  ]);
  // granted resources: the app asks the store, one read per resource
  await page.goto(`${kit.url}/stores/${installationId}/diagnostics`);
  await submitWhenHydrated(page, "Check granted resources");
  await expect(page.getByTestId("granted-Magento_Catalog::products")).toHaveText("granted");
  await expect(page.getByTestId("granted-Magento_Sales::actions_view")).toHaveText("not granted");
  await shot(page, "diagnostics-resources");

  // the merchant deletes the integration in the store; the next health probe finds out
  await adminApi(store, "DELETE", `/integrations/${integrationId}`);
  await submitWhenHydrated(page, "Run health probe");
  await expect(page.getByText("Probe failed", { exact: true })).toBeVisible();
  for (const where of [`/stores/${installationId}`, `/stores/${installationId}/diagnostics`, "/stores"]) {
    await page.goto(`${kit.url}${where}`);
    await expect(page.locator("[data-state=integration_deleted]").first(), where).toHaveText(/Integration deleted/);
    await expect(page.locator("#main")).not.toContainText("consumer_missing");
    // one instruction: remove it and activate a new integration, never "Reauthorize" for a deleted integration
    const message =
      where === "/stores"
        ? page.locator(`[data-installation="${installationId}"]`)
        : page.getByRole("alert").filter({ hasText: "The integration was deleted in the store" }).first();
    await expect(message).toContainText("add a new integration in the store admin");
    await expect(message).not.toContainText(/click Reauthorize|ask them to Reauthorize/);
    if (where !== "/stores")
      await expect(page.getByRole("alert").filter({ hasText: /integration (was deleted|is gone)/ })).toHaveCount(1);
  }
  await shot(page, "stores-integration-deleted");

  await page.locator(`[data-installation="${installationId}"]`).getByRole("link", { name: "Remove…" }).click();
  await expect(page.getByTestId("removal-list")).toContainText("credentials");
  await expect(page.getByTestId("removal-list")).toContainText("of history");
  await expect(page.getByText("Nothing in the store itself changes")).toBeVisible();
  await shot(page, "remove-store");
  await page.getByRole("button", { name: /^Remove .* from the app$/ }).click();
  await expect(page.getByText("was removed from the app")).toBeVisible();
  await expect(page.locator(`[data-installation="${installationId}"]`)).toHaveCount(0);
});

test("account: changing the password signs out the other browser; the explorer's advice follows the operation's resource", async ({
  page,
  browser,
  store,
  kit,
  shot,
}) => {
  await signUp(page, kit.url, "account@example.com");
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(`${kit.url}/login`);
  await otherPage.locator("form[data-hydrated=true]").waitFor();
  await otherPage.getByLabel("Email").fill("account@example.com");
  await otherPage.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await otherPage.locator("#main").getByRole("button", { name: "Sign in" }).click();
  await otherPage.waitForURL(/\/stores$/);

  await page.goto(`${kit.url}/account`);
  const pw = page.getByRole("form", { name: "Change password" });
  await pw.and(page.locator("[data-hydrated=true]")).waitFor();
  await pw.getByLabel("Current password").fill("wrong password!");
  await pw.getByLabel("New password", { exact: true }).fill("another good password");
  await pw.getByLabel("New password again").fill("another good password");
  await pw.getByRole("button", { name: "Change password" }).click();
  await expect(pw.getByText("Your current password is not right")).toBeVisible();
  await expect(pw.getByLabel("New password", { exact: true })).toHaveValue("another good password");
  await pw.getByLabel("Current password").fill(PASSWORD);
  await pw.getByRole("button", { name: "Change password" }).click();
  await expect(pw.getByRole("status")).toContainText("your password was changed");
  await shot(page, "account");
  await otherPage.goto(`${kit.url}/stores`);
  await expect(otherPage).toHaveURL(/\/login/); // the other browser's session ended
  await other.close();
  await page.goto(`${kit.url}/stores`);
  await expect(page.getByRole("heading", { name: "Stores", exact: true })).toBeVisible(); // this one goes on

  // explorer: an integration with only the products resource
  const { installationId } = await linkNewStore(page, store, kit, "Explorer store", ["Magento_Catalog::products"]);
  const explorer = `${kit.url}/stores/${installationId}/explorer`;
  await page.goto(`${explorer}?op=getModules`);
  await expect(page.getByTestId("op-resource")).toContainText("Resource Access");
  await page.getByRole("button", { name: "Send signed GET" }).click();
  await expect(page.getByText("Only an integration with full access can call this")).toBeVisible();
  await expect(page.locator("#main")).not.toContainText("grant Magento_Backend::admin");

  await page.goto(`${explorer}?op=getCustomersMe`);
  await page.getByRole("button", { name: "Send signed GET" }).click();
  await expect(page.getByText("This operation is for a signed-in customer, not an integration")).toBeVisible();
  await expect(page.locator("#main")).not.toContainText("grant self");

  await page.goto(`${explorer}?op=getOrders`);
  await page.getByRole("button", { name: "Send signed GET" }).click();
  await expect(page.getByText(/tick “Sales › Operations › Orders › Actions › View”/)).toBeVisible();
  await shot(page, "explorer-401");

  // a write asks first; Cancel sends nothing
  await page.goto(`${explorer}?op=putProductsBySku`);
  await page.getByLabel("sku").fill("24-MB01");
  await page.getByLabel("JSON body").fill(JSON.stringify({ product: { price: "not a number" } }));
  await page.getByRole("button", { name: "Send signed PUT" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`Send this PUT to ${new URL(store.storeBaseUrl).host}?`);
  await shot(page, "explorer-confirm");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("explorer-body")).toHaveCount(0);
  await page.getByRole("button", { name: "Send signed PUT" }).click();
  await page.getByRole("button", { name: "Yes, send PUT" }).click();
  // a 400: the store's message with its placeholders filled in
  await expect(page.getByTestId("explorer-store-message")).toBeVisible();
  await expect(page.getByTestId("explorer-store-message")).not.toContainText("%1");
});

test("filters that do nothing are reported; % is literal; unknown pages have a way back; sign-in shows its error once", async ({
  page,
  store,
  kit,
}) => {
  await signUp(page, kit.url, "filters@example.com");
  const { installationId } = await linkNewStore(page, store, kit, "Filters store");
  await page.goto(`${kit.url}/stores/${installationId}/orders?status=bogus&total_from=5`);
  const ignored = page.getByRole("status").filter({ hasText: "Some filters were not applied" });
  await expect(ignored).toContainText("status");
  await expect(ignored).toContainText("unknown order status");
  await expect(ignored).toContainText("total_from");
  await page.goto(`${kit.url}/stores/${installationId}/products?q=${encodeURIComponent("100%")}`);
  await expect(page.getByText("No products match")).toBeVisible(); // "100%" literally, not "starts with 100"

  const res = await page.goto(`${kit.url}/no-such-page`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to your stores" })).toBeVisible();

  const ctx = await page.context().browser()!.newContext();
  const p2 = await ctx.newPage();
  await p2.goto(`${kit.url}/login`);
  await p2.locator("form[data-hydrated=true]").waitFor();
  await p2.getByLabel("Email").fill("filters@example.com");
  await p2.getByLabel("Password", { exact: true }).fill("not the password");
  await p2.locator("#main").getByRole("button", { name: "Sign in" }).click();
  await expect(p2.getByText("Email or password is wrong.")).toHaveCount(1);
  await expect(p2.getByLabel("Email")).toHaveValue("filters@example.com");
  await ctx.close();
});

test("orders and customers open detail pages with items, addresses and labels", async ({ page, store, kit, shot }) => {
  await signUp(page, kit.url, "details@example.com");
  const { installationId } = await linkNewStore(page, store, kit, "Details store");
  await page.goto(`${kit.url}/stores/${installationId}/orders`);
  await page.locator("#orders tbody tr td:first-child a").first().click();
  // The order page makes three store calls; on a loaded machine that takes longer than the default 5 s.
  await page.waitForURL(/\/orders\/\d+$/);
  await expect(page.getByRole("heading", { name: /^Order #/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("table", { name: "Items" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Billing address" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Invoices" })).toBeVisible();
  await expect(page.locator("#main")).not.toContainText("holded");
  await shot(page, "order-detail");
  await page.goto(`${kit.url}/stores/${installationId}/customers`);
  // group names, not 1/2/3
  await expect(page.locator("#customers tbody tr td:nth-child(4)").first()).toHaveText(/General|Wholesale|Retailer/);
  await page.locator("#customers tbody tr td:first-child a").first().click();
  await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
  await expect(page.locator("#main")).toContainText(/General|Wholesale|Retailer/);
  await shot(page, "customer-detail");
});

test("mobile: /stores fits 390 px, every header item is in view, header and tabs stay short, touch targets are 44 px, SKUs stay whole", async ({
  browser,
  store,
  kit,
  shot,
}) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await ctx.newPage();
  await page.goto(`${kit.url}/login`);
  expect.soft(await headerItemsOutOfReach(page), "header items out of reach, signed out").toEqual([]);
  await signUp(page, kit.url, "a.rather.long.mobile.address.for.phones@example.com");
  const { installationId } = await linkNewStore(page, store, kit, "Mobile store");
  for (const path of ["/stores", `/stores/${installationId}`, "/account"]) {
    await page.goto(`${kit.url}${path}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect.soft(await headerItemsOutOfReach(page), `header items out of reach on ${path}`).toEqual([]);
  }
  await page.goto(`${kit.url}/stores`);
  await shot(page, "mobile-stores");

  // an order's items: each SKU on one line (the table scrolls in its own box, like every other table)
  await page.goto(`${kit.url}/stores/${installationId}/orders`);
  await page.locator("#orders tbody tr td:first-child a").first().click();
  const skus = page.locator("#order-items tbody td:first-child a");
  await expect(skus.first()).toBeVisible();
  const broken = await skus.evaluateAll((as) =>
    as.filter((a) => a.getClientRects().length > 1).map((a) => a.textContent),
  );
  expect.soft(broken, "SKUs broken over lines").toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "mobile-order");

  await page.goto(`${kit.url}/stores/${installationId}/products`);
  const header = (await page.locator(".site-header").boundingBox())!.height;
  const tabs = (await page.getByRole("navigation", { name: "Store sections" }).boundingBox())!.height;
  expect(header + tabs).toBeLessThan(200);
  const small = await page
    .locator(".site-header a, .site-header button, .subnav a, #main .btn")
    .evaluateAll((els) =>
      els
        .filter((e) => (e as HTMLElement).offsetParent !== null && e.getBoundingClientRect().height < 44)
        .map((e) => e.textContent),
    );
  expect(small).toEqual([]);
  // The breadcrumb's links are 44 px touch targets; the current page's name must still sit on their line.
  const crumbMiddles = await page
    .getByRole("navigation", { name: "Breadcrumb" })
    .locator("li")
    .evaluateAll((items) =>
      items.map((li) => {
        const range = document.createRange();
        range.selectNodeContents(li);
        const r = range.getBoundingClientRect();
        return r.top + r.height / 2;
      }),
    );
  expect(crumbMiddles.length).toBeGreaterThanOrEqual(3);
  for (const middle of crumbMiddles) expect(Math.abs(middle - crumbMiddles[0]!)).toBeLessThanOrEqual(2);
  await shot(page, "mobile-products");
  // Sign out is in view and signs out with one tap
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).tap();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  await ctx.close();
});

test("home page: Copy buttons copy the two URLs to paste into Magento", async ({ browser, kit }) => {
  const ctx = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  const page = await ctx.newPage();
  await page.goto(kit.url);
  await page.getByRole("button", { name: "Copy the Callback URL" }).click();
  await expect(page.getByText("Callback URL copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(kit.callbackUrl);
  await page.getByRole("button", { name: "Copy the Identity link URL" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(kit.identityUrl);
  await ctx.close();
});

test("password reset over real SMTP: a single-use link, other sessions end", async ({ browser }) => {
  const { SMTPServer } = await import("smtp-server");
  const mails: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, cb) {
      let raw = "";
      stream.on("data", (d: Buffer) => (raw += d.toString()));
      stream.on("end", () => {
        mails.push(raw);
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", () => r()));
  const port = (smtp.server.address() as { port: number }).port;
  const { startKit } = await import("./fixtures/kit-servers");
  const mailKit = await startKit({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Kit <kit@example.test>" });
  try {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await signUp(page, mailKit.url, "reset-smtp@example.com");
    const ctx2 = await browser.newContext();
    const p2 = await ctx2.newPage();
    await p2.goto(`${mailKit.url}/reset`);
    await p2.locator("form[data-hydrated=true]").waitFor();
    await p2.getByLabel("Email").fill("reset-smtp@example.com");
    await p2.getByRole("button", { name: "Email me a link" }).click();
    await expect(p2.getByRole("status")).toContainText("on its way");
    // the address also gets the sign-up's own notice ("Your account was created", docs/security.md): one of each
    const withSubject = (subject: string) => mails.filter((m) => m.includes(`Subject: ${subject}`));
    await expect.poll(() => withSubject("Reset your password").length).toBe(1);
    await expect.poll(() => withSubject("Your account was created").length).toBe(1);
    const body = withSubject("Reset your password")[0]!
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    const link = /http:\/\/127\.0\.0\.1:\d+\/reset\/new\?token=[A-Za-z0-9_-]+/.exec(body)?.[0];
    expect(link).toBeTruthy();
    await p2.goto(link!);
    await p2.locator("form[data-hydrated=true]").waitFor();
    await p2.getByLabel("New password", { exact: true }).fill("short");
    await p2.getByLabel("New password again").fill("different");
    await p2.getByRole("button", { name: "Set password" }).click();
    await expect(p2.getByText("Password must be at least 10 characters")).toBeVisible();
    await expect(p2.getByText("The two passwords differ")).toBeVisible();
    await p2.getByLabel("New password", { exact: true }).fill("a fresh long password");
    await p2.getByLabel("New password again").fill("a fresh long password");
    await p2.getByRole("button", { name: "Set password" }).click();
    await expect(p2.getByText("Your password was changed")).toBeVisible();
    // the link works once; the first browser was signed out
    await p2.goto(link!);
    await expect(p2.getByText("This reset link was already used")).toBeVisible();
    await page.goto(`${mailKit.url}/stores`);
    await expect(page).toHaveURL(/\/login/);
    await ctx.close();
    await ctx2.close();
  } finally {
    await mailKit.stop();
    await new Promise<void>((r) => smtp.close(() => r()));
  }
});

test("in production without SMTP, the reset page says email is not configured", async ({ page, kit }) => {
  await page.goto(`${kit.url}/reset`);
  await expect(page.getByText("Email is not configured on this server")).toBeVisible();
  expect((await page.goto(`${kit.url}/dev/outbox`))?.status()).toBe(404);
});

test("README screenshots: the stores list, the explorer and the identity popup", async ({ page, store, kit }) => {
  const { mkdirSync } = await import("node:fs");
  const { join } = await import("node:path");
  // docs/screenshots/ (committed) only when asked: UPDATE_README_SCREENSHOTS=1 npx playwright test -g README
  const docs = join(__dirname, "..", "..", "docs", "screenshots");
  const file = (name: string) =>
    process.env.UPDATE_README_SCREENSHOTS
      ? join(docs, `${name}.png`)
      : join(__dirname, "screenshots", `readme-${name}.png`);
  mkdirSync(docs, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page, kit.url, "readme@example.com");
  const shop = await linkNewStore(page, store, kit, "Main shop");
  const gone = await linkNewStore(page, store, kit, "Old integration");
  await page.goto(`${kit.url}/stores/${shop.installationId}/diagnostics`);
  const label = page.getByRole("form", { name: "Name in this app" });
  await label.and(page.locator("[data-hydrated=true]")).waitFor();
  await label.getByLabel("Name in this app").fill("Main shop");
  await label.getByRole("button", { name: "Save name" }).click();
  await expect(label.getByRole("status")).toContainText("Saved");
  await adminApi(store, "DELETE", `/integrations/${gone.integrationId}`);
  await page.goto(`${kit.url}/stores/${gone.installationId}/diagnostics`);
  await submitWhenHydrated(page, "Run health probe");
  await expect(page.getByText("Probe failed", { exact: true })).toBeVisible();
  await page.goto(`${kit.url}/stores`);
  await expect(page.locator("[data-installation][data-state=integration_deleted]")).toHaveCount(1);
  await page.screenshot({ path: file("stores") });

  await page.goto(`${kit.url}/stores/${shop.installationId}/explorer?op=postCategories`);
  await page.getByText("Read the schema with an admin account instead").click();
  const admin = page.getByRole("form", { name: "Admin login for the schema" });
  await admin.and(page.locator("[data-hydrated=true]")).waitFor();
  await admin.getByLabel("Admin user name").fill("admin");
  await admin.getByLabel("Admin password").fill("admin123");
  await admin.getByRole("button", { name: "Read schema" }).click();
  await expect(page.getByRole("heading", { name: /Available on this store/ })).toBeVisible({ timeout: 30_000 }); // admin token + the whole schema
  await page.getByRole("button", { name: "Send signed POST" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 1150 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file("explorer") });

  const { identityUrl } = await (await import("./fixtures/store-admin")).createAndActivate(store, kit, "Popup shot");
  const ctx = await page.context().browser()!.newContext({ viewport: POPUP });
  const popup = await ctx.newPage();
  await popup.goto(identityUrl);
  await popup.waitForURL(/\/login\?next=/);
  await popup.screenshot({ path: file("popup") });
  await ctx.close();
});
