/**
 * Tracked bulk submissions: one step of the job that carries a submission (lib/jobs/kinds/bulk.ts). Each step
 * sends the chunks not sent yet, reads the status of the ones sent, records every row's outcome, sends status-2
 * rows again, and watches for a stalled consumer; it ends when every row has an outcome.
 *
 * Never twice: a chunk is written `sending` (with the time) before its request goes out and `sent` (with the
 * store's bulk uuid) after. A chunk found `sending` — the process died in between, or the answer was lost — is
 * looked up in the store first (GET /V1/bulk/?searchCriteria: operations since the chunk's time whose requests are
 * exactly the chunk's rows, in order, in a bulk no other chunk holds): found, it is adopted; not found, it is sent.
 * A submission is never retried blindly after an unclear failure (packages/client/src/magento/bulk.ts).
 */
import type { Logger } from "pino";
import {
  adviceFor,
  BULK_STATUS,
  MagentoApiError,
  operationRequest,
  operationsByIndex,
  searchCriteria,
  type MagentoClient,
} from "@magento-integration/client";
import type {
  Storage,
  BulkChunkRecord,
  BulkRowOutcome,
  BulkRowRecord,
  BulkSubmissionRecord,
} from "@magento-integration/storage";
import { LATE_WATCH_MS, MAX_ATTEMPTS, submissionKind, SUBMISSION_KINDS, type SubmissionKind } from "./kinds.ts";

export interface TrackDeps {
  storage: Storage;
  now: () => Date;
  log: Logger;
  kinds?: readonly SubmissionKind[];
  /** Crash tests: runs right after the store accepted a chunk, before that is recorded. */
  afterSubmit?: () => void;
}

export type Step = { done: true } | { done: false; after: Date };

/** How far back a lost submission is looked for in the store, before the chunk's recorded time (clock skew). */
const RECONCILE_SKEW_MS = 10 * 60_000;
const MIN_POLL_MS = 200;
const MAX_POLL_MS = 30_000;

/** Store requests in a step before it gives the worker back (other stores' jobs take turns). */
const SINGLES_PER_STEP = 500;

const mysqlTime = (d: Date) => d.toISOString().slice(0, 19).replace("T", " ");

/** Key-sorted JSON: the same request whatever order the store serialised its keys in. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v !== null && typeof v === "object") {
    return `{${Object.keys(v as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v);
}

function rendered(e: unknown): string {
  return e instanceof MagentoApiError ? e.renderedMessage : e instanceof Error ? e.message : String(e);
}

/**
 * The store refused the array for its size: with Web API input limits on, an async bulk array holds at most
 * `input-array-size-limit` items (docs/rest-semantics.md#async-and-bulk).
 */
function tooManyItems(e: unknown): boolean {
  return e instanceof MagentoApiError && e.status === 400 && e.template.startsWith("Maximum items of type");
}

/** A store answer that says the request was refused (not queued, not done): asking the same again cannot help. */
function refused(e: unknown): e is MagentoApiError {
  return e instanceof MagentoApiError && e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429;
}

