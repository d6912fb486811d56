/**
 * The merchant admin in a real browser (Chromium): form Save / Save & Activate, the permissions dialog,
 * the identity popup opened with window.open (680×510, Magento's two query params), the modal while it is
 * open, the grid reloading when the popup reaches success_call_back, Active only after the access token,
 * manual-mode tokens, the callback-failure message, Delete.
 */
import http from "node:http";
import { chromium, type Browser, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminApi,
  deadUrl,
  exchangeTokens,
  startDevStore,
  type DevStore,
  type IntegrationJson,
} from "../../../tests/helpers/devstore-client";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { listenLocal, closeServer } from "../../../tests/helpers/servers";
import { chromiumPath } from "../../../tests/helpers/chromium-path.cjs";

const SCREENSHOTS = join(__dirname, "..", "..", "..", "tests", "e2e", "screenshots");
mkdirSync(SCREENSHOTS, { recursive: true });

let store: DevStore;
let browser: Browser;
let app: http.Server;
let appUrl = "";
/** What the fake app stored from the activation POST, by consumer key. */
const stored = new Map<
  string,
  { consumerKey: string; consumerSecret: string; verifier: string; storeBaseUrl: string }
>();
const identityHits: { url: string; width?: number; height?: number }[] = [];

beforeAll(async () => {
  store = await startDevStore({ profile: "2.4.7" });
  // A minimal integration app: stores the callback, exchanges tokens when the identity page is opened,
  // then sends the popup to success_call_back.
  app = http.createServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://x");
    if (req.method === "POST" && u.pathname === "/callback") {
      let raw = "";
      req.on("data", (c: Buffer) => (raw += c.toString()));
      req.on("end", () => {
        const f = Object.fromEntries(new URLSearchParams(raw));
        stored.set(f.oauth_consumer_key!, {
          consumerKey: f.oauth_consumer_key!,
          consumerSecret: f.oauth_consumer_secret!,
          verifier: f.oauth_verifier!,
          storeBaseUrl: f.store_base_url!,
        });
        res.writeHead(200).end("ok");
      });
      return;
    }
    if (u.pathname === "/identity") {
      identityHits.push({ url: req.url ?? "" });
      const key = u.searchParams.get("oauth_consumer_key") ?? "";
      const success = u.searchParams.get("success_call_back") ?? "";
      const creds = stored.get(key);
      const finish = () =>
        res
          .writeHead(200, { "content-type": "text/html" })
          .end(
            `<h1>Demo app</h1><script>window.__size=[window.outerWidth,window.outerHeight];setTimeout(function(){location.href=${JSON.stringify(success)}},300)</script>`,
          );
      if (!creds) return finish();
      exchangeTokens(store, creds, "C").then(finish, (e: unknown) => res.writeHead(500).end(String(e)));
      return;
    }
    res.writeHead(404).end();
  });
  const appPort = await listenLocal(app);
  appUrl = `http://127.0.0.1:${appPort}`;
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
});

afterAll(async () => {
  await browser?.close();
  app.closeAllConnections();
  await closeServer(app);
  await store.close();
});

async function newIntegration(
  page: Page,
  o: { name: string; endpoint?: string; identity?: string; activate?: boolean },
) {
  await page.goto(store.url + "/admin");
  await page.getByRole("link", { name: "Add New Integration" }).click();
  await page.getByLabel("Name").fill(o.name);
  if (o.endpoint) await page.getByLabel("Callback URL").fill(o.endpoint);
  if (o.identity) await page.getByLabel("Identity link URL").fill(o.identity);
  await page.getByLabel("Resource Access").selectOption("0");
  await page.getByLabel("Products").check();
  await page.getByRole("button", { name: o.activate ? "Save & Activate" : "Save", exact: true }).click();
}

const row = (page: Page, name: string) => page.locator("tr", { hasText: name });

