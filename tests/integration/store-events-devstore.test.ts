/**
 * The dev store (`--edition commerce`) sends both channels as Commerce and I/O Events do, and the kit's intake
 * takes them: a product saved over REST reaches the forker's handler through a signed webhook and through a signed
 * CloudEvent (keys from the dev store's stand-in key host, fetched by the kit's key cache); a decision hook that
 * refuses makes the store's write fail with the forker's message and nothing written; a regenerated key pair is
 * refused until the new key is set; an intake that fails is retried with x-adobe-retry-count.
 */
import { createServer, type Server } from "node:http";
import { Readable } from "node:stream";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startDevStore, type DevStore } from "@/packages/devstore/src/server";
import type { Kit } from "@/lib/kit";
import { type RecordRef, type StoreEvent, storeEdition } from "@magento-integration/sync/events";
import { createMagentoClient } from "@magento-integration/client";
import { freshDatabase, type TestDatabase } from "../helpers/databases";
import { testKit } from "../helpers/test-kit";

describe("dev store → kit store events", () => {
  let db: TestDatabase;
  let store: DevStore;
  let kit: Kit;
  let app: Server;
  let appUrl: string;
  let installationId: string;
  let failNextIo = 0;
  const refreshed: RecordRef[] = [];
  const raw: StoreEvent[] = [];

  beforeEach(async () => {
    refreshed.length = 0;
    raw.length = 0;
    failNextIo = 0;
    db = await freshDatabase("sqlite");
    store = await startDevStore({ edition: "commerce", ioRetryBaseMs: 50 });
    app = createServer((req, res) => {
      const m = /^\/api\/events\/(commerce|io)\/([^/?]+)/.exec(req.url ?? "");
      if (!m) return void res.writeHead(404).end();
      const channel = m[1] as "commerce" | "io";
      const url = new URL(req.url!, "http://x");
      void (async () => {
        if (req.method === "GET" && channel === "io") {
          const a = kit.events.intake.challenge(url.searchParams.get("challenge"));
          return void res.writeHead(a.status, { "content-type": "application/json" }).end(JSON.stringify(a.json));
        }
        if (channel === "io" && failNextIo > 0) {
          failNextIo--;
          req.resume();
          return void res.writeHead(503).end();
        }
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
        const body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
        const a =
          channel === "commerce"
            ? await kit.events.intake.commerce(m[2]!, { headers, body })
            : await kit.events.intake.io(m[2]!, { headers, body });
        res.writeHead(a.status, { "content-type": "application/json" }).end(JSON.stringify(a.json));
      })();
    });
    await new Promise<void>((r) => app.listen(0, "127.0.0.1", r));
    appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    kit = await testKit(db, {
      env: { APP_URL: appUrl, DEV_IO_EVENTS_KEY_ORIGIN: store.url },
      events: { refreshRecord: async (ref) => void refreshed.push(ref), onRawEvent: async (e) => void raw.push(e) },
    });
    kit.jobs.startWorker({ concurrency: 4, laneCap: 4, pollMs: 20, healthProbeEveryMs: 3_600_000, recurring: false });
    const s = await db.storage.stores.ensure(store.storeBaseUrl);
    installationId = (
      await db.storage.installations.create({
        consumerKey: "d".repeat(32),
        storeId: s.id,
        state: "active",
        mode: "oauth",
        consumerSecretEnc: "sealed",
      })
    ).id;
  });
  afterEach(async () => {
    await store.events?.io.settle();
    await kit.close();
    await store.close();
    await new Promise((r) => app.close(r));
    await db.dispose();
  });

  const adminToken = async () => {
    const res = await fetch(`${store.url}/rest/V1/integration/admin/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: "admin123" }),
    });
    return (await res.json()) as string;
  };
  const rest = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${store.url}/rest/all${path}`, {
      method,
      headers: { "content-type": "application/json", authorization: `Bearer ${await adminToken()}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${store.url}/admin/api${path}`, {
      method,
      headers: { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await res.json()) as Record<string, unknown>;
  };
  const urls = () => kit.events.urls(installationId);

  it("a product saved in the store reaches the sync path through the Commerce webhook", async () => {
    expect(
      await kit.events.setCommerceKey(installationId, (await admin("GET", "/webhooks/key")).publicKey as string),
    ).toMatchObject({ ok: true });
    await admin("POST", "/webhooks", {
      webhook_method: "observer.catalog_product_save_after",
      webhook_type: "after",
      hook_name: "app",
      url: urls().commerceWebhookUrl,
      timeout: 5000,
      required: false,
    });
    const saved = await rest("PUT", "/V1/products/24-MB01", { product: { name: "Joust Duffle Bag (new)" } });
    expect(saved.status).toBe(200);
    await expect
      .poll(() => refreshed, { timeout: 15_000 })
      .toContainEqual({ installationId, entity: "products", identity: "24-MB01" });
    const calls = (await (await fetch(`${store.url}/admin/api/webhooks/calls`)).json()) as Array<{
      status: number;
      answer: string;
    }>;
    expect(calls.at(-1)).toMatchObject({ status: 200, answer: JSON.stringify({ op: "success" }) });
  });

  it("after the merchant regenerates the key pair, deliveries are refused as a key mismatch until the new key is set", async () => {
    await kit.events.setCommerceKey(installationId, (await admin("GET", "/webhooks/key")).publicKey as string);
    await admin("POST", "/webhooks", {
      webhook_method: "observer.catalog_product_save_after",
      webhook_type: "after",
      hook_name: "app",
      url: urls().commerceWebhookUrl,
      timeout: 5000,
      required: true,
      fallback_error_message: "The app refused the save.",
    });
    const fresh = (await admin("POST", "/webhooks/key/regenerate")).publicKey as string;
    const refusedSave = await rest("PUT", "/V1/products/24-MB01", { product: { name: "x" } });
    expect(refusedSave).toMatchObject({ status: 400, json: { message: "The app refused the save." } });
    const rows = await kit.events.recent(installationId);
    expect(rows.commerce[0]).toMatchObject({ outcome: "refused", detail: expect.stringMatching(/regenerated/) });
    await kit.events.setCommerceKey(installationId, fresh);
    expect((await rest("PUT", "/V1/products/24-MB01", { product: { name: "y" } })).status).toBe(200);
  });

  it("a decision hook that refuses makes the store's write fail with the forker's message, nothing written", async () => {
    kit.events.setHandlers({
      decisionHooks: [
        {
          eventName: "plugin.magento.catalog.api.product_repository.save",
          budgetMs: 1000,
          failure: "closed",
          decide: async () => ({ op: "exception", message: "Prices are locked this week." }),
        },
      ],
    });
    await kit.events.setCommerceKey(installationId, (await admin("GET", "/webhooks/key")).publicKey as string);
    const sub = await rest("POST", "/V1/webhooks/subscribe", {
      webhook: {
        webhook_method: "plugin.magento.catalog.api.product_repository.save",
        webhook_type: "before",
        hook_name: "app_guard",
        url: urls().commerceWebhookUrl,
        timeout: 3000,
        required: true,
      },
    });
    expect(sub.status).toBe(200);
    const before = await fetch(`${store.url}/rest/all/V1/products/24-MB01`, {
      headers: { authorization: `Bearer ${await adminToken()}` },
    }).then((r) => r.json() as Promise<{ price: number }>);
    const write = await rest("PUT", "/V1/products/24-MB01", { product: { price: 1 } });
    expect(write).toMatchObject({ status: 400, json: { message: "Prices are locked this week." } });
    const after = await fetch(`${store.url}/rest/all/V1/products/24-MB01`, {
      headers: { authorization: `Bearer ${await adminToken()}` },
    }).then((r) => r.json() as Promise<{ price: number }>);
    expect(after.price).toBe(before.price);
  });

  it("I/O Events: registration answers the challenge; a product save arrives signed, fetched keys verify it, a failed delivery is retried", async () => {
    await kit.events.setIoClientId(installationId, "devstore-client");
    const reg = await admin("POST", "/io-events/registrations", {
      url: urls().ioEventsUrl,
      clientId: "devstore-client",
    });
    expect(reg.status).toBe("verified");
    failNextIo = 1;
    expect(
      (await rest("PUT", "/V1/products/24-MB02", { product: { name: "Strive Shoulder Pack (new)" } })).status,
    ).toBe(200);
    await store.events!.io.settle();
    await expect
      .poll(() => refreshed, { timeout: 15_000 })
      .toContainEqual({ installationId, entity: "products", identity: "24-MB02" });
    const deliveries = (await (await fetch(`${store.url}/admin/api/io-events/deliveries`)).json()) as Array<{
      attempt: number;
      status: number;
    }>;
    expect(deliveries.map((d) => [d.attempt, d.status])).toEqual([
      [0, 503],
      [1, 200],
    ]);
    // refreshRecord runs inside the event's job; the delivery is marked handled after it returns
    await expect
      .poll(async () => (await kit.events.recent(installationId)).io[0], { timeout: 10_000 })
      .toMatchObject({ outcome: "handled", detail: expect.stringMatching(/refreshed products 24-MB02/) });
  });

  it("subscriptions through the store API: subscribing twice leaves one; unsubscribe removes it; Open Source says webhooks are absent", async () => {
    const client = createMagentoClient({
      baseUrl: store.storeBaseUrl,
      auth: { kind: "bearer", token: await adminToken() },
    });
    const subs = kit.events.subscriptions;
    const input = {
      webhookMethod: "observer.catalog_product_save_after",
      webhookType: "after" as const,
      timeoutMs: 5000,
      required: false,
    };
    expect(await subs.subscribe(client, installationId, input)).toEqual({ ok: true, value: { created: true } });
    expect(await subs.subscribe(client, installationId, input)).toEqual({ ok: true, value: { created: false } });
    const listed = await subs.list(client);
    expect(listed.ok && listed.value.filter((h) => h.url === urls().commerceWebhookUrl)).toHaveLength(1);
    expect(await subs.unsubscribe(client, installationId, input)).toEqual({ ok: true, value: { removed: true } });
    expect(await subs.list(client)).toEqual({ ok: true, value: [] });

    const openSource = await startDevStore({});
    try {
      const tokenRes = await fetch(`${openSource.url}/rest/V1/integration/admin/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "admin", password: "admin123" }),
      });
      const osClient = createMagentoClient({
        baseUrl: openSource.storeBaseUrl,
        auth: { kind: "bearer", token: (await tokenRes.json()) as string },
      });
      // the store is asked which edition it runs: Open Source has neither channel
      expect(await subs.list(osClient)).toMatchObject({
        ok: false,
        openSource: true,
        advice: { title: "This store runs Magento Open Source: it has neither webhooks nor I/O Events" },
      });
      expect(await storeEdition(osClient)).toBe("open-source");
      expect(await storeEdition(client)).toBe("commerce");
    } finally {
      await openSource.close();
    }
  });
});