export async function advanceSubmission(
  d: TrackDeps,
  submissionId: string,
  client: MagentoClient,
  until: Date,
): Promise<Step> {
  const bulks = d.storage.bulks;
  let sub = await bulks.byId(submissionId);
  if (!sub) return { done: true };
  const kind = submissionKind(sub.kind, d.kinds ?? SUBMISSION_KINDS);
  if (!kind) {
    await bulks.update(sub.id, {
      state: "failed",
      message: `unknown submission kind "${sub.kind}"`,
      finishedAt: d.now(),
    });
    return { done: true };
  }
  if (sub.state === "done" || sub.state === "failed") return watchLate(d, sub, kind, client);
  if (sub.state === "queued") {
    await bulks.update(sub.id, { state: "running", lastProgressAt: d.now() });
    sub = { ...sub, state: "running", lastProgressAt: d.now() };
  }

  for (const chunk of await bulks.chunks(sub.id)) {
    if (d.now() >= until) return again(d, sub);
    if (chunk.state === "sending") await reconcile(d, sub, kind, chunk, client);
  }
  for (const chunk of await bulks.chunks(sub.id)) {
    if (d.now() >= until) return again(d, sub);
    if (chunk.state !== "pending") continue;
    if (sub.fallbackAt)
      await sendSingles(
        d,
        sub,
        kind,
        client,
        (await bulks.rowsOfChunk(sub.id, chunk.seq)).filter((r) => r.status === "pending"),
      );
    else if (await sendChunk(d, sub, kind, chunk, client)) sub = { ...sub, lastProgressAt: d.now() };
  }

  const progressed = await poll(d, sub, kind, client, until);
  if (progressed) {
    sub = { ...sub, lastProgressAt: d.now(), ...(sub.state === "stalled" ? { state: "running" as const } : {}) };
    await bulks.update(sub.id, { lastProgressAt: sub.lastProgressAt, state: sub.state });
  }

  let counts = await bulks.counts(sub.id);
  const idleMs = d.now().getTime() - (sub.lastProgressAt ?? sub.createdAt).getTime();
  if (counts.open > 0 && idleMs >= kind.stallAfterMs) {
    sub = await stalled(d, sub, kind);
    if (kind.fallback === "single") {
      if (!sub.fallbackAt) {
        sub = { ...sub, fallbackAt: d.now() };
        await bulks.update(sub.id, { fallbackAt: sub.fallbackAt });
      }
      await sendSingles(
        d,
        sub,
        kind,
        client,
        await bulks.rowsWithStatus(sub.id, ["open", "pending"], SINGLES_PER_STEP),
      );
      counts = await bulks.counts(sub.id);
    }
  }
  if (counts.open + counts.pending > 0) return again(d, sub);
  const failed = counts.failed + counts.rejected + counts.invalid;
  await bulks.update(sub.id, {
    state: "done",
    finishedAt: d.now(),
    message: `${counts.complete} of ${sub.total} rows complete${failed ? `, ${failed} not` : ""}${sub.fallbackAt ? " (the rows still open when the store stalled were sent as single calls)" : ""}.`,
  });
  return watchLate(d, { ...sub, state: "done" }, kind, client);
}

function again(d: TrackDeps, sub: BulkSubmissionRecord): Step {
  const idle = d.now().getTime() - (sub.lastProgressAt ?? sub.createdAt).getTime();
  const wait = Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, Math.round(idle / 4)));
  return { done: false, after: new Date(d.now().getTime() + wait) };
}

/** Sends one chunk; true when the store accepted it. */
async function sendChunk(
  d: TrackDeps,
  sub: BulkSubmissionRecord,
  kind: SubmissionKind,
  chunk: BulkChunkRecord,
  client: MagentoClient,
): Promise<boolean> {
  const rows = (await d.storage.bulks.rowsOfChunk(sub.id, chunk.seq)).filter((r) => r.status === "pending");
  if (rows.length === 0) return false;
  if (!(await d.storage.bulks.markSending(sub.id, chunk.seq, d.now()))) return false;
  let accepted;
  try {
    [accepted] = await client.bulk(
      kind.operationId,
      rows.map((r) => JSON.parse(r.body) as never),
      { chunkSize: rows.length },
    );
  } catch (e) {
    if (!refused(e)) throw e; // unclear: the chunk stays `sending` and is looked up before it is sent again
    if (tooManyItems(e) && rows.length > 1) {
      // nothing was queued: every pending chunk is cut to half this one's size and sent again
      await d.storage.bulks.markPending(sub.id, chunk.seq);
      await halveChunks(d, sub.id, Math.ceil(rows.length / 2));
      return false;
    }
    await d.storage.bulks.setOutcomes(
      sub.id,
      rows.map((r) => ({ row: r.row, status: "failed", message: `The store refused the request: ${rendered(e)}` })),
    );
    await d.storage.bulks.markPending(sub.id, chunk.seq);
    return false;
  }
  d.afterSubmit?.();
  if (!accepted) throw new Error("the store answered no bulk for the chunk");
  await d.storage.bulks.markSent(sub.id, chunk.seq, accepted.bulk_uuid, d.now());
  await d.storage.bulks.update(sub.id, { lastProgressAt: d.now() });
  const rejected = accepted.request_items.filter((i) => i.status === "rejected");
  if (rejected.length) {
    await d.storage.bulks.setOutcomes(
      sub.id,
      rejected.flatMap((i) =>
        rows[i.id]
          ? [
              {
                row: rows[i.id]!.row,
                status: "rejected" as const,
                message: i.error_message ?? "The store rejected the row.",
              },
            ]
          : [],
      ),
    );
  }
  return true;
}

