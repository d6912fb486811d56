/**
 * A product saved in the dev store (Commerce edition) reaches the forker's sync handler through a Commerce webhook:
 * the signed webhook is verified and queued, its job refreshes the record through the sync path
 * (kit.sync.refreshRecord: read from the store, version-checked, mirrored) and the sync handler gets the change.
 */
import { createServer, type Server } from "node:http";
import { Readable } from "node:stream";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../helpers/handshake-harness";
import type { SyncChange } from "@magento-integration/sync";

describe("store events into the sync path", () => {
  let h: Harness | undefined;
  let app: Server | undefined;
  afterEach(async () => {
    if (app) await new Promise((r) => app!.close(r));
    await h?.close();
    h = undefined;
    app = undefined;
  });

  it("a product saved in the dev store reaches the sync handler via webhook", async () => {
    const changes: SyncChange[] = [];
    h = await startHarness({
      store: { edition: "commerce" },
      kit: {
        syncHandlers: [{ name: "test", entities: ["products"], handle: async (batch) => void changes.push(...batch) }],
      },
    });
    const kit = h.kit;
    app = createServer((req, res) => {
      const m = /^\/api\/events\/commerce\/([^/?]+)/.exec(req.url ?? "");
      if (!m) return void res.writeHead(404).end();
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      void kit.events.intake
        .commerce(m[1]!, { headers, body: Readable.toWeb(req) as ReadableStream<Uint8Array> })
        .then((a) => res.writeHead(a.status, { "content-type": "application/json" }).end(JSON.stringify(a.json)));
    });
    await new Promise<void>((r) => app!.listen(0, "127.0.0.1", r));
    const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;

    const integ = await h.createIntegration("Events sync");
    await h.activate(integ.id);
    await h.settle();
    const inst = await h.installation(integ.consumer_key);
    const key = (await h.admin<{ publicKey: string }>("GET", "/admin/api/webhooks/key")).publicKey;
    expect(await kit.events.setCommerceKey(inst.id, key)).toMatchObject({ ok: true });
    await h.admin("POST", "/admin/api/webhooks", {
      webhook_method: "observer.catalog_product_save_after",
      webhook_type: "after",
      hook_name: "app",
      url: `${appUrl}/api/events/commerce/${inst.id}`,
      timeout: 5000,
      required: false,
    });

    const token = (await (
      await fetch(`${h.store.url}/rest/V1/integration/admin/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "admin", password: "admin123" }),
      })
    ).json()) as string;
    const saved = await fetch(`${h.store.url}/rest/all/V1/products/24-MB01`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ product: { name: "Joust Duffle Bag (pushed)" } }),
    });
    expect(saved.status).toBe(200);
    await expect
      .poll(() => changes.find((c) => c.identity === "24-MB01")?.data?.name, { timeout: 30_000 })
      .toBe("Joust Duffle Bag (pushed)");
    // the sync handler runs inside the event's job; the delivery is marked handled after it returns
    await expect
      .poll(async () => (await kit.events.recent(inst.id)).commerce[0], { timeout: 10_000 })
      .toMatchObject({ outcome: "handled", detail: "refreshed products 24-MB01" });
  });
});
