/**
 * The takeover paths, replayed in Chromium against `next start` and dev stores: each test is an attack that once
 * worked and must now get nowhere (docs/security.md).
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { test, expect } from "./fixtures/handshake";
import type { Browser, Page } from "@playwright/test";
import type { KitServer } from "./fixtures/kit-servers";
import { ensureBuild, startStore } from "./fixtures/kit-servers";
import type { DevStore } from "../../packages/devstore/src/server";
import AxeBuilder from "@axe-core/playwright";

// link requests are filed only once a link mailed to the requester is followed: this spec's kit sends real mail
test.use({ withMail: true });

/** axe on the page as it is now: the violations, named. */
async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

// The kit server is per worker, shared with the other specs that run in it: every account here has its own email.
const PASSWORD = "correct horse battery staple";
const ROOT = join(__dirname, "..", "..");

async function adminApi<T>(store: DevStore, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${store.url}/admin/api${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Merchant: new integration with the kit's URLs → Save & Activate → Allow; returns the identity popup. */
async function saveAndActivate(page: Page, store: DevStore, kit: KitServer, name: string) {
  await page.goto(`${store.url}/admin/admin/integration/new/`);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Callback URL").fill(kit.callbackUrl);
  await page.getByLabel("Identity link URL").fill(kit.identityUrl);
  await page.getByRole("button", { name: "Save & Activate" }).click();
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Allow" }).click();
  return popupPromise;
}

async function signUpIn(page: Page, email: string) {
  await page.locator("#main").getByRole("link", { name: "Create account" }).click();
  await page.waitForURL(/\/signup\?/);
  await page.locator("form[data-hydrated=true]").waitFor(); // type into the form React owns, not the server HTML
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.locator("#main").getByRole("button", { name: "Create account" }).click();
}

async function newUser(browser: Browser, kit: KitServer, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${kit.url}/signup`);
  await page.locator("form[data-hydrated=true]").waitFor();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.locator("#main").getByRole("button", { name: "Create account" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/signup"));
  return { context, page };
}

/** The page at the desktop and the phone size the kit's screens are checked at, then back to the default. */
async function shotAtBothSizes(page: Page, shot: (page: Page, name: string) => Promise<void>, name: string) {
  const before = page.viewportSize();
  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await shot(page, `${name}-${w}x${h}`);
  }
  if (before) await page.setViewportSize(before);
}

async function keyOf(store: DevStore, name: string): Promise<string> {
  const list = await adminApi<Array<{ name: string; consumer_key: string }>>(store, "/integrations");
  return list.find((i) => i.name === name)!.consumer_key;
}

test("Reauthorize race: a user who pre-consented and polls the identity link is not linked; the merchant declines him", async ({
  browser,
  page,
  store,
  kit,
  mailbox,
  shot,
}) => {
  test.setTimeout(300_000); // two popups, ten polls, a mailed link and six screenshots on a loaded machine
  const popup = await saveAndActivate(page, store, kit, "Merchant store");
  await popup.waitForURL(/\/login\?next=/);
  // the popup's sign-in page says which store signing in links, host in full
  await expect(popup.getByTestId("linking-store-host")).toHaveText(new URL(store.storeBaseUrl).host);
  const closed = popup.waitForEvent("close", { timeout: 30_000 });
  await signUpIn(popup, "tk-merchant@example.com");
  await closed.catch(async (e: unknown) => {
    if (!popup.isClosed()) await shot(popup, "merchant-popup-did-not-close");
    throw new Error(
      `the merchant's popup did not close; it shows ${popup.isClosed() ? "nothing" : popup.url()}: ${String(e)}`,
    );
  });
  await expect(page.locator("tr", { hasText: "Merchant store" })).toContainText("Active", { timeout: 15_000 });

  // the intruder knows the consumer key and the store's loginSuccessCallback; he signs in through the popup URL
  const key = await keyOf(store, "Merchant store");
  const identity = `${kit.identityUrl}?oauth_consumer_key=${key}&success_call_back=${encodeURIComponent(`${store.url}/admin/admin/integration/loginSuccessCallback/`)}`;
  const intruder = await browser.newContext();
  const ip = await intruder.newPage();
  await ip.goto(`${kit.url}/login?next=${encodeURIComponent(identity.slice(kit.url.length))}`);
  await signUpIn(ip, "tk-intruder@example.com");
  await expect(ip.getByRole("heading", { name: "Link this store to your account?" })).toBeVisible();

  // the merchant clicks Reauthorize; the intruder keeps polling the identity link meanwhile
  const reauthPopup = page.waitForEvent("popup");
  await page.locator("tr", { hasText: "Merchant store" }).getByRole("button", { name: "Reauthorize" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  const mp = await reauthPopup;
  const polls = (async () => {
    for (let i = 0; i < 10; i++) {
      await ip.goto(identity);
      expect(new URL(ip.url()).origin).toBe(kit.url); // never sent on to the store
    }
  })();
  await mp.waitForEvent("close", { timeout: 30_000 }); // the merchant's own Reauthorize goes straight through
  await polls;
  await expect(page.locator("tr", { hasText: "Merchant store" })).toContainText("Active", { timeout: 15_000 });

  // the intruder is not linked; even confirming only files a request
  await ip.goto(`${kit.url}/stores`);
  await expect(ip.getByText(store.storeBaseUrl)).toHaveCount(0);
  await ip.goto(identity);
  await ip.getByRole("button", { name: "Link this store" }).click();
  // nothing is filed yet: a link went to the address he signed up with
  await expect(ip.getByRole("heading", { name: "Check your email" })).toBeVisible();
  // the popup names who holds the store (masked) and the remedy
  await expect(ip.getByText("t•••@example.com")).toBeVisible();
  await expect(ip.getByText(/delete this integration, which revokes its tokens/)).toBeVisible();
  await shotAtBothSizes(ip, (p, n) => shot(p, n), "intruder-checks-email");
  await ip.goto(`${kit.url}/stores`);
  await expect(ip.getByText(store.storeBaseUrl)).toHaveCount(0);
  await page.goto(`${kit.url}/stores`);
  await page.locator("[data-installation]", { hasText: store.storeBaseUrl }).getByRole("link").first().click();
  await expect(page.getByTestId("link-request")).toHaveCount(0);

  // he follows the mailed link: the page files nothing until its button is pressed
  await expect
    .poll(() => mailbox!.linkTo("tk-intruder@example.com", /\/integration\/verify\?token=/), { timeout: 30_000 })
    .not.toBeNull();
  const verify = mailbox!.linkTo("tk-intruder@example.com", /\/integration\/verify\?token=/)!;
  await ip.goto(verify);
  await expect(ip.getByRole("heading", { name: "Confirm your link request" })).toBeVisible();
  await expect(ip.getByText(new URL(store.storeBaseUrl).host)).toBeVisible();
  await shotAtBothSizes(ip, (p, n) => shot(p, n), "intruder-verify-page");
  expect(await axeViolations(ip)).toEqual([]);
  await page.reload();
  await expect(page.getByTestId("link-request")).toHaveCount(0);
  await ip.locator("form[data-hydrated=true]").waitFor();
  await ip.getByRole("button", { name: "Send my request" }).click();
  await expect(ip.getByRole("status")).toContainText("Request sent");
  await shotAtBothSizes(ip, (p, n) => shot(p, n), "intruder-request-sent");
  await ip.goto(identity);
  await expect(ip.getByRole("heading", { name: "Waiting for approval" })).toBeVisible();

  // the merchant sees the request on the store's pages and declines it
  await page.goto(`${kit.url}/stores`);
  await page.locator("[data-installation]", { hasText: store.storeBaseUrl }).getByRole("link").first().click();
  await expect(page.getByTestId("link-request")).toContainText("tk-intruder@example.com");
  await expect(page.getByTestId("link-request")).toContainText("email verified");
  await expect(page.getByText(/Anyone who knows the integration/)).toBeVisible();
  await shotAtBothSizes(page, (p, n) => shot(p, n), "merchant-sees-link-request");
  await page.getByRole("button", { name: "Decline tk-intruder@example.com" }).click();
  await expect(page.getByTestId("link-request")).toHaveCount(0);
  await ip.goto(identity);
  await expect(ip.getByRole("heading", { name: "Link request declined" })).toBeVisible();
  await intruder.close();
});

