/**
 * What `npm run dev` gives a developer who restarts it: the dev store, run on a state file, comes back on the same
 * port with the integration the app linked, and the app's store still works (health probe: token works).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, expect } from "./fixtures/handshake";
import { startStore } from "./fixtures/kit-servers";
import { createAccountInPopup, saveAndActivate, submitWhenHydrated } from "./fixtures/merchant";

test("after the dev store restarts on its state file, the linked store's token still works in the app", async ({
  page,
  kit,
  shot,
}) => {
  const dir = mkdtempSync(join(tmpdir(), "devstore-restart-"));
  const stateFile = join(dir, "devstore-state.json");
  let store = await startStore({ stateFile });
  try {
    const popup = await saveAndActivate(page, store, kit, "Kept across restarts");
    await createAccountInPopup(popup, "restart@example.com");
    await expect(page.locator("tr", { hasText: "Kept across restarts" })).toContainText("Active", { timeout: 15_000 });

    // Stop and start again on the same port and file, as restarting `npm run dev` does.
    const port = Number(new URL(store.url).port);
    await store.close();
    store = await startStore({ stateFile, port });

    await page.goto(`${kit.url}/stores`);
    const storeRow = page.locator("[data-installation]", { hasText: store.storeBaseUrl });
    await expect(storeRow).toContainText("Active");
    await storeRow.getByRole("link", { name: "Diagnostics" }).click();
    await submitWhenHydrated(page, "Run health probe");
    await expect(page.getByText("Store reachable, token works")).toBeVisible();
    await shot(page, "restart-diagnostics");
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
