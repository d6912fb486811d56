/**
 * Tracked bulk submissions against the dev store, on both databases: operations the store fails retriably
 * (status 2, a lost database lock) are sent again in a bulk of their own and complete, and a row that keeps failing
 * so ends `failed` with the store's message after the last attempt; the `wait` and `alert` fallbacks mark a stalled
 * submission and send nothing themselves (`alert` calls its hook once), then finish when the consumer comes back.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../helpers/handshake-harness";
import { PROVIDERS } from "../helpers/databases";
import { readEditFile, MAX_ATTEMPTS, type SubmissionKind, advanceSubmission } from "@magento-integration/sync/bulk";
import { createLogger } from "@/lib/log";
import type { BulkRowRecord, BulkSubmissionRecord } from "@magento-integration/storage";

async function until<T>(what: string, f: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const SKUS = ["24-MB01", "24-MB04", "24-MB03", "24-MB05"];
type BulkView = { uuid: string; operation_count: number; open: number };

describe.each(PROVIDERS)("bulk retries and fallbacks on %s", (provider) => {
  let h: Harness;
  afterEach(async () => {
    await h?.close();
  });

  async function linked(store: Parameters<typeof startHarness>[0] = {}) {
    h = await startHarness({ provider, ...store });
    const integ = await h.createIntegration("Bulk");
    await h.activate(integ.id);
    await h.settle();
    return h.installation(integ.consumer_key);
  }
  const rowsOf = async (id: string) => {
    const out: BulkRowRecord[] = [];
    for await (const r of h.kit.bulk.rows(id)) out.push(r);
    return out;
  };
  const price = async (consumerKey: string, sku: string) =>
    (
      await (
        await h.clientFor(consumerKey)
      ).call<"getProductsBySku", { price: number }>("getProductsBySku", { pathParams: { sku } })
    ).data.price;

  it("status 2 (failed, retriable): the rows are sent again on their own and complete", async () => {
    const inst = await linked();
    await h.admin("POST", "/admin/api/bulk-consumer", { failNextRetriably: 2 });
    const started = await h.kit.bulk.start(
      inst.id,
      null,
      readEditFile(["sku,price", ...SKUS.map((s, i) => `${s},${70 + i}`)].join("\n")),
      { chunkSize: 4 },
    );
    if (!started.ok) throw new Error(started.error);
    const view = await until("the submission", async () => {
      const v = await h.kit.bulk.get(started.submissionId, inst.id, null);
      return v?.state === "done" ? v : null;
    });
    expect(view).toMatchObject({ total: 4, complete: 4, notComplete: 0 });
    // the consumer runs operations in order: the first two failed retriably and went again, in a bulk of two
    const rows = await rowsOf(started.submissionId);
    expect(rows.map((r) => [r.ref, r.status, r.attempts])).toEqual([
      [SKUS[0], "complete", 1],
      [SKUS[1], "complete", 1],
      [SKUS[2], "complete", 0],
      [SKUS[3], "complete", 0],
    ]);
    const bulks = await h.admin<BulkView[]>("GET", "/admin/api/bulk");
    expect(bulks.map((b) => b.operation_count)).toEqual([4, 2]);
    for (const [i, sku] of SKUS.entries()) expect(await price(inst.consumerKey, sku)).toBe(70 + i);
  });

  it(`a row failing retriably ${MAX_ATTEMPTS} times ends failed with the store's message`, async () => {
    const inst = await linked();
    await h.admin("POST", "/admin/api/bulk-consumer", { failNextRetriably: MAX_ATTEMPTS });
    const started = await h.kit.bulk.start(inst.id, null, readEditFile(`sku,price\n${SKUS[0]},81`), {
      chunkSize: 1,
    });
    if (!started.ok) throw new Error(started.error);
    await until("the submission", async () => {
      const v = await h.kit.bulk.get(started.submissionId, inst.id, null);
      return v?.state === "done" ? v : null;
    });
    const [row] = await rowsOf(started.submissionId);
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS - 1 });
    expect(row!.message).toMatch(/Lock wait timeout/);
    // sent MAX_ATTEMPTS times in all, then left alone
    expect(await h.admin<BulkView[]>("GET", "/admin/api/bulk")).toHaveLength(MAX_ATTEMPTS);
    expect(await price(inst.consumerKey, SKUS[0]!)).not.toBe(81);
  });

  for (const fallback of ["wait", "alert"] as const) {
    it(`fallback "${fallback}": stalled past the threshold, nothing sent by the app, done when the consumer returns`, async () => {
      const inst = await linked({ store: { bulkConsumer: { running: false } } });
      let now = new Date(Date.UTC(2026, 10, 27, 9, 0, 0));
      const stalledCalls: Array<{ state: string; advice: string }> = [];
      const outcomes: string[] = [];
      const kind: SubmissionKind = {
        name: `test-${fallback}`,
        operationId: "putProductsBySku",
        fallback,
        stallAfterMs: 60_000,
        async onStalled(sub: BulkSubmissionRecord, advice: string) {
          stalledCalls.push({ state: sub.state, advice });
        },
        async onOutcome(_sub, rows) {
          outcomes.push(...rows.map((r) => `${r.ref}:${r.status}`));
        },
      };
      const deps = { storage: h.storage, now: () => now, log: createLogger({ level: "silent" }), kinds: [kind] };
      const rows = readEditFile(["sku,price", ...SKUS.map((s, i) => `${s},${90 + i}`)].join("\n"));
      const sub = await h.storage.bulks.create(
        { installationId: inst.id, requestedBy: null, kind: kind.name, operationId: kind.operationId, chunkSize: 4 },
        rows.map((r) => ({ row: r.row, ref: r.sku, body: JSON.stringify(r.element), status: "pending" as const })),
      );
      const client = await h.clientFor(inst.consumerKey);
      const step = () => advanceSubmission(deps, sub.id, client, new Date(now.getTime() + 60_000));

      expect(await step()).toMatchObject({ done: false });
      expect((await h.admin<BulkView[]>("GET", "/admin/api/bulk")).map((b) => b.open)).toEqual([4]);
      now = new Date(now.getTime() + 61_000);
      await step();
      await step();
      const stalled = await h.storage.bulks.byId(sub.id);
      expect(stalled).toMatchObject({ state: "stalled", fallbackAt: null });
      expect(stalled!.message).toMatch(/consumer/i);
      expect(stalledCalls).toEqual(fallback === "alert" ? [{ state: "stalled", advice: stalled!.message }] : []);
      // nothing went as single calls: still the one bulk, every row open, no price changed
      expect((await h.admin<BulkView[]>("GET", "/admin/api/bulk")).map((b) => b.open)).toEqual([4]);
      expect((await rowsOf(sub.id)).map((r) => r.status)).toEqual(["open", "open", "open", "open"]);
      expect(await price(inst.consumerKey, SKUS[0]!)).not.toBe(90);

      await h.admin("POST", "/admin/api/bulk-consumer", { running: true, operationsPerSecond: 1000 });
      await until("the store to run the bulk", async () =>
        (await h.admin<BulkView[]>("GET", "/admin/api/bulk")).every((b) => b.open === 0),
      );
      now = new Date(now.getTime() + 1_000);
      let last = await step();
      for (let i = 0; i < 5 && !last.done; i++) last = await step();
      const done = await h.storage.bulks.byId(sub.id);
      expect(done).toMatchObject({ state: "done" });
      expect(outcomes.sort()).toEqual(SKUS.map((s) => `${s}:complete`).sort());
      expect(stalledCalls).toHaveLength(fallback === "alert" ? 1 : 0);
      for (const [i, sku] of SKUS.entries()) expect(await price(inst.consumerKey, sku)).toBe(90 + i);
    });
  }
});