/** Splits every pending chunk larger than `size` into chunks of at most `size` rows. */
async function halveChunks(d: TrackDeps, submissionId: string, size: number): Promise<void> {
  for (const chunk of await d.storage.bulks.chunks(submissionId)) {
    if (chunk.state !== "pending") continue;
    let seq: number | null = chunk.seq;
    while (seq !== null) seq = await d.storage.bulks.splitChunk(submissionId, seq, size);
  }
}

/** A chunk left `sending`: adopt the store's bulk holding exactly its rows, or send it again when there is none. */
async function reconcile(
  d: TrackDeps,
  sub: BulkSubmissionRecord,
  kind: SubmissionKind,
  chunk: BulkChunkRecord,
  client: MagentoClient,
): Promise<void> {
  const rows = await d.storage.bulks.rowsOfChunk(sub.id, chunk.seq);
  const wanted = rows.map((r) => canonical(JSON.parse(r.body)));
  const since = new Date((chunk.intentAt ?? sub.createdAt).getTime() - RECONCILE_SKEW_MS);
  const byBulk = new Map<string, Array<{ id: number; request: string }>>();
  for (let page = 1; ; page++) {
    const found = await client.searchBulkOperations(
      searchCriteria().where("start_time", "gteq", mysqlTime(since)).pageSize(300).currentPage(page),
    );
    for (const op of found.items) {
      const list = byBulk.get(op.bulk_uuid) ?? [];
      list.push({ id: op.id, request: canonical(operationRequest(op.serialized_data)) });
      byBulk.set(op.bulk_uuid, list);
    }
    if (found.items.length < 300 || page * 300 >= found.total_count) break;
  }
  const claimed = await d.storage.bulks.claimedUuids([...byBulk.keys()]);
  for (const [uuid, ops] of byBulk) {
    if (claimed.has(uuid) || ops.length !== wanted.length) continue;
    const requests = ops.sort((a, b) => a.id - b.id).map((o) => o.request);
    if (requests.every((r, i) => r === wanted[i])) {
      d.log.info(
        { submission: sub.id, chunk: chunk.seq, bulkUuid: uuid },
        "bulk chunk found in the store after an interruption; adopted, not sent again",
      );
      await d.storage.bulks.markSent(sub.id, chunk.seq, uuid, d.now());
      return;
    }
  }
  d.log.info(
    { submission: sub.id, chunk: chunk.seq },
    "bulk chunk not found in the store after an interruption; it will be sent",
  );
  await d.storage.bulks.markPending(sub.id, chunk.seq);
  void kind;
}

/** Reads the status of every sent chunk with open rows; true when any row changed. */
async function poll(
  d: TrackDeps,
  sub: BulkSubmissionRecord,
  kind: SubmissionKind,
  client: MagentoClient,
  until: Date,
): Promise<boolean> {
  let progressed = false;
  for (const chunk of await d.storage.bulks.chunks(sub.id)) {
    if (chunk.state !== "sent" || !chunk.bulkUuid) continue;
    const rows = (await d.storage.bulks.rowsOfChunk(sub.id, chunk.seq)).filter((r) => r.status === "open");
    if (rows.length === 0) continue;
    if (d.now() >= until) break;
    const ops = operationsByIndex(await client.bulkStatus(chunk.bulkUuid));
    const outcomes: BulkRowOutcome[] = [];
    const retry: number[] = [];
    const finished: BulkRowRecord[] = [];
    for (const row of rows) {
      const op = row.position === null ? undefined : ops[row.position];
      if (!op || op.status === BULK_STATUS.open) continue;
      if (op.status === BULK_STATUS.retriablyFailed && row.attempts + 1 < MAX_ATTEMPTS) {
        retry.push(row.row);
        continue;
      }
      const status =
        op.status === BULK_STATUS.complete ? "complete" : op.status === BULK_STATUS.rejected ? "rejected" : "failed";
      const message =
        status === "complete"
          ? null
          : (op.message ??
            (op.status === BULK_STATUS.retriablyFailed
              ? "Failed again after retries."
              : "The store did not apply the row."));
      outcomes.push({ row: row.row, status, message });
      finished.push({ ...row, status, message });
    }
    if (outcomes.length) await d.storage.bulks.setOutcomes(sub.id, outcomes);
    if (retry.length) await d.storage.bulks.addChunk(sub.id, retry);
    if (outcomes.length || retry.length) progressed = true;
    if (finished.length) await kind.onOutcome?.(sub, finished);
  }
  return progressed;
}