describe("merchant admin in the browser", () => {
  it("Save & Activate → Allow → identity popup → grid shows Active after the token exchange", async () => {
    const page = await browser.newPage();
    await newIntegration(page, {
      name: "Popup App",
      endpoint: `${appUrl}/callback`,
      identity: `${appUrl}/identity`,
      activate: true,
    });
    await expect
      .poll(() => page.getByRole("dialog").filter({ hasText: "The integration requests access to:" }).isVisible())
      .toBe(true);
    await expect.poll(() => page.locator("#permissions-list").textContent()).toBe("Catalog › Inventory › Products");
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Allow" }).click();
    const popup = await popupPromise;
    await expect
      .poll(() =>
        page
          .getByText("Please setup or sign in into your 3rd party account to complete setup of this integration.")
          .isVisible(),
      )
      .toBe(true);
    const url = new URL(popup.url());
    expect(`${url.origin}${url.pathname}`).toBe(`${appUrl}/identity`);
    expect([...url.searchParams.keys()]).toEqual(["oauth_consumer_key", "success_call_back"]);
    const size = await popup.evaluate(() => [window.innerWidth, window.innerHeight]);
    expect(size[0]).toBeGreaterThan(600);
    expect(size[0]).toBeLessThanOrEqual(680);
    // The popup lands on success_call_back, closes itself, the grid reloads.
    await page.waitForURL(/\/admin\/admin\/integration\/$/, { timeout: 15_000 });
    await expect.poll(() => row(page, "Popup App").locator(".status").textContent()).toBe("Active");
    await expect.poll(() => row(page, "Popup App").getByRole("button", { name: "Reauthorize" }).isVisible()).toBe(true);
    await page.close();
  });

  it("Save shows the saved message and an Inactive row; manual mode shows the four tokens", async () => {
    const page = await browser.newPage();
    await newIntegration(page, { name: "Manual App" });
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("The integration 'Manual App' has been saved.");
    await expect.poll(() => row(page, "Manual App").locator(".status").textContent()).toBe("Inactive");
    await row(page, "Manual App").getByRole("button", { name: "Activate" }).click();
    await page.getByRole("button", { name: "Allow" }).click();
    await expect.poll(() => page.locator("#t-at").inputValue()).toMatch(/^[0-9a-z]{32}$/);
    const list = (await adminApi<IntegrationJson[]>(store, "GET", "/integrations")).json;
    const manual = list.find((i) => i.name === "Manual App")!;
    expect(await page.locator("#t-ck").inputValue()).toBe(manual.consumer_key);
    expect(await page.locator("#t-at").inputValue()).toBe(manual.access_token);
    await page.screenshot({ path: join(SCREENSHOTS, "devstore-manual-tokens.png"), fullPage: true });
    await page.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => row(page, "Manual App").locator(".status").textContent()).toBe("Active");
    await page.screenshot({ path: join(SCREENSHOTS, "devstore-grid.png"), fullPage: true });
    await page.close();
  });

  it("shows Magento's error when the callback cannot be reached, and stays Inactive", async () => {
    const page = await browser.newPage();
    await newIntegration(page, { name: "Broken App", endpoint: await deadUrl(), identity: `${appUrl}/identity` });
    await row(page, "Broken App").getByRole("button", { name: "Activate" }).click();
    await page.getByRole("button", { name: "Allow" }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("The attempt to post data to consumer failed due to an unexpected error. Please try again later.");
    await expect.poll(() => row(page, "Broken App").locator(".status").textContent()).toBe("Inactive");
    await page.close();
  });

  it("validates the form and deletes an integration", async () => {
    const page = await browser.newPage();
    await page.goto(store.url + "/admin/admin/integration/new/");
    await page.getByLabel("Name").fill("Bad URL");
    await page.getByLabel("Callback URL").evaluate((el: HTMLInputElement) => (el.type = "text"));
    await page.getByLabel("Callback URL").fill("not a url");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect
      .poll(() =>
        page.getByText("Please enter a valid URL. Protocol is required (http://, https:// or ftp://).").isVisible(),
      )
      .toBe(true);
    await newIntegration(page, { name: "Doomed App" });
    page.once("dialog", (d) => void d.accept());
    await row(page, "Doomed App").getByRole("button", { name: "Delete" }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("The integration 'Doomed App' has been deleted.");
    await expect.poll(() => row(page, "Doomed App").count()).toBe(0);
    await page.close();
  });

  it("Edit shows the granted tree (children of a granted parent checked) and saves a new selection", async () => {
    const { json: created } = await adminApi<IntegrationJson>(store, "POST", "/integrations", {
      name: "Edit Me",
      resources: ["Magento_Sales::sales"],
    });
    const page = await browser.newPage();
    await page.goto(`${store.url}/admin/admin/integration/edit/id/${created.id}/`);
    expect(await page.getByLabel("Resource Access").inputValue()).toBe("0");
    expect(await page.getByLabel("View", { exact: true }).isChecked()).toBe(true);
    await page.getByLabel("Sales", { exact: true }).uncheck();
    expect(await page.getByLabel("View", { exact: true }).isChecked()).toBe(false);
    await page.getByLabel("Pages", { exact: true }).check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("The integration 'Edit Me' has been saved.");
    const { json } = await adminApi<IntegrationJson>(store, "GET", `/integrations/${created.id}`);
    expect(json.resources).toEqual(["Magento_Cms::page"]);
    await page.close();
  });
  it("the swagger page lists anonymous operations, then every operation with an admin token, and tries one out", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(store.url + "/swagger");
    await expect.poll(() => page.locator("#notice").textContent()).toContain("anonymous users");
    const anonymousOps = await page.locator("details.op").count();
    expect(anonymousOps).toBeGreaterThan(0);
    await page.screenshot({ path: join(SCREENSHOTS, "devstore-swagger-anonymous.png"), fullPage: false });
    const admin = await fetch(`${store.storeBaseUrl}rest/V1/integration/admin/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: "admin123" }),
    });
    const adminToken = (await admin.json()) as string;
    await page.getByLabel("api_key").fill(adminToken);
    await page.getByRole("button", { name: "Explore" }).click();
    await expect.poll(() => page.locator("details.op").count()).toBeGreaterThan(anonymousOps);
    const op = page.locator("details.op", { hasText: "/V1/store/storeViews" }).first();
    await op.locator("summary").click();
    await op.getByRole("button", { name: "Try it out" }).click();
    await expect.poll(() => op.locator("[data-result]").textContent()).toContain("200");
    await page.screenshot({ path: join(SCREENSHOTS, "devstore-swagger-admin.png"), fullPage: false });
    await page.close();
  });
});
