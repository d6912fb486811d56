/**
 * Bulk edits of products as tracked submissions (packages/sync/src/bulk, lib/jobs/kinds/bulk.ts): read and validate a file,
 * preview it, submit the valid rows, follow progress, and read every row's outcome. Used by the dashboard and by
 * `npm run bulk`.
 */
import { BULK_JOB, bulkJobOptions } from "@/lib/jobs/kinds";
import {
  PRODUCT_EDIT,
  BulkFileError,
  readEditFile,
  type EditRow,
  syncMirror,
  previewAgainstMirror,
  previewOf,
  type MirrorPreview,
  readUploadBody,
  type UploadRefusal,
  type UploadRequest,
  refusalLog,
  type BulkFormState,
} from "@magento-integration/sync/bulk";
import { DEFAULT_BULK_CHUNK } from "@magento-integration/client";
import { type BulkRowRecord, type BulkSubmissionRecord, BulkQueueFullError } from "@magento-integration/storage";
import type { KitCore } from "./core";

/**
 * Bulk submissions one user may have queued, running or stalled at once (each up to 200,000 rows): past it a new
 * one is refused until one of them is done. The command line (no user) is not counted.
 */
export const MAX_OPEN_BULKS_PER_USER = 3;
/**
 * Bulk submissions one store may have queued, running or stalled at once, from all its users together: each user's
 * cap alone lets a store with many linked accounts queue without end. The command line (no user) is not refused.
 */
export const MAX_OPEN_BULKS_PER_INSTALLATION = 6;

export interface BulkView {
  id: string;
  state: BulkSubmissionRecord["state"];
  total: number;
  /** Rows with an outcome (complete, failed, rejected, invalid). */
  finished: number;
  complete: number;
  notComplete: number;
  percent: number;
  message: string | null;
  stalled: boolean;
  createdAt: string;
  finishedAt: string | null;
}

/** Uploads read at once by one app process (each holds up to MAX_UPLOAD_BYTES while it is checked). */
export const MAX_UPLOADS_IN_FLIGHT = 4;

/** What an upload refused before its file was read is told, with the status it is answered. */
const REFUSED: Record<UploadRefusal | "busy" | "user_busy", { status: number; error: string }> = {
  too_large: {
    status: 413,
    error:
      "The upload is larger than 10 MB: split the file into several of at most 10 MB and send them one by one. Nothing was submitted.",
  },
  too_slow: {
    status: 408,
    error:
      "The upload took longer than 5 minutes to arrive: try again on a faster connection, or split the file. Nothing was submitted.",
  },
  not_multipart: { status: 415, error: "Send the file as a form upload (multipart/form-data). Nothing was submitted." },
  malformed: {
    status: 400,
    error: "The upload arrived incomplete or garbled: choose the file and try again. Nothing was submitted.",
  },
  no_file: { status: 400, error: "Choose a CSV or NDJSON file first (the one chosen is empty)." },
  busy: {
    status: 503,
    error: "Several bulk files are being checked right now: try again in a few seconds. Nothing was submitted.",
  },
  user_busy: {
    status: 429,
    error: "Another of your uploads is still being checked: wait for it, then send this one. Nothing was submitted.",
  },
};

export type UploadAnswer = { status: number; state: BulkFormState };

export type ReadFile = { ok: true; rows: EditRow[] } | { ok: false; error: string };
export type StartBulk = { ok: true; submissionId: string; invalid: number } | { ok: false; error: string };

