/**
 * The store-event intake against hostile input (packages/sync/src/events/intake.ts). Each attack is refused with nothing
 * enqueued and exactly one aggregated refusal row, never a 5xx; an unknown installation hears exactly what a
 * wrong signature hears. Signatures here are made with node:crypto over the openssl-made fixture keys.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createPrivateKey, sign, type KeyObject } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Kit } from "@/lib/kit";
import {
  parseRsaPublicKey,
  type IoKeyLoader,
  COMMERCE_JOB_DELAY_MS,
  STORE_EVENT_JOB,
  type StoreEvent,
} from "@magento-integration/sync/events";
import { PROVIDERS, freshDatabase, type TestDatabase } from "../helpers/databases";
import { testKit } from "../helpers/test-kit";

const fixtures = join(__dirname, "..", "fixtures", "store-events");
const pem = (name: string) => readFileSync(join(fixtures, name), "utf8");
const commercePrivate = createPrivateKey(pem("commerce-private.pem"));
const otherPrivate = createPrivateKey(pem("other-private.pem"));
const ioPrivate = createPrivateKey(pem("io1-private.pem"));
const IO_PATH = "/prod/keys/pub-key-test-1.pem";
const CLIENT_ID = "app-client-id";

const commerceSig = (body: string, key: KeyObject = commercePrivate) =>
  sign("sha256", Buffer.from(Buffer.from(body).toString("base64")), key).toString("base64");
const ioSig = (body: string, key: KeyObject = ioPrivate) => sign("sha256", Buffer.from(body), key).toString("base64");

function stream(body: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(c) {
      c.enqueue(new TextEncoder().encode(body));
      c.close();
    },
  });
}
const req = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) => ({
  headers: new Headers(headers),
  body: typeof body === "string" ? stream(body) : body,
});

const productSaved = (sku: string, price = 34) =>
  JSON.stringify({ eventName: "observer.catalog_product_save_after", data: { product: { sku, price } } });
const cloudEvent = (eventId: string, recipient = CLIENT_ID) =>
  JSON.stringify({
    specversion: "1.0",
    id: eventId,
    event_id: eventId,
    type: "com.adobe.commerce.observer.catalog_product_save_commit_after",
    recipient_client_id: recipient,
    data: { value: { sku: "24-MB01" } },
  });
const ioHeaders = (body: string, extra: Record<string, string> = {}) => ({
  "x-adobe-digital-signature-1": ioSig(body),
  "x-adobe-public-key1-path": IO_PATH,
  ...extra,
});

describe.each(PROVIDERS)("store-event intake on %s", (provider) => {
  let db: TestDatabase;
  let kit: Kit;
  let installationId: string;
  const keysAsked: string[] = [];
  const raw: StoreEvent[] = [];

  beforeEach(async () => {
    db = await freshDatabase(provider);
    keysAsked.length = 0;
    raw.length = 0;
    const ioKeys: Record<string, KeyObject> = { [IO_PATH]: parseRsaPublicKey(pem("io1-public.pem"))! };
    const loader: IoKeyLoader = async (path) => {
      keysAsked.push(path);
      return ioKeys[path] ?? null;
    };
    // refusals fold per minute of the app's clock: each test starts at the beginning of one, so its few sends
    // never straddle two minutes (they take well under a second each)
    const offset = 60_000 - (Date.now() % 60_000);
    kit = await testKit(db, {
      clock: () => new Date(Date.now() + offset),
      ioKeyLoader: loader,
      eventBodyWithinMs: 300,
      events: { onRawEvent: async (e) => void raw.push(e) },
    });
    const store = await db.storage.stores.ensure("http://shop.invalid/");
    const inst = await db.storage.installations.create({
      consumerKey: "k".repeat(32),
      storeId: store.id,
      state: "active",
      mode: "oauth",
      consumerSecretEnc: "sealed",
      activationCount: 1,
    });
    installationId = inst.id;
    expect(await kit.events.setCommerceKey(installationId, pem("commerce-public.pem"))).toMatchObject({ ok: true });
    expect(await kit.events.setIoClientId(installationId, CLIENT_ID)).toEqual({ ok: true });
  });
  afterEach(async () => {
    await kit.close();
    await db.dispose();
  });

  const jobs = () => kit.jobs.queue.list({ kinds: [STORE_EVENT_JOB], limit: 100 });
  const queued = async () => (await jobs()).length;
  const rows = () => db.database.prisma.eventDelivery.findMany({ orderBy: { receivedAt: "asc" } });

  /** Sends `times` of the same attack; all refused alike, nothing queued, one folded row saying why. */
  async function expectRefused(
    send: () => Promise<{ status: number; json: unknown }>,
    reason: RegExp,
    opts: { status?: number; installation?: string | null } = {},
  ) {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await send());
    for (const a of answers) {
      expect(a.status).toBe(opts.status ?? 401);
      expect(a.status).toBeLessThan(500);
    }
    expect(await queued()).toBe(0);
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      outcome: "refused",
      count: 3,
      installationId: opts.installation === undefined ? installationId : opts.installation,
    });
    expect(all[0]!.detail).toMatch(reason);
    return answers[0]!;
  }

  it("a signed Commerce notification is queued, answered success at once, and reaches the handler", async () => {
    const body = productSaved("24-MB01");
    const a = await kit.events.intake.commerce(
      installationId,
      req(body, { "x-adobe-commerce-webhook-signature": commerceSig(body) }),
    );
    expect(a).toEqual({ status: 200, json: { op: "success" } });
    expect(await queued()).toBe(1);
    expect((await rows())[0]).toMatchObject({
      outcome: "queued",
      eventName: "observer.catalog_product_save_after",
      detail: "signed: base64-of-body",
    });
    // the store calls the hook before its action commits: the job reads the record back a little later
    const [job] = await jobs();
    expect(job!.startAfter.getTime() - (await rows())[0]!.receivedAt.getTime()).toBe(COMMERCE_JOB_DELAY_MS);
  });

  it("unsigned Commerce webhook: refused", async () => {
    const body = productSaved("A");
    await expectRefused(() => kit.events.intake.commerce(installationId, req(body)), /unsigned/);
  });

  it("Commerce webhook signed with another key (the pair was regenerated): refused, advice names the key", async () => {
    const body = productSaved("A");
    await expectRefused(
      () =>
        kit.events.intake.commerce(
          installationId,
          req(body, { "x-adobe-commerce-webhook-signature": commerceSig(body, otherPrivate) }),
        ),
      /regenerated/,
    );
  });

  it("an installation id that does not exist hears exactly what a wrong signature hears", async () => {
    const body = productSaved("A");
    const headers = { "x-adobe-commerce-webhook-signature": commerceSig(body) };
    const unknown = await expectRefused(
      () => kit.events.intake.commerce("cknotaninstallation0000000", req(body, headers)),
      /unknown installation/,
      { installation: null },
    );
    const wrong = await kit.events.intake.commerce(
      installationId,
      req(body, { "x-adobe-commerce-webhook-signature": commerceSig(body, otherPrivate) }),
    );
    expect(unknown).toEqual(wrong);
    const io = await kit.events.intake.io(
      "cknotaninstallation0000000",
      req(cloudEvent("e-1"), ioHeaders(cloudEvent("e-1"))),
    );
    const ioWrong = await kit.events.intake.io(
      installationId,
      req(
        cloudEvent("e-1"),
        ioHeaders(cloudEvent("e-1"), { "x-adobe-digital-signature-1": ioSig(cloudEvent("e-1"), otherPrivate) }),
      ),
    );
    expect(io).toEqual(ioWrong);
  });

  it("oversized body: 413 without reading past the cap", async () => {
    let pulled = 0;
    const endless = () =>
      new ReadableStream<Uint8Array>({
        pull(c) {
          pulled++;
          c.enqueue(new Uint8Array(64 * 1024));
        },
      });
    await expectRefused(() => kit.events.intake.commerce(installationId, req(endless())), /too large/, { status: 413 });
    expect(pulled).toBeLessThan(3 * 8); // 256 KiB cap: at most 5 chunks of 64 KiB each time
  });

  it("oversized by its Content-Length: 413 before reading", async () => {
    await expectRefused(
      () => kit.events.intake.io(installationId, req("{}", { "content-length": String(10 * 1024 * 1024) })),
      /too large/,
      { status: 413 },
    );
  });

  it("slow-drip body (never finishes): cut off and refused", async () => {
    const drip = () =>
      new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new TextEncoder().encode("{"));
        },
      });
    await expectRefused(() => kit.events.intake.io(installationId, req(drip())), /too slow/, { status: 408 });
  });

  it("a signed I/O event is queued once; its replay (same event_id) is a duplicate, answered 200, not queued again", async () => {
    const body = cloudEvent("evt-1");
    expect(await kit.events.intake.io(installationId, req(body, ioHeaders(body)))).toMatchObject({ status: 200 });
    // I/O Events are sent after the commit: the job is not held back (it may start as soon as it is written)
    const [job] = await jobs();
    expect(job!.startAfter.getTime() - (await rows())[0]!.receivedAt.getTime()).toBeLessThan(COMMERCE_JOB_DELAY_MS);
    const again = await kit.events.intake.io(
      installationId,
      req(body, ioHeaders(body, { "x-adobe-retry-count": "1" })),
    );
    expect(again).toEqual({ status: 200, json: { ok: true, duplicate: true } });
    expect(await queued()).toBe(1);
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ dedupeKey: "evt-1", count: 2 });
  });

  it("a database failure between storing the delivery and sending its job: the store's retry queues it, once", async () => {
    const queue = kit.jobs.queue;
    const sendMany = queue.sendMany.bind(queue);
    let failures = 1;
    queue.sendMany = async (jobs, now) => {
      if (failures-- > 0) throw new Error("connection to the database lost");
      return sendMany(jobs, now);
    };
    const body = cloudEvent("evt-lost-job");
    // The row is written, the job is not: the request fails (the route answers 5xx) and I/O Events retries.
    await expect(kit.events.intake.io(installationId, req(body, ioHeaders(body)))).rejects.toThrow(/database/);
    expect(await queued()).toBe(0);
    const retry = () =>
      kit.events.intake.io(installationId, req(body, ioHeaders(body, { "x-adobe-retry-count": "1" })));
    expect(await retry()).toMatchObject({ status: 200 });
    expect(await queued()).toBe(1);
    // A further retry while that job waits does not queue a second one.
    expect(await retry()).toMatchObject({ status: 200 });
    expect(await queued()).toBe(1);
    const refreshed: unknown[] = [];
    kit.events.setHandlers({ refreshRecord: async (ref) => void refreshed.push(ref) });
    kit.jobs.startWorker({ concurrency: 2, laneCap: 2, pollMs: 20, healthProbeEveryMs: 3_600_000, recurring: false });
    await expect.poll(() => refreshed.length, { timeout: 10_000 }).toBe(1);
    expect(refreshed[0]).toEqual({ installationId, entity: "products", identity: "24-MB01" });
    await expect.poll(async () => (await rows())[0]?.outcome, { timeout: 10_000 }).toBe("handled");
    // Once handled, a late retry is a plain duplicate: nothing runs again.
    expect(await retry()).toEqual({ status: 200, json: { ok: true, duplicate: true } });
    await new Promise((r) => setTimeout(r, 300));
    expect(refreshed).toHaveLength(1);
    expect(await queued()).toBe(1);
  });

  it("forged x-adobe-public-key1-path pointing elsewhere: refused, no key fetched", async () => {
    const body = cloudEvent("evt-2");
    await expectRefused(
      () =>
        kit.events.intake.io(
          installationId,
          req(body, ioHeaders(body, { "x-adobe-public-key1-path": "//attacker.test/prod/keys/pub-key-x.pem" })),
        ),
      /forged key path/,
    );
    expect(keysAsked).toEqual([]);
  });

  it("I/O event for another registration (recipient_client_id): refused", async () => {
    const body = cloudEvent("evt-3", "someone-else");
    await expectRefused(() => kit.events.intake.io(installationId, req(body, ioHeaders(body))), /recipient_client_id/);
  });

  it("the legacy HMAC header alone: refused", async () => {
    const body = cloudEvent("evt-4");
    await expectRefused(
      () => kit.events.intake.io(installationId, req(body, { "x-adobe-signature": "c2lnbmF0dXJl" })),
      /legacy HMAC/,
    );
  });

  it("the challenge is echoed as JSON; a hostile value is refused", () => {
    expect(kit.events.intake.challenge("a1b2-c3")).toEqual({ status: 200, json: { challenge: "a1b2-c3" } });
    expect(kit.events.intake.challenge("<script>")).toMatchObject({ status: 400 });
  });

  it("a queued event reaches the raw-event handler; a synced entity goes through the sync path when wired", async () => {
    const refreshed: unknown[] = [];
    kit.jobs.startWorker({ concurrency: 2, laneCap: 2, pollMs: 20, healthProbeEveryMs: 3_600_000, recurring: false });
    const order = JSON.stringify({ eventName: "observer.sales_quote_add_item", data: { quote_item: { sku: "X" } } });
    await kit.events.intake.commerce(
      installationId,
      req(order, { "x-adobe-commerce-webhook-signature": commerceSig(order) }),
    );
    await expect.poll(() => raw.length, { timeout: 10_000 }).toBe(1);
    expect(raw[0]).toMatchObject({ channel: "commerce", name: "observer.sales_quote_add_item" });
    kit.events.setHandlers({
      refreshRecord: async (ref) => void refreshed.push(ref),
      onRawEvent: async (e) => void raw.push(e),
    });
    const body = cloudEvent("evt-5");
    await kit.events.intake.io(installationId, req(body, ioHeaders(body)));
    await expect.poll(() => refreshed.length, { timeout: 10_000 }).toBe(1);
    expect(refreshed[0]).toEqual({ installationId, entity: "products", identity: "24-MB01" });
    await expect
      .poll(async () => (await rows()).filter((r) => r.outcome === "handled").length, { timeout: 10_000 })
      .toBe(2);
  });

  it("a decision hook answers inline; one that throws fails closed with its message, one that is slow fails open", async () => {
    const body = JSON.stringify({
      eventName: "plugin.magento.checkout.api.cart_item_repository.save",
      data: { cartItem: { sku: "X", qty: 99 } },
    });
    const send = () =>
      kit.events.intake.commerce(
        installationId,
        req(body, { "x-adobe-commerce-webhook-signature": commerceSig(body) }),
      );
    kit.events.setHandlers({
      decisionHooks: [
        {
          eventName: "plugin.magento.checkout.api.cart_item_repository.save",
          budgetMs: 500,
          failure: "closed",
          decide: async () => ({ op: "exception", message: "Only 5 per customer." }),
        },
      ],
    });
    expect(await send()).toEqual({ status: 200, json: { op: "exception", message: "Only 5 per customer." } });
    kit.events.setHandlers({
      decisionHooks: [
        {
          eventName: "plugin.magento.checkout.api.cart_item_repository.save",
          budgetMs: 500,
          failure: "closed",
          failureMessage: "Try again later.",
          decide: async () => {
            throw new Error("inventory service down");
          },
        },
      ],
    });
    expect(await send()).toEqual({ status: 200, json: { op: "exception", message: "Try again later." } });
    kit.events.setHandlers({
      decisionHooks: [
        {
          eventName: "plugin.magento.checkout.api.cart_item_repository.save",
          budgetMs: 50,
          failure: "open",
          decide: () => new Promise(() => undefined),
        },
      ],
    });
    expect(await send()).toEqual({ status: 200, json: { op: "success" } });
    expect(await queued()).toBe(0);
  });
});