test("lured victim: an identity link not opened from a store admin names the store and links nothing without a click", async ({
  browser,
  kit,
  shot,
}) => {
  const attackerStore = await startStore(); // a "store" the attacker runs
  try {
    const integ = await adminApi<{ id: number }>(attackerStore, "/integrations", {
      name: "Bait",
      endpoint: kit.callbackUrl,
      identityLinkUrl: kit.identityUrl,
      resources: "all",
    });
    const act = await adminApi<{ identity_url: string }>(attackerStore, `/integrations/${integ.id}/activate`, {});
    const host = new URL(attackerStore.storeBaseUrl).host;

    // the victim opens the link from a message (no Referer from the store admin)
    const victim = await browser.newContext();
    const vp = await victim.newPage();
    await vp.goto(act.identity_url);
    await vp.waitForURL(/\/login\?next=/);
    await expect(vp.getByTestId("linking-store-host")).toHaveText(host);
    await shot(vp, "lured-sign-in-names-store");
    await signUpIn(vp, "tk-victim@example.com");
    await expect(vp.getByRole("heading", { name: "Link this store to your account?" })).toBeVisible();
    await expect(vp.getByText("This page was not opened from your store's admin")).toBeVisible();
    await expect(vp.getByTestId("store-host")).toHaveText(host);
    await shot(vp, "lured-confirmation");
    await vp.setViewportSize({ width: 390, height: 844 });
    await shot(vp, "lured-confirmation-mobile");
    expect(new URL(vp.url()).origin).toBe(kit.url); // not sent on to the attacker's site
    await vp.goto(`${kit.url}/stores`);
    await expect(vp.getByText(attackerStore.storeBaseUrl)).toHaveCount(0); // nothing linked
    await victim.close();
  } finally {
    await attackerStore.close();
  }
});

