/**
 * The bulk edit upload (lib/verbs/bulk.ts `upload`, behind app/api/stores/[id]/bulk/route.ts): a file at the size
 * limit is read and previewed; past it the upload is refused with 413 while it arrives, having read no more than
 * the cap, and a declared length past it before a byte is read; many refusals cost one log line per class.
 */
import { Writable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_FILE_BYTES, MAX_UPLOAD_BYTES } from "@magento-integration/sync/bulk";
import { createLogger } from "@/lib/log";
import type { Kit } from "@/lib/kit";
import { freshDatabase, type TestDatabase } from "../helpers/databases";
import { testKit } from "../helpers/test-kit";

const BOUNDARY = "----kitTestBoundary7MA4YWxkTrZu0gW";
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A multipart body with `intent` and a CSV of about `fileBytes` bytes, made in 64 KiB chunks; counts what was pulled. */
function uploadStream(fileBytes: number, head = "sku,price\n") {
  const pre = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\npreview\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="prices.csv"\r\nContent-Type: text/csv\r\n\r\n${head}`,
  );
  const post = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  // 64-byte rows: a 10 MB file stays under the 200,000-row limit
  const line = Buffer.from(`${"24-MB01-".padEnd(57, "X")},12.50\n`);
  // whole rows only: the file ends at the end of a line
  let left = Math.floor((fileBytes - Buffer.byteLength(head)) / line.length) * line.length;
  const counter = { pulled: 0, total: pre.length + left + post.length, rows: left / line.length };
  let sentPre = false;
  let done = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      let chunk: Buffer;
      if (!sentPre) {
        sentPre = true;
        chunk = pre;
      } else if (left > 0) {
        const n = Math.min(left, 1024 * line.length);
        chunk = Buffer.alloc(n);
        for (let i = 0; i < n; i += line.length) line.copy(chunk, i, 0, Math.min(line.length, n - i));
        left -= n;
      } else if (!done) {
        done = true;
        chunk = post;
      } else {
        controller.close();
        return;
      }
      counter.pulled += chunk.length;
      controller.enqueue(new Uint8Array(chunk));
    },
  });
  return { body, counter };
}

describe("bulk edit uploads", () => {
  let db: TestDatabase;
  let kit: Kit;
  let lines: string[];
  let userId: string;
  let installationId: string;
  beforeEach(async () => {
    db = await freshDatabase("sqlite");
    lines = [];
    const destination = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
        cb();
      },
    });
    kit = await testKit(db, { log: createLogger({ level: "info", destination }) });
    const s = db.storage;
    const store = await s.stores.ensure("http://shop.test/");
    const inst = await s.installations.create({
      consumerKey: "k".repeat(32),
      storeId: store.id,
      state: "active",
      mode: "oauth",
      consumerSecretEnc: "sealed",
      accessTokenEnc: "sealed",
      accessTokenSecretEnc: "sealed",
    });
    const user = await s.users.create("merchant@example.test", "x");
    await s.links.link(inst.id, user.id);
    userId = user.id;
    installationId = inst.id;
  });
  afterEach(async () => {
    await kit?.close();
    await db?.dispose();
  });

  it("a file just under 10 MB is read and previewed", async () => {
    const { body, counter } = uploadStream(MAX_FILE_BYTES - 1024);
    const answer = await kit.bulk.upload(installationId, userId, {
      body,
      contentType: TYPE,
      contentLength: null,
    });
    expect(answer.state.error ?? "").toBe("");
    expect(answer.status).toBe(200);
    expect(answer.state.preview?.fileName).toBe("prices.csv");
    // every line a row (all but the first repeat its SKU, so they are listed as invalid)
    expect(answer.state.preview?.total).toBe(counter.rows);
    expect(answer.state.preview?.valid).toBe(1);
    expect(counter.pulled).toBe(counter.total);
  });

  it("an 11 MB upload is refused with 413 while it arrives, after at most the cap; 30 refusals log one line", async () => {
    const pulled: number[] = [];
    for (let i = 0; i < 30; i++) {
      const { body, counter } = uploadStream(11 * 1024 * 1024);
      const answer = await kit.bulk.upload(installationId, userId, { body, contentType: TYPE, contentLength: null });
      expect(answer.status).toBe(413);
      expect(answer.state.error).toMatch(/larger than 10 MB: split the file/);
      pulled.push(counter.pulled);
    }
    // the stream is cancelled at the cap: what was pulled is the cap plus the chunks in flight, never the 11 MB
    expect(Math.max(...pulled)).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 2 * 64 * 1024);
    expect(Math.min(...pulled)).toBeGreaterThan(MAX_UPLOAD_BYTES - 64 * 1024);
    expect(lines.filter((l) => l.includes("bulk upload refused"))).toHaveLength(1);
    expect(lines.some((l) => l.includes('"stack"'))).toBe(false);
    expect(await db.storage.bulks.listForInstallation(installationId, 10)).toEqual([]);
  });

  it("a declared length past the cap is refused before a byte is read", async () => {
    const { body, counter } = uploadStream(11 * 1024 * 1024);
    const answer = await kit.bulk.upload(installationId, userId, {
      body,
      contentType: TYPE,
      contentLength: String(11 * 1024 * 1024),
    });
    expect(answer.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(64 * 1024);
  });

  it("someone else's store: 404 and the body is not read", async () => {
    const other = await db.storage.users.create("stranger@example.test", "x");
    const { body, counter } = uploadStream(1024);
    const answer = await kit.bulk.upload(installationId, other.id, { body, contentType: TYPE, contentLength: null });
    expect(answer).toEqual({ status: 404, state: { error: "No such store for this account." } });
    expect(counter.pulled).toBeLessThanOrEqual(64 * 1024);
  });
});
