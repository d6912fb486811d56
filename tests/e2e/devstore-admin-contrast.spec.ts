/**
 * The dev store's admin pages (the integrations grid, the new-integration form, an integration's edit page) are
 * readable: axe finds no colour-contrast failure at either size (links, the primary button, muted text).
 */
import { test, expect } from "@playwright/test";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { startDevStore, type DevStore } from "../../packages/devstore/src/server";
import { SCREENSHOTS } from "./fixtures/handshake";
import { adminApi } from "./fixtures/store-admin";

let store: DevStore;
test.beforeAll(async () => {
  store = await startDevStore({ port: 0, host: "127.0.0.1" });
});
test.afterAll(async () => {
  await store?.close();
});

test("dev store admin: no colour-contrast failure on the grid, the new form and the edit page", async ({ page }) => {
  const created = (await adminApi(store, "POST", "/integrations", { name: "Contrast check" })) as { id: number };
  const pages = {
    grid: "/admin/admin/integration/",
    new: "/admin/admin/integration/new/",
    edit: `/admin/admin/integration/edit/id/${created.id}/`,
  };
  for (const [name, path] of Object.entries(pages)) {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await page.goto(`${store.url}${path}`);
      await page.screenshot({ path: join(SCREENSHOTS, `devstore-admin-${name}-${size.width}.png`), fullPage: true });
      const axe = await new AxeBuilder({ page }).withRules(["color-contrast"]).analyze();
      expect(
        axe.violations.flatMap((v) => v.nodes.map((n) => `${path}: ${n.target.join(" ")}`)),
        name,
      ).toEqual([]);
    }
  }
});