test("another user's store pages answer 404, and a session cookie copied before sign-out opens nothing", async ({
  browser,
  page,
  store,
  kit,
}) => {
  const popup = await saveAndActivate(page, store, kit, "Owned");
  const closed = popup.waitForEvent("close", { timeout: 30_000 });
  await popup.waitForURL(/\/login\?next=/);
  await signUpIn(popup, "tk-owner@example.com");
  await closed;
  // the admin reloads its grid once the popup closes: let it finish before leaving the page
  await expect(page.locator("tr", { hasText: "Owned" })).toContainText("Active", { timeout: 15_000 });
  await page.goto(`${kit.url}/stores`);
  const href = await page
    .locator("[data-installation]", { hasText: store.storeBaseUrl })
    .getByRole("link")
    .first()
    .getAttribute("href");
  const id = href!.split("/")[2]!;

  const other = await newUser(browser, kit, "tk-other@example.com");
  for (const path of ["", "/diagnostics", "/products", "/explorer", "/orders"]) {
    const res = await other.page.goto(`${kit.url}/stores/${id}${path}`);
    expect(res?.status(), path).toBe(404);
  }
  const own = await page.goto(`${kit.url}/stores/${id}/diagnostics`);
  expect(own?.status()).toBe(200);

  // copy the owner's cookies, sign out, replay them elsewhere
  const copied = await page.context().cookies();
  await page.goto(`${kit.url}/stores`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(`${kit.url}/`);
  const thief = await browser.newContext();
  await thief.addCookies(copied);
  const tp = await thief.newPage();
  await tp.goto(`${kit.url}/stores`);
  await expect(tp).toHaveURL(/\/login/);
  const res = await tp.goto(`${kit.url}/stores/${id}`);
  expect(new URL(tp.url()).pathname).toBe("/login");
  expect(res?.status()).toBeLessThan(500);
  await thief.close();
  await other.context.close();
});

test("every page carries a Content-Security-Policy without unsafe-eval, and pages still run their scripts", async ({
  page,
  kit,
}) => {
  for (const path of ["/", "/login", "/signup", "/integration/identity?oauth_consumer_key=x&success_call_back=y"]) {
    const res = await page.goto(`${kit.url}${path}`);
    const csp = res?.headers()["content-security-policy"] ?? "";
    expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  }
  // prefetches are pages too: a browser shows a <link rel=prefetch>ed page later, and the router's prefetch
  // payloads come from the same render; a client-sent CSP must never be the one the page uses
  const prefetches: Array<Record<string, string>> = [
    { purpose: "prefetch" },
    { "next-router-prefetch": "1", rsc: "1" },
  ];
  for (const headers of prefetches) {
    const res = await page.request.get(`${kit.url}/login`, {
      headers: { ...headers, "content-security-policy": "script-src 'nonce-attacker'" },
    });
    const csp = res.headers()["content-security-policy"] ?? "";
    expect(csp, JSON.stringify(headers)).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(await res.text()).not.toContain('nonce="attacker"');
  }
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  await page.goto(`${kit.url}/signup`);
  await page.locator("form[data-hydrated=true]").waitFor();
  // a client-side form (useActionState): its error message appears only if React hydrated under the CSP
  await page.getByLabel("Email").fill("csp@example.com");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.locator("#main").getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Password must be at least 10 characters").first()).toBeVisible();
  expect(errors).toEqual([]);
});

test("npm start refuses to start without its secrets, saying what to set", async () => {
  ensureBuild();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    DATABASE_URL: "file:./data/never-created.db",
  };
  const run = (args: string[]) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(args[0]!, args.slice(1), { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      child.stdout.on("data", (d: Buffer) => (out += d.toString()));
      child.stderr.on("data", (d: Buffer) => (out += d.toString()));
      const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
      child.on("exit", (code) => {
        clearTimeout(timer);
        resolve({ code, out });
      });
    });
  const viaNpm = await run(["node", "scripts/start.mjs"]);
  expect(viaNpm.code).toBe(1);
  for (const name of ["SESSION_SECRET", "ENCRYPTION_KEY", "APP_URL", "openssl rand -base64 32"])
    expect(viaNpm.out).toContain(name);
  expect(viaNpm.out).not.toContain("Ready");
  // `next start` run directly refuses too (the server's start-up hook checks the same environment)
  const direct = await run([join(ROOT, "node_modules", ".bin", "next"), "start", "-H", "127.0.0.1", "-p", "0"]);
  expect(direct.code).not.toBe(0);
  expect(direct.out).toContain("SESSION_SECRET");
});