async function stalled(d: TrackDeps, sub: BulkSubmissionRecord, kind: SubmissionKind): Promise<BulkSubmissionRecord> {
  if (sub.stalledAt && sub.state === "stalled") return sub;
  const advice = adviceFor("bulk_consumer_stalled");
  const message = `${advice.title}. ${advice.fix}`;
  const at = d.now();
  await d.storage.bulks.update(sub.id, { state: "stalled", stalledAt: at, message });
  d.log.warn(
    { submission: sub.id, kind: kind.name, fallback: kind.fallback },
    "bulk submission stalled: the store's async.operations.all consumer is not running",
  );
  const next = { ...sub, state: "stalled" as const, stalledAt: at, message };
  if (kind.fallback === "alert" && !sub.stalledAt) await kind.onStalled?.(next, message);
  return next;
}

/** Sends rows as ordinary calls (the fallback); their queued operations are then watched for running late. */
async function sendSingles(
  d: TrackDeps,
  sub: BulkSubmissionRecord,
  kind: SubmissionKind,
  client: MagentoClient,
  rows: readonly BulkRowRecord[],
): Promise<void> {
  const outcomes: BulkRowOutcome[] = [];
  const finished: BulkRowRecord[] = [];
  try {
    for (const row of rows) {
      const { sku, ...body } = JSON.parse(row.body) as { sku: string };
      try {
        await client.call(kind.operationId as "putProductsBySku", { pathParams: { sku }, body });
        outcomes.push({ row: row.row, status: "complete", message: null, via: "single" });
        finished.push({ ...row, status: "complete", via: "single" });
      } catch (e) {
        if (!refused(e)) throw e;
        outcomes.push({ row: row.row, status: "failed", message: rendered(e), via: "single" });
        finished.push({ ...row, status: "failed", message: rendered(e), via: "single" });
      }
    }
  } finally {
    if (outcomes.length) await d.storage.bulks.setOutcomes(sub.id, outcomes);
  }
  if (finished.length) await kind.onOutcome?.(sub, finished);
}

/**
 * After a fallback, the store's queued operations of the rows sent as single calls may still run (the consumer was
 * only late). Each is reported once, then left alone; watched for LATE_WATCH_MS.
 */
async function watchLate(
  d: TrackDeps,
  sub: BulkSubmissionRecord,
  kind: SubmissionKind,
  client: MagentoClient,
): Promise<Step> {
  if (!sub.fallbackAt || d.now().getTime() - sub.fallbackAt.getTime() > LATE_WATCH_MS) return { done: true };
  const singles = await d.storage.bulks.unwatchedSingles(sub.id);
  if (singles.length === 0) return { done: true };
  const chunks = new Map((await d.storage.bulks.chunks(sub.id)).map((c) => [c.seq, c]));
  const late: Array<{ row: number; message: string }> = [];
  const lateRows: BulkRowRecord[] = [];
  const bySeq = new Map<number, BulkRowRecord[]>();
  for (const r of singles) bySeq.set(r.chunkSeq!, [...(bySeq.get(r.chunkSeq!) ?? []), r]);
  for (const [seq, rows] of bySeq) {
    const uuid = chunks.get(seq)?.bulkUuid;
    if (!uuid) continue;
    const ops = operationsByIndex(await client.bulkStatus(uuid));
    for (const row of rows) {
      const op = row.position === null ? undefined : ops[row.position];
      if (!op || op.status === BULK_STATUS.open) continue;
      const message = `${row.message ? `${row.message} ` : ""}Sent as a single call after the store stalled; its queued operation ran later anyway (status ${op.status}${op.message ? `: ${op.message}` : ""}).`;
      late.push({ row: row.row, message });
      lateRows.push({ ...row, late: true, message });
    }
  }
  if (late.length) {
    await d.storage.bulks.markLate(sub.id, late);
    d.log.warn(
      { submission: sub.id, rows: late.length },
      "bulk operations ran late, after their rows were sent as single calls",
    );
    await kind.onLate?.(sub, lateRows);
  }
  return singles.length > late.length
    ? { done: false, after: new Date(d.now().getTime() + MAX_POLL_MS) }
    : { done: true };
}
