/**
 * The dashboard against a real dev store: data pages driven by the URL and checked against the store's own
 * data (admin-token REST), a signed product edit, three explorer calls, the developer portal, and the
 * reauthorize banner after a revocation. Every page is screenshotted to tests/e2e/screenshots/.
 */
import { test, expect, shot, storeGet } from "./fixtures/dashboard";

type List<T> = { items: T[]; total_count: number };

const sc = (
  groups: Array<Array<[string, string, string]>>,
  sort: [string, string],
  pageSize: number,
  currentPage: number,
) => {
  const p: Record<string, string> = {};
  groups.forEach((g, i) =>
    g.forEach(([field, cond, value], j) => {
      p[`searchCriteria[filter_groups][${i}][filters][${j}][field]`] = field;
      p[`searchCriteria[filter_groups][${i}][filters][${j}][value]`] = value;
      p[`searchCriteria[filter_groups][${i}][filters][${j}][condition_type]`] = cond;
    }),
  );
  p["searchCriteria[sortOrders][0][field]"] = sort[0];
  p["searchCriteria[sortOrders][0][direction]"] = sort[1];
  p["searchCriteria[pageSize]"] = String(pageSize);
  p["searchCriteria[currentPage]"] = String(currentPage);
  return p;
};

test.describe.configure({ mode: "serial" });

test("stores list and store overview show the store from storeConfigs and websites", async ({ page, dash }) => {
  await page.goto(`${dash.appUrl}/stores`);
  await expect(page.getByRole("heading", { name: "Stores" })).toBeVisible();
  await shot(page, "stores");
  await page.goto(`${dash.appUrl}/stores/${dash.installationId}`);
  await expect(page.getByText("Main Website").first()).toBeVisible();
  await expect(page.getByText("Default Store View").first()).toBeVisible();
  await expect(page.locator("[data-state=active]").first()).toBeVisible();
  await expect(page.getByRole("link", { name: /Diagnostics/ }).first()).toBeVisible();
  await shot(page, "overview");
});

test("products: search, price range, sort and paging follow the URL and match the store", async ({ page, dash }) => {
  const base = `${dash.appUrl}/stores/${dash.installationId}/products`;
  await page.goto(base);
  await expect(page.getByRole("table", { name: /Products/ })).toBeVisible();
  await shot(page, "products");

  await page.getByLabel("Name or SKU contains").fill("bag");
  await page.getByLabel("Price from").fill("50");
  await page.getByLabel("Price to").fill("250");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/q=bag/);
  // sort by price: first click ascending, second descending
  await page.getByRole("columnheader", { name: /Price/ }).getByRole("link").click();
  await expect(page).toHaveURL(/sort=price&dir=asc/);
  await page.getByRole("columnheader", { name: /Price/ }).getByRole("link").click();
  await expect(page).toHaveURL(/sort=price&dir=desc/);
  await expect(page.getByRole("columnheader", { name: /Price/ })).toHaveAttribute("aria-sort", "descending");
  await page
    .getByRole("navigation", { name: /Rows per page/ })
    .getByRole("link", { name: "10", exact: true })
    .click();
  await expect(page).toHaveURL(/size=10/);
  await page.getByRole("navigation", { name: "Products pages" }).getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);

  const expected = await storeGet<List<{ sku: string }>>(dash, "/products", {
    ...sc(
      [
        [
          ["name", "like", "%bag%"],
          ["sku", "like", "%bag%"],
        ],
        [["price", "from", "50"]],
        [["price", "to", "250"]],
      ],
      ["price", "DESC"],
      10,
      2,
    ),
    fields: "items[sku],total_count",
  });
  expect(expected.items.length).toBeGreaterThan(0);
  const skus = await page.locator("#products tbody tr td:first-child").allInnerTexts();
  expect(skus).toEqual(expected.items.map((i) => i.sku));
  await expect(page.locator("#products caption")).toContainText(`${expected.total_count} matching`);
  await shot(page, "products-filtered");

  // back button returns to page 1 with the same filters
  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page).toHaveURL(/q=bag/);
  const page1 = await storeGet<List<{ sku: string }>>(dash, "/products", {
    ...sc(
      [
        [
          ["name", "like", "%bag%"],
          ["sku", "like", "%bag%"],
        ],
        [["price", "from", "50"]],
        [["price", "to", "250"]],
      ],
      ["price", "DESC"],
      10,
      1,
    ),
    fields: "items[sku],total_count",
  });
  await expect(page.locator("#products tbody tr td:first-child")).toHaveText(page1.items.map((i) => i.sku));

  // status and category filters
  await page.goto(`${base}?category=4&status=1&size=10`);
  const cat = await storeGet<List<{ sku: string }>>(dash, "/products", {
    ...sc([[["status", "eq", "1"]], [["category_id", "eq", "4"]]], ["sku", "ASC"], 10, 1),
    fields: "items[sku],total_count",
  });
  await expect(page.locator("#products tbody tr td:first-child")).toHaveText(cat.items.map((i) => i.sku));
});

