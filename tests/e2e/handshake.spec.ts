import { test, expect } from "./fixtures/handshake";
import { createAccountInPopup, PASSWORD, saveAndActivate, submitWhenHydrated } from "./fixtures/merchant";

test("merchant activates, a new user links the store in the popup, the grid shows Active, the user sees the store", async ({
  page,
  store,
  kit,
  shot,
}) => {
  await page.goto(kit.url);
  await expect(page.getByTestId("callback-url")).toHaveText(kit.callbackUrl);
  await expect(page.getByTestId("identity-url")).toHaveText(kit.identityUrl);
  await shot(page, "00-kit-landing");

  const popup = await saveAndActivate(page, store, kit, "Kit e2e", shot);
  await createAccountInPopup(popup, "merchant@example.com", shot);

  const row = page.locator("tr", { hasText: "Kit e2e" });
  await expect(row).toContainText("Active", { timeout: 15_000 });
  await expect(row.getByRole("button", { name: "Reauthorize" })).toBeVisible();
  await shot(page, "06-admin-grid-active");

  await page.goto(`${kit.url}/stores`);
  const storeRow = page.locator("[data-installation]", { hasText: store.storeBaseUrl });
  await expect(storeRow).toContainText("Active");
  await shot(page, "07-kit-stores");

  await storeRow.getByRole("link", { name: "Diagnostics" }).click();
  await expect(page.getByTestId("diag-state")).toHaveText("active");
  await expect(page.getByText("Request token received")).toBeVisible();
  await submitWhenHydrated(page, "Run health probe");
  await expect(page.getByText("Store reachable, token works")).toBeVisible();
  await shot(page, "08-kit-diagnostics");
});

test("a second store and a second user each see only their own store", async ({ browser, store, kit, shot }) => {
  const { startStore } = await import("./fixtures/kit-servers");
  const other = await startStore({ profile: "2.4.8" });
  try {
    const first = await browser.newContext();
    const p1 = await first.newPage();
    await createAccountInPopup(await saveAndActivate(p1, store, kit, "Store one"), "one@example.com");
    await expect(p1.locator("tr", { hasText: "Store one" })).toContainText("Active", { timeout: 15_000 });

    const second = await browser.newContext();
    const p2 = await second.newPage();
    await createAccountInPopup(await saveAndActivate(p2, other, kit, "Store two"), "two@example.com");
    await expect(p2.locator("tr", { hasText: "Store two" })).toContainText("Active", { timeout: 15_000 });

    await p1.goto(`${kit.url}/stores`);
    await expect(p1.locator("[data-installation]", { hasText: store.storeBaseUrl })).toContainText("Active");
    await expect(p1.getByText(other.storeBaseUrl, { exact: false })).toHaveCount(0);
    await p2.goto(`${kit.url}/stores`);
    await expect(p2.locator("[data-installation]", { hasText: other.storeBaseUrl })).toContainText("Active");
    await expect(p2.locator("[data-installation]", { hasText: store.storeBaseUrl })).toHaveCount(0);
    await shot(p2, "second-user-stores");
    await first.close();
    await second.close();
  } finally {
    await other.close();
  }
});

