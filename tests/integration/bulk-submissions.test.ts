/**
 * Tracked bulk submissions against the dev store, on both databases: rows submitted in chunks complete and
 * failures map back to their input rows; a stopped consumer is noticed as stalled once the threshold passes (the
 * app clock moves, no waiting), the fallback sends only the rows the store had not done as single calls, and an
 * operation that the consumer runs later anyway is reported once; a worker killed (kill -9) between the store
 * accepting a chunk and the app recording it leaves exactly one submission in the store after the restart.
 */
import { afterEach, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startHarness, TEST_BOX_KEYS, type Harness } from "../helpers/handshake-harness";
import { PROVIDERS } from "../helpers/databases";
import { readEditFile, PRODUCT_EDIT } from "@magento-integration/sync/bulk";
import type { BulkRowRecord } from "@magento-integration/storage";

const ROOT = join(__dirname, "..", "..");

async function until<T>(what: string, f: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function allRows(h: Harness, id: string): Promise<BulkRowRecord[]> {
  const out: BulkRowRecord[] = [];
  for await (const r of h.kit.bulk.rows(id)) out.push(r);
  return out;
}

const SKUS = [
  "24-MB01",
  "24-MB04",
  "24-MB03",
  "24-MB05",
  "24-MB06",
  "24-MB02",
  "24-UB02",
  "24-WB07",
  "24-WB04",
  "24-WB01",
];

describe.each(PROVIDERS)("tracked bulk submissions on %s", (provider) => {
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

  it("submit → complete: rows in chunks, the store's refusals mapped back to their input rows, invalid rows never sent", async () => {
    const inst = await linked();
    const csv = [
      "sku,price",
      ...SKUS.map((s, i) => `${s},${20 + i}`),
      "NO-SUCH-1,5",
      "24-MB01,7",
      "NO-SUCH-2,6",
      "24-MB02,abc",
    ].join("\n");
    const rows = readEditFile(csv);
    const started = await h.kit.bulk.start(inst.id, null, rows, { chunkSize: 4 });
    expect(started).toMatchObject({ ok: true, invalid: 2 });
    if (!started.ok) return;
    const view = await until("the submission", async () => {
      const v = await h.kit.bulk.get(started.submissionId, inst.id, null);
      return v?.state === "done" ? v : null;
    });
    expect(view).toMatchObject({ total: 14, complete: 10, notComplete: 4, percent: 100 });
    const out = await allRows(h, started.submissionId);
    expect(out.filter((r) => r.status !== "complete").map((r) => [r.row, r.ref, r.status])).toEqual([
      [11, "NO-SUCH-1", "failed"],
      [12, "24-MB01", "invalid"],
      [13, "NO-SUCH-2", "failed"],
      [14, "24-MB02", "invalid"],
    ]);
    expect(out.find((r) => r.row === 11)!.message).toContain('"name" attribute value is empty');
    expect(out.find((r) => r.row === 12)!.message).toBe("sku 24-MB01 is already on row 1: give each product one row");
    // 12 valid rows in chunks of 4: three bulks, nothing else
    const bulks = await h.admin<Array<{ uuid: string; operation_count: number }>>("GET", "/admin/api/bulk");
    expect(bulks.map((b) => b.operation_count)).toEqual([4, 4, 4]);
    const client = await h.clientFor((await h.storage.installations.byId(inst.id))!.consumerKey);
    const p = await client.call<"getProductsBySku", { price: number }>("getProductsBySku", {
      pathParams: { sku: "24-WB01" },
    });
    expect(p.data.price).toBe(29);
  });

  it("a chunk the store refuses for its size (input limits) is halved and sent again, never failed", async () => {
    const inst = await linked({ store: { inputLimits: { defaultPageSize: 20, maxPageSize: 300, asyncArraySize: 3 } } });
    const rows = readEditFile(["sku,price", ...SKUS.map((s, i) => `${s},${60 + i}`)].join("\n"));
    const started = await h.kit.bulk.start(inst.id, null, rows, { chunkSize: 10 });
    if (!started.ok) throw new Error(started.error);
    const view = await until("the submission", async () => {
      const v = await h.kit.bulk.get(started.submissionId, inst.id, null);
      return v?.state === "done" ? v : null;
    });
    expect(view).toMatchObject({ total: 10, complete: 10, notComplete: 0 });
    const out = await allRows(h, started.submissionId);
    expect(out.map((r) => r.status)).toEqual(Array(10).fill("complete"));
    // 10 → 5 + 5 → 3 + 2 + 3 + 2: every bulk the store took is within its limit, each row in exactly one
    const bulks = await h.admin<Array<{ operation_count: number }>>("GET", "/admin/api/bulk");
    expect(bulks.map((b) => b.operation_count).sort()).toEqual([2, 2, 3, 3]);
    const client = await h.clientFor((await h.storage.installations.byId(inst.id))!.consumerKey);
    for (const [i, sku] of SKUS.entries()) {
      const p = await client.call<"getProductsBySku", { price: number }>("getProductsBySku", { pathParams: { sku } });
      expect(p.data.price).toBe(60 + i);
    }
  });

  it("a stopped consumer is stalled past the threshold; the fallback sends only the rows not done; a late run is reported once", async () => {
    const inst = await linked({ store: { bulkConsumer: { running: false } } });
    const rows = readEditFile(["sku,price", ...SKUS.map((s, i) => `${s},${40 + i}`)].join("\n"));
    const started = await h.kit.bulk.start(inst.id, null, rows, { chunkSize: 5 });
    if (!started.ok) throw new Error(started.error);
    // let the store finish a few operations, then stop its consumer: the rest stay open (status 4)
    await until("both chunks sent", async () => (await h.admin<unknown[]>("GET", "/admin/api/bulk")).length === 2);
    await h.admin("POST", "/admin/api/bulk-consumer", { running: true, operationsPerSecond: 3 });
    await until(
      "some operations done",
      async () =>
        (await h.admin<Array<{ open: number }>>("GET", "/admin/api/bulk")).reduce((n, b) => n + b.open, 0) <= 8,
    );
    await h.admin("POST", "/admin/api/bulk-consumer", { running: false });
    const bulks = await h.admin<Array<{ uuid: string; open: number }>>("GET", "/admin/api/bulk");
    const openAtStop = bulks.reduce((n, b) => n + b.open, 0);
    expect(openAtStop).toBeGreaterThan(0);

    const before = await until("the done rows recorded", async () => {
      const v = await h.kit.bulk.get(started.submissionId, inst.id, null);
      return v && v.complete === 10 - openAtStop ? v : null;
    });
    expect(before.stalled).toBe(false);
    // the step that recorded those rows also records when it saw progress, after writing them: moving the clock
    // before that step ends would date the progress after the jump, and the stall would be two minutes away again
    await until(
      "the tracking step that saw the progress finished",
      async () =>
        (await h.kit.jobs.queue.list({ refs: [inst.id], kinds: ["bulk.track"], states: ["active"], limit: 1 }))
          .length === 0,
    );
    h.clock.advance(PRODUCT_EDIT.stallAfterMs + 1_000);
    const done = await until("the fallback", async () => {
      const v = await h.kit.bulk.get(started.submissionId, inst.id, null);
      return v?.state === "done" ? v : null;
    });
    expect(done.complete).toBe(10);
    expect(done.message).toMatch(/sent as single calls/);
    const sub = await h.storage.bulks.byId(started.submissionId);
    expect(sub!.stalledAt).not.toBeNull();
    const out = await allRows(h, started.submissionId);
    const singles = out.filter((r) => r.via === "single");
    expect(singles).toHaveLength(openAtStop);
    expect(out.filter((r) => r.via === "bulk")).toHaveLength(10 - openAtStop);

    // the consumer comes back and runs the stale operations: each row sent as a single call is reported once
    await h.admin("POST", "/admin/api/bulk-consumer", { running: true, operationsPerSecond: 1000 });
    await until("the store's queue empty", async () =>
      (await h.admin<Array<{ open: number }>>("GET", "/admin/api/bulk")).every((b) => b.open === 0),
    );
    // the tracker looks again at most a poll interval later (packages/sync/src/bulk/track.ts MAX_POLL_MS): move the clock past it
    h.clock.advance(60_000);
    const late = await until("late runs reported", async () => {
      const r = (await allRows(h, started.submissionId)).filter((x) => x.late);
      return r.length === openAtStop ? r : null;
    });
    h.clock.advance(60_000);
    await until(
      "the job finished",
      async () =>
        (
          await h.kit.jobs.queue.list({
            refs: [inst.id],
            kinds: ["bulk.track"],
            states: ["created", "active", "retry"],
            limit: 5,
          })
        ).length === 0,
    );
    const after = (await allRows(h, started.submissionId)).filter((x) => x.late);
    expect(after.map((r) => r.row)).toEqual(late.map((r) => r.row));
    for (const r of after) expect(r.message!.match(/ran later anyway/g)).toHaveLength(1);
  }, 60_000);

  it("kill -9 between the store accepting a chunk and the app recording it: after the restart the store holds exactly one submission", async () => {
    const inst = await linked();
    h.hold(); // the test's own worker waits: the command's worker takes the job and dies
    const dir = mkdtempSync(join(tmpdir(), "bulk-kill-"));
    const file = join(dir, "prices.csv");
    writeFileSync(file, "sku,price\n24-MB01,31\n24-MB04,32\n24-MB03,33\n");
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: h.database.url,
      ENCRYPTION_KEY: TEST_BOX_KEYS.map((k) => `${k.id}:${k.key.toString("base64")}`).join(","),
      ALLOW_PRIVATE_STORE_URLS: "true",
      JOB_LEASE_SECONDS: "2",
      KIT_BULK_FAULT: "kill-after-submit",
      LOG_LEVEL: "silent",
    };
    const child = spawn(
      process.execPath,
      [join(ROOT, "scripts", "run-ts.mjs"), "scripts/bulk.ts", "--store", inst.id, file],
      { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const guard = setTimeout(() => child.kill("SIGTERM"), 60_000);
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.on("exit", (_code, sig) => resolve(sig)),
    );
    clearTimeout(guard);
    expect(signal, stderr).toBe("SIGKILL");
    expect((await h.admin<unknown[]>("GET", "/admin/api/bulk")).length).toBe(1);
    const [sub] = await h.storage.bulks.listForInstallation(inst.id, 5);
    expect((await h.storage.bulks.chunks(sub!.id))[0]!.state).toBe("sending");

    // restart: a worker takes the job once its lease has run out, finds the chunk in the store and adopts it
    h.clock.advance(10_000);
    h.release();
    const done = await until("the submission", async () => {
      const v = await h.kit.bulk.get(sub!.id, inst.id, null);
      return v?.state === "done" ? v : null;
    });
    expect(done.complete).toBe(3);
    const bulks = await h.admin<Array<{ uuid: string }>>("GET", "/admin/api/bulk");
    expect(bulks).toHaveLength(1);
    expect((await h.storage.bulks.chunks(sub!.id))[0]!.bulkUuid).toBe(bulks[0]!.uuid);
  }, 120_000);
});