test("orders: status in, date range, customer and grand total match the store", async ({ page, dash }) => {
  const base = `${dash.appUrl}/stores/${dash.installationId}/orders`;
  await page.goto(base);
  await expect(page.getByRole("table", { name: /Orders/ })).toBeVisible();
  await shot(page, "orders");
  await page.getByRole("checkbox", { name: "Pending", exact: true }).check();
  await page.getByRole("checkbox", { name: "Complete", exact: true }).check();
  await page.getByLabel("Created from").fill("2024-03-01");
  await page.getByLabel("Created to").fill("2024-08-31");
  await page.getByLabel("Grand total from").fill("100");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/status=pending&status=complete/);
  await page
    .getByRole("columnheader", { name: /Grand total/ })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/sort=grand_total&dir=asc/);

  const expected = await storeGet<List<{ increment_id: string }>>(dash, "/orders", {
    ...sc(
      [
        [["status", "in", "pending,complete"]],
        [["created_at", "from", "2024-03-01 00:00:00"]],
        [["created_at", "to", "2024-08-31 23:59:59"]],
        [["grand_total", "gteq", "100"]],
      ],
      ["grand_total", "ASC"],
      20,
      1,
    ),
    fields: "items[increment_id],total_count",
  });
  expect(expected.total_count).toBeGreaterThan(0);
  await expect(page.locator("#orders tbody tr td:first-child")).toHaveText(expected.items.map((i) => i.increment_id));
  await expect(page.locator("#orders caption")).toContainText(`${expected.total_count} matching`);
  await shot(page, "orders-filtered");

  // customer name (first + last)
  const one = await storeGet<List<{ customer_firstname: string; customer_lastname: string }>>(dash, "/orders", {
    ...sc([], ["created_at", "DESC"], 1, 1),
    fields: "items[customer_firstname,customer_lastname],total_count",
  });
  const who = one.items[0]!;
  await page.goto(`${base}?customer=${encodeURIComponent(`${who.customer_firstname} ${who.customer_lastname}`)}`);
  const rows = page.locator("#orders tbody tr td:nth-child(3)");
  await expect(rows.first()).toContainText(who.customer_lastname);
  for (const t of await rows.allInnerTexts()) expect(t).toBe(`${who.customer_firstname} ${who.customer_lastname}`);
});