test("a signed-in user linking another store confirms it first; 'Use another account' switches accounts", async ({
  browser,
  store,
  kit,
  shot,
}) => {
  const { startStore } = await import("./fixtures/kit-servers");
  const other = await startStore();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await createAccountInPopup(await saveAndActivate(page, store, kit, "First of two"), "owner-of-two@example.com");
    await expect(page.locator("tr", { hasText: "First of two" })).toContainText("Active", { timeout: 15_000 });

    // same browser, same app session: the popup of the second store asks before linking
    const popup = await saveAndActivate(page, other, kit, "Second of two");
    await expect(popup.getByRole("heading", { name: "Link this store to your account?" })).toBeVisible();
    await expect(popup.getByText("Signed in as owner-of-two@example.com")).toBeVisible();
    await expect(popup.locator("#main")).toContainText(other.storeBaseUrl);
    await shot(popup, "confirm-link");
    const closed = popup.waitForEvent("close", { timeout: 30_000 });
    await popup.getByRole("button", { name: "Link this store" }).click();
    await closed;
    await expect(page.locator("tr", { hasText: "Second of two" })).toContainText("Active", { timeout: 15_000 });
    await page.goto(`${kit.url}/stores`);
    await expect(page.locator("[data-installation]", { hasText: other.storeBaseUrl })).toContainText("Active");
    await expect(page.locator("[data-installation]", { hasText: store.storeBaseUrl })).toContainText("Active");

    // "Use another account": signs out and links the account created next, not the signed-in one
    const third = await startStore();
    try {
      const p3 = await saveAndActivate(page, third, kit, "Third store");
      await p3.getByRole("button", { name: "Use another account" }).click();
      await p3.waitForURL(/\/login\?next=%2Fintegration%2Fidentity/);
      await p3.locator("#main").getByRole("link", { name: "Create account" }).click();
      await p3.waitForURL(/\/signup\?next=/); // fill the sign-up form, not the sign-in page still on screen
      await p3.locator("form[data-hydrated=true]").waitFor();
      await p3.getByLabel("Email").fill("someone-else@example.com");
      await p3.getByLabel("Password", { exact: true }).fill("another long password");
      const p3closed = p3.waitForEvent("close", { timeout: 30_000 });
      await p3.locator("#main").getByRole("button", { name: "Create account" }).click();
      await p3closed;
      // the admin reloads its grid once the popup closes: let it finish before leaving the page
      await expect(page.locator("tr", { hasText: "Third store" })).toContainText("Active", { timeout: 15_000 });
      await page.goto(`${kit.url}/stores`);
      await expect(page.locator("[data-installation]", { hasText: third.storeBaseUrl })).toContainText("Active");
      await expect(page.locator("[data-installation]", { hasText: store.storeBaseUrl })).toHaveCount(0);
    } finally {
      await third.close();
    }
  } finally {
    await context.close();
    await other.close();
  }
});

test("Reauthorize: the signed-in user goes straight back to the store and the grid shows Active again", async ({
  page,
  store,
  kit,
  shot,
}) => {
  await createAccountInPopup(await saveAndActivate(page, store, kit, "Reauth me"), "reauth@example.com");
  const row = page.locator("tr", { hasText: "Reauth me" });
  await expect(row).toContainText("Active", { timeout: 15_000 });

  const popupPromise = page.waitForEvent("popup");
  await row.getByRole("button", { name: "Reauthorize" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  const popup = await popupPromise;
  await popup.waitForEvent("close", { timeout: 30_000 });
  await expect(page.locator("tr", { hasText: "Reauth me" })).toContainText("Active", { timeout: 15_000 });
  await shot(page, "admin-grid-after-reauthorize");

  await page.goto(`${kit.url}/stores`);
  await page
    .locator("[data-installation]", { hasText: store.storeBaseUrl })
    .getByRole("link", { name: "Diagnostics" })
    .click();
  await expect(page.getByTestId("diag-state")).toHaveText("active");
  await expect(page.getByRole("table", { name: /Each Activate/ })).toContainText("succeeded");
  await shot(page, "diagnostics-after-reauthorize");
});

test("a success_call_back that is not the store's admin is refused with a clear page", async ({
  page,
  store,
  kit,
  shot,
}) => {
  await createAccountInPopup(await saveAndActivate(page, store, kit, "Refuse"), "refuse@example.com");
  await expect(page.locator("tr", { hasText: "Refuse" })).toContainText("Active", { timeout: 15_000 });
  const integrations = (await (await fetch(`${store.url}/admin/api/integrations`)).json()) as Array<{
    name: string;
    consumer_key: string;
  }>;
  const key = integrations.find((i) => i.name === "Refuse")!.consumer_key;
  for (const bad of [
    "https://evil.example/admin/admin/integration/loginSuccessCallback/",
    "javascript:alert(1)",
    "//evil.example/x",
  ]) {
    await page.goto(`${kit.identityUrl}?oauth_consumer_key=${key}&success_call_back=${encodeURIComponent(bad)}`);
    await expect(page.getByRole("heading", { name: "Return address refused" })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(kit.url);
  }
  await shot(page, "refused-success-call-back");

  await page.goto(
    `${kit.identityUrl}?oauth_consumer_key=${"0".repeat(32)}&success_call_back=${encodeURIComponent(store.url + "/admin/admin/integration/loginSuccessCallback/")}`,
  );
  await expect(page.getByRole("heading", { name: "We haven't heard from your store yet" })).toBeVisible();
  await shot(page, "unknown-consumer-key");

  await page.goto(kit.callbackUrl);
  await expect(page.getByRole("heading", { name: "This is the integration's Callback URL" })).toBeVisible();
  await shot(page, "callback-url-in-browser");
});

test("a failed exchange is explained in the popup with the store's own message", async ({ page, kit, shot }) => {
  const { startStore } = await import("./fixtures/kit-servers");
  const expiring = await startStore({ consumerExpirySeconds: 0 }); // every request token is already "expired"
  try {
    const popup = await saveAndActivate(page, expiring, kit, "Expired");
    await popup.waitForURL(/\/login\?next=/);
    await popup.locator("#main").getByRole("link", { name: "Create account" }).click();
    await popup.waitForURL(/\/signup\?next=/);
    await popup.getByLabel("Email").fill("expired@example.com");
    await popup.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await popup.locator("#main").getByRole("button", { name: "Create account" }).click();
    await expect(popup.getByRole("heading", { name: "The store could not be linked" })).toBeVisible({
      timeout: 20_000,
    });
    await expect(popup.getByText("Consumer key has expired").first()).toBeVisible();
    await shot(popup, "popup-exchange-failed");
    await popup.close();
    await expect(page.locator("tr", { hasText: "Expired" })).toContainText("Inactive", { timeout: 15_000 });
  } finally {
    await expiring.close();
  }
});

test("the callback route refuses bad bodies with 400 naming the field, and never redirects", async ({ kit }) => {
  const bad = await fetch(kit.callbackUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "oauth_consumer_key=abc&oauth_consumer_secret=x&store_base_url=javascript:alert(1)&oauth_verifier=y",
    redirect: "manual",
  });
  expect(bad.status).toBe(400);
  expect(await bad.text()).toContain("oauth_consumer_key");
  const slash = await fetch(`${kit.callbackUrl}/`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "",
  });
  const huge = await fetch(kit.callbackUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: `oauth_consumer_key=${"a".repeat(200_000)}`,
  });
  expect(huge.status).toBe(400);
  const json = await fetch(kit.callbackUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  });
  expect(json.status).toBe(400);
  // a pasted trailing slash reaches the same handler (no 308 redirect, which the store would not follow)
  expect(slash.status).toBe(400);
  expect(await slash.text()).toContain("oauth_consumer_key");
});