export function bulkVerbs(core: KitCore) {
  const refusals = refusalLog(core.log, "bulk upload");
  let inFlight = 0;
  const uploading = new Set<string>();

  const allowed = (installationId: string, userId: string | null) =>
    userId === null
      ? core.storage.installations.byId(installationId)
      : core.storage.installations.forUser(installationId, userId);

  async function view(sub: BulkSubmissionRecord): Promise<BulkView> {
    const c = await core.storage.bulks.counts(sub.id);
    const notComplete = c.failed + c.rejected + c.invalid;
    const finished = c.complete + notComplete;
    return {
      id: sub.id,
      state: sub.state,
      total: sub.total,
      finished,
      complete: c.complete,
      notComplete,
      percent: sub.total ? Math.floor((finished / sub.total) * 100) : 100,
      message: sub.message,
      stalled: sub.state === "stalled",
      createdAt: sub.createdAt.toISOString(),
      finishedAt: sub.finishedAt?.toISOString() ?? null,
    };
  }

  const verbs = {
    /** The file's rows with a message on each invalid one; `ok: false` when the file cannot be used at all. */
    read(file: string | Buffer): ReadFile {
      try {
        return { ok: true, rows: readEditFile(file) };
      } catch (e) {
        if (e instanceof BulkFileError) return { ok: false, error: e.message };
        throw e;
      }
    },

    /**
     * The valid rows against the store's sync mirror: SKUs the store does not have and each row's old → new values
     * (null: not the user's store).
     */
    async preview(
      installationId: string,
      userId: string | null,
      rows: readonly EditRow[],
    ): Promise<MirrorPreview | null> {
      const inst = await allowed(installationId, userId);
      if (!inst) return null;
      return previewAgainstMirror(syncMirror(core.storage), inst.id, rows);
    },

    /**
     * Records the rows (invalid ones with their message) and queues the submission job. Nothing is recorded when
     * no row is valid.
     */
    async start(
      installationId: string,
      userId: string | null,
      rows: readonly EditRow[],
      opts: { chunkSize?: number } = {},
    ): Promise<StartBulk> {
      const inst = await allowed(installationId, userId);
      if (!inst) return { ok: false, error: "No such store for this account." };
      if (!inst.accessTokenEnc)
        return { ok: false, error: "This store has no access token yet: finish Activate in the store admin." };
      const valid = rows.filter((r) => r.element);
      if (valid.length === 0)
        return { ok: false, error: "No row is valid: fix the rows listed and upload the file again." };
      let sub: BulkSubmissionRecord;
      try {
        sub = await core.storage.bulks.create(
          {
            installationId: inst.id,
            requestedBy: userId,
            kind: PRODUCT_EDIT.name,
            operationId: PRODUCT_EDIT.operationId,
            chunkSize: opts.chunkSize ?? DEFAULT_BULK_CHUNK,
          },
          rows.map((r) =>
            r.element
              ? { row: r.row, ref: r.sku, body: JSON.stringify(r.element), status: "pending" as const }
              : { row: r.row, ref: r.sku, body: "", status: "invalid" as const, message: r.error ?? "invalid" },
          ),
          { maxOpenPerRequester: MAX_OPEN_BULKS_PER_USER, maxOpenPerInstallation: MAX_OPEN_BULKS_PER_INSTALLATION },
        );
      } catch (e) {
        if (!(e instanceof BulkQueueFullError)) throw e;
        return {
          ok: false,
          error:
            e.of === "installation"
              ? `This store already has ${e.open} bulk edits queued or running (at most ${e.max} at once, from all its users): send this file once one of them is done (Recent bulk edits lists them). Nothing was submitted.`
              : `You already have ${e.open} bulk edits queued or running (at most ${e.max} at once, across your stores): send this file once one of them is done. Nothing was submitted.`,
        };
      }
      await core.send(BULK_JOB, { submissionId: sub.id }, bulkJobOptions(sub.id, inst.id, inst.store.baseUrl));
      return { ok: true, submissionId: sub.id, invalid: rows.length - valid.length };
    },

    /**
     * A file uploaded on the bulk edit page (app/api/stores/[id]/bulk/route.ts): read with its own cap while it
     * arrives, then checked (`intent` preview) or also submitted (`intent` submit). At most MAX_UPLOADS_IN_FLIGHT
     * are read at once, one per user; every refusal is logged by class (packages/sync/src/bulk/refusal-log.ts).
     */
    async upload(installationId: string, userId: string, req: UploadRequest): Promise<UploadAnswer> {
      const refuse = (why: keyof typeof REFUSED): UploadAnswer => {
        refusals.note(why);
        return { status: REFUSED[why].status, state: { error: REFUSED[why].error } };
      };
      if (uploading.has(userId) || inFlight >= MAX_UPLOADS_IN_FLIGHT) {
        await req.body?.cancel().catch(() => undefined);
        return refuse(uploading.has(userId) ? "user_busy" : "busy");
      }
      inFlight++;
      uploading.add(userId);
      try {
        const inst = await allowed(installationId, userId);
        if (!inst) {
          await req.body?.cancel().catch(() => undefined);
          return { status: 404, state: { error: "No such store for this account." } };
        }
        const body = await readUploadBody(req);
        if (!body.ok) return refuse(body.refusal);
        const read = verbs.read(body.bytes);
        if (!read.ok) return { status: 422, state: { error: `${capitalised(read.error)}. Nothing was submitted.` } };
        const against = await previewAgainstMirror(syncMirror(core.storage), inst.id, read.rows);
        const preview = previewOf(body.fileName, read.rows, against);
        if (body.fields.intent !== "submit") return { status: 200, state: { preview } };
        const started = await verbs.start(installationId, userId, read.rows);
        if (!started.ok) return { status: 409, state: { error: started.error, preview } };
        return { status: 200, state: { started: started.submissionId } };
      } finally {
        inFlight--;
        uploading.delete(userId);
      }
    },

    async get(submissionId: string, installationId: string, userId: string | null): Promise<BulkView | null> {
      const inst = await allowed(installationId, userId);
      const sub = inst ? await core.storage.bulks.byId(submissionId) : null;
      return sub && sub.installationId === inst?.id ? view(sub) : null;
    },

    async list(installationId: string, userId: string): Promise<BulkView[] | null> {
      const inst = await allowed(installationId, userId);
      if (!inst) return null;
      return Promise.all((await core.storage.bulks.listForInstallation(inst.id, 20)).map(view));
    },

    /** Every row in row order, a page at a time (the caller checked access with get). */
    async *rows(submissionId: string): AsyncGenerator<BulkRowRecord> {
      let from = 1;
      for (;;) {
        const page = await core.storage.bulks.rows(submissionId, from, 1000);
        if (page.length === 0) return;
        for (const r of page) yield r;
        from = page[page.length - 1]!.row + 1;
      }
    },
  };
  return verbs;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The outcome of a row as the command line and the failures file name it. */
export function rowOutcome(r: Pick<BulkRowRecord, "status">): "complete" | "failed" | "rejected" | "invalid" | "open" {
  return r.status === "pending" ? "open" : r.status;
}