test("customers, categories and CMS pages render from the store", async ({ page, dash }) => {
  const base = `${dash.appUrl}/stores/${dash.installationId}`;
  await page.goto(`${base}/customers?q=clark`);
  await expect(page.getByRole("table", { name: /Customers/ })).toBeVisible();
  for (const t of await page.locator("#customers tbody tr").allInnerTexts()) expect(t.toLowerCase()).toContain("clark");
  await shot(page, "customers");
  await page.goto(`${base}/categories`);
  await expect(page.getByRole("link", { name: "Bags" })).toBeVisible();
  await shot(page, "categories");
  await page.goto(`${base}/cms`);
  await expect(page.getByRole("table", { name: /CMS pages/ })).toBeVisible();
  await expect(page.getByText("about-us")).toBeVisible();
  await shot(page, "cms");
  await page.goto(`${base}/products?price_from=abc&size=7`);
  await expect(page.getByText("Some filters were not applied")).toBeVisible();
  await page.goto(`${base}/products?q=no-such-product-anywhere`);
  await expect(page.getByRole("heading", { name: "No products match" })).toBeVisible();
  await shot(page, "products-empty");
  // narrow screens: the table scrolls inside its region, the page does not overflow
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/products?size=10`);
  await expect(page.getByRole("table", { name: /Products/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "products-mobile");
});

test("edit a product with a signed PUT and see the change in the dev store", async ({ page, dash }) => {
  const first = await storeGet<List<{ sku: string }>>(dash, "/products", {
    ...sc([], ["sku", "ASC"], 1, 1),
    fields: "items[sku],total_count",
  });
  const sku = first.items[0]!.sku;
  await page.goto(`${dash.appUrl}/stores/${dash.installationId}/products/${encodeURIComponent(sku)}`);
  await expect(page.getByRole("heading", { name: "Stock item" })).toBeVisible();
  await expect(page.getByRole("table", { name: /Category links/ })).toBeVisible();
  await shot(page, "product");
  const newName = `Edited ${Date.now()}`;
  await page.getByLabel("Name").fill(newName);
  await page.getByLabel("Price").fill("123.45");
  await page.getByLabel("Quantity").fill("77");
  await page.getByRole("button", { name: "Save to store" }).click();
  await expect(page.getByText(/Saved: the store answered HTTP 200/)).toBeVisible();
  await shot(page, "product-saved");
  const token = await dash.adminToken();
  const res = await fetch(
    `${dash.store.url}/rest/V1/products/${encodeURIComponent(sku)}?fields=name,price,extension_attributes[stock_item[qty]]`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const p = (await res.json()) as {
    name: string;
    price: number;
    extension_attributes?: { stock_item?: { qty: number } };
  };
  expect(p.name).toBe(newName);
  expect(p.price).toBe(123.45);
  expect(p.extension_attributes?.stock_item?.qty).toBe(77);
  // invalid input is refused before anything is sent
  await page.getByLabel("Price").fill("cheap");
  await page.getByRole("button", { name: "Save to store" }).click();
  await expect(page.getByText("Price must be a number such as 19.99")).toBeVisible();
  await expect(page.getByLabel("Price")).toHaveValue("cheap");
});

test("explorer: a GET with searchCriteria, a POST, and a Commerce-only operation", async ({ page, dash }) => {
  const base = `${dash.appUrl}/stores/${dash.installationId}/explorer`;
  await page.goto(base);
  await expect(page.getByText(/of \d+ operations/)).toBeVisible();
  await shot(page, "explorer");

  // 1. GET /V1/products with searchCriteria and fields
  await page.getByLabel("Path, module or name").fill("GET /V1/products");
  await page.getByRole("button", { name: "Find" }).click();
  await page
    .locator(".op-list a", { hasText: /^GET\/V1\/products(?!\/)/ })
    .first()
    .click();
  await expect(page).toHaveURL(/op=getProducts\b/);
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Filter 1 field").fill("name");
  await page.getByLabel("Filter 1 value").fill("%bag%");
  await page.getByLabel("Sort field").fill("price");
  await page.getByLabel("Sort direction").selectOption("DESC");
  await page.getByLabel("pageSize").fill("3");
  await page.getByLabel("fields", { exact: true }).fill("items[sku,price],total_count");
  await page.getByRole("button", { name: "Send signed GET" }).click();
  await expect(page.getByText(/HTTP 200 in \d+ ms/)).toBeVisible();
  const body = JSON.parse(await page.getByTestId("explorer-body").innerText()) as List<{ sku: string }>;
  const expected = await storeGet<List<{ sku: string }>>(dash, "/products", {
    ...sc([[["name", "like", "%bag%"]]], ["price", "DESC"], 3, 1),
    fields: "items[sku,price],total_count",
  });
  expect(body).toEqual(expected);
  const curl = await page.getByTestId("explorer-curl").textContent();
  expect(curl).toContain('oauth_signature="<signature>"');
  expect(curl).toContain(
    "searchCriteria%5BfilterGroups%5D%5B0%5D%5Bfilters%5D%5B0%5D%5Bfield%5D=name".replace(
      "filterGroups",
      "filter_groups",
    ),
  );
  // the inputs stay for the next call
  await expect(page.getByLabel("fields", { exact: true })).toHaveValue("items[sku,price],total_count");
  await shot(page, "explorer-get");

  // 2. POST /V1/categories
  await page.goto(`${base}?op=postCategories`);
  await page.waitForLoadState("networkidle");
  const name = `E2E category ${Date.now()}`;
  await page.getByLabel("JSON body").fill(JSON.stringify({ category: { name, is_active: true, parent_id: 2 } }));
  await page.getByRole("button", { name: "Send signed POST" }).click();
  // a write asks first, naming the store
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, send POST" }).click();
  await expect(page.getByText(/HTTP 200 in \d+ ms/)).toBeVisible();
  const created = JSON.parse(await page.getByTestId("explorer-body").innerText()) as { id: number; name: string };
  expect(created.name).toBe(name);
  const token = await dash.adminToken();
  const check = await fetch(`${dash.store.url}/rest/V1/categories/${created.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await check.json()) as { name: string }).name).toBe(name);
  await shot(page, "explorer-post");

  // 3. Commerce-only: marked, and the Open Source store answers 404
  await page.goto(`${base}?edition=commerce&q=gift-wrappings`);
  const commerceItems = page.locator(".op-list li");
  await expect(commerceItems.first()).toContainText("Commerce");
  await page.goto(`${base}?op=getGiftWrappings`);
  await page.waitForLoadState("networkidle");
  await expect(page.getByText("Commerce-only operation")).toBeVisible();
  // the integration may not read the schema; an admin account can (credentials used once, not stored)
  await expect(page.getByText(/Availability unknown/)).toBeVisible();
  await page.getByText("Read the schema with an admin account instead").click();
  await page.getByLabel("Admin user name").fill("admin");
  await page.getByLabel("Admin password").fill("admin123");
  await page.getByRole("button", { name: "Read schema" }).click();
  await expect(page.getByText(/The store's live schema lists \d+ of these operations/)).toBeVisible();
  await expect(page.locator(".card").getByText("not in store schema")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Send signed GET" }).click();
  await expect(page.getByText(/HTTP 404 in \d+ ms/)).toBeVisible();
  await expect(page.getByTestId("explorer-body")).toContainText("Request does not match any route");
  await shot(page, "explorer-commerce");
});

test("developer portal: configure the app, get a session token and the profile", async ({ page, dash }) => {
  await page.goto(`${dash.appUrl}/portal`);
  await shot(page, "portal-empty");
  await page.getByLabel("Portal base URL").fill(dash.store.portalUrl);
  await page.getByLabel("Application ID").fill("demo-app-id");
  await page.getByLabel("Application secret").fill("demo-app-secret");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  await page.getByRole("button", { name: "Get session token" }).click();
  await expect(page.getByText("New session token obtained")).toBeVisible();
  await expect(page.getByTestId("portal-account-id")).toHaveText("MAG123456789");
  await expect(page.getByText("platform_id")).toBeVisible();
  await page.getByRole("button", { name: "Show profile" }).click();
  await expect(page.getByRole("heading", { name: "User profile" })).toBeVisible();
  await expect(page.getByText("developer@example.com", { exact: true })).toBeVisible();
  await expect(page.getByText("Session token (from cache)")).toBeVisible();
  await shot(page, "portal");
  // the secret is never sent back to the browser
  expect(await page.content()).not.toContain("demo-app-secret");
});

test("after the dev store revokes the token, store pages show the reauthorize banner", async ({ page, dash }) => {
  const other = await dash.activateAnother("Revoked e2e");
  const base = `${dash.appUrl}/stores/${other.installationId}`;
  await page.goto(`${base}/products`);
  await expect(page.getByRole("table", { name: /Products/ })).toBeVisible();
  const res = await fetch(`${dash.store.url}/admin/api/integrations/${other.integrationId}/revoke`, { method: "POST" });
  expect(res.ok).toBe(true);
  await page.goto(`${base}/products`);
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: /revoked|reauthoriz/i })
      .first(),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByText(/needs to be reauthorized|revoked this app's access/).first()).toBeVisible();
  await expect(page.getByTestId("state-action").first()).toContainText("click Reauthorize on this integration");
  await expect(page.getByRole("link", { name: /Diagnostics: history/ }).first()).toHaveAttribute(
    "href",
    `/stores/${other.installationId}/diagnostics`,
  );
  await shot(page, "reauthorize-banner");
  // the first store is unaffected
  await page.goto(`${dash.appUrl}/stores/${dash.installationId}/products`);
  await expect(page.getByRole("table", { name: /Products/ })).toBeVisible();
});

test("a missing ACL resource is named, with what to grant", async ({ page, dash }) => {
  const limited = await dash.activateAnother("Catalog only e2e", [
    "Magento_Catalog::catalog",
    "Magento_Catalog::catalog_inventory",
    "Magento_Catalog::products",
    "Magento_Catalog::categories",
  ]);
  const base = `${dash.appUrl}/stores/${limited.installationId}`;
  await page.goto(`${base}/products`);
  await expect(page.getByRole("table", { name: /Products/ })).toBeVisible();
  await page.goto(`${base}/orders`);
  const alert = page.getByRole("alert").filter({ hasText: "Magento_Sales::actions_view" });
  await expect(alert).toContainText("The integration is not allowed to use Magento_Sales::actions_view");
  await expect(alert).toContainText(
    "tick “Sales › Operations › Orders › Actions › View” (Magento_Sales::actions_view)",
  );
  await expect(alert).toContainText("Reauthorize");
  await shot(page, "acl-error");
});