test("manual mode: a signed-in user pastes the four tokens, the kit verifies them and lists the store", async ({
  page,
  store,
  kit,
  shot,
}) => {
  const integ = (await (
    await fetch(`${store.url}/admin/api/integrations`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Tokens", resources: "all" }),
    })
  ).json()) as { id: number };
  const { tokens } = (await (
    await fetch(`${store.url}/admin/api/integrations/${integ.id}/activate`, { method: "POST" })
  ).json()) as {
    tokens: { consumer_key: string; consumer_secret: string; access_token: string; access_token_secret: string };
  };
  await page.goto(`${kit.url}/signup?next=%2Fstores%2Fmanual`);
  await page.getByLabel("Email").fill("manual@example.com");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.locator("#main").getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/stores\/manual$/);
  await page.getByLabel("Store base URL").fill(store.storeBaseUrl);
  await page.getByLabel("Consumer Key").fill(tokens.consumer_key);
  await page.getByLabel("Consumer Secret").fill(tokens.consumer_secret);
  await page.getByLabel("Access Token", { exact: true }).fill(tokens.access_token);
  await page.getByLabel("Access Token Secret").fill("0".repeat(32));
  await page.getByRole("button", { name: "Verify and save" }).click();
  await expect(page.getByText(/The store refused these tokens/)).toBeVisible();
  await shot(page, "manual-refused");
  await page.getByLabel("Consumer Secret").fill(tokens.consumer_secret);
  await page.getByLabel("Access Token", { exact: true }).fill(tokens.access_token);
  await page.getByLabel("Access Token Secret").fill(tokens.access_token_secret);
  await page.getByRole("button", { name: "Verify and save" }).click();
  await page.waitForURL(/\/diagnostics$/);
  await expect(page.getByTestId("diag-state")).toHaveText("active");
  await shot(page, "manual-saved-diagnostics");
  await page.goto(`${kit.url}/stores`);
  await expect(page.locator("[data-installation]", { hasText: "Pasted tokens" })).toContainText("Active");
});