test("sign-up and email change never say an address is taken; a new email takes effect through the link mailed to it", async ({
  browser,
  kit,
  mailbox,
  shot,
}) => {
  const { page: owner, context: ownerContext } = await newUser(browser, kit, "tk-mailed@example.com");
  // a stranger signs up with the owner's address: no account word, a message to the address instead
  const ctx = await browser.newContext();
  const stranger = await ctx.newPage();
  await stranger.goto(`${kit.url}/signup`);
  await stranger.locator("form[data-hydrated=true]").waitFor();
  await stranger.getByLabel("Email").fill("tk-mailed@example.com");
  await stranger.getByLabel("Password", { exact: true }).fill("the stranger's long password");
  await stranger.locator("#main").getByRole("button", { name: "Create account" }).click();
  await expect(stranger.getByRole("status")).toContainText("We sent a message to this address");
  expect(await stranger.getByRole("status").innerText()).not.toMatch(/exist|taken|already|another account/i);
  await expect(stranger.locator("#main").getByRole("alert")).toHaveCount(0);
  await shotAtBothSizes(stranger, (p, n) => shot(p, n), "signup-taken-address");
  await expect.poll(() => mailbox!.linkTo("tk-mailed@example.com", /\/reset/), { timeout: 30_000 }).not.toBeNull();

  // the owner moves to a new address: the answer names the address, the change waits for its link
  await owner.goto(`${kit.url}/account`);
  await owner.locator("form[data-hydrated=true]").first().waitFor();
  const emailForm = owner.getByRole("form", { name: "Change email" });
  await emailForm.getByLabel("Email").fill("tk-mailed-new@example.com");
  await emailForm.getByLabel("Current password").fill(PASSWORD);
  await emailForm.getByRole("button", { name: "Change email" }).click();
  await expect(emailForm.getByRole("status")).toContainText("We sent a message to tk-mailed-new@example.com");
  await expect
    .poll(() => mailbox!.linkTo("tk-mailed-new@example.com", /\/account\/confirm-email\?token=/), { timeout: 30_000 })
    .not.toBeNull();
  const link = mailbox!.linkTo("tk-mailed-new@example.com", /\/account\/confirm-email\?token=/)!;
  await owner.goto(link);
  await expect(owner.getByRole("heading", { name: "Confirm your new sign-in email" })).toBeVisible();
  await shotAtBothSizes(owner, (p, n) => shot(p, n), "confirm-email-page");
  expect(await axeViolations(owner)).toEqual([]);
  await owner.locator("form[data-hydrated=true]").waitFor();
  await owner.getByRole("button", { name: "Use this email" }).click();
  await expect(owner.getByRole("status")).toContainText("now signs in as tk-mailed-new@example.com");
  await owner.goto(`${kit.url}/account`);
  await expect(owner.getByText("Signed in as tk-mailed-new@example.com.")).toBeVisible();
  await ctx.close();
  await ownerContext.close();
});
