/** Tracked bulk submissions on either database (packages/storage/src/storage/storage.ts BulkRepo). */
import type { PortableQueries } from "../../db.ts";
import { BulkQueueFullError, type BulkRepo } from "../storage.ts";
import type { BulkChunkRecord, BulkRowRecord, BulkRowStatus, BulkSubmissionRecord } from "../bulk-types.ts";

type Tx = <T>(fn: (q: PortableQueries) => Promise<T>) => Promise<T>;

/** The states of a submission that still holds a job (counted against a user's and an installation's cap). */
const OPEN_STATES = ["queued", "running", "stalled"];

/** Rows written or updated per statement (SQLite binds at most 32,766 values; a row has 10). */
const BATCH = 500;

const toSubmission = (
  r: BulkSubmissionRecord | (Omit<BulkSubmissionRecord, "state"> & { state: string }),
): BulkSubmissionRecord => ({
  id: r.id,
  installationId: r.installationId,
  requestedBy: r.requestedBy,
  kind: r.kind,
  operationId: r.operationId,
  state: r.state as BulkSubmissionRecord["state"],
  total: r.total,
  chunkSize: r.chunkSize,
  lastProgressAt: r.lastProgressAt,
  stalledAt: r.stalledAt,
  fallbackAt: r.fallbackAt,
  message: r.message,
  createdAt: r.createdAt,
  finishedAt: r.finishedAt,
});

const toChunk = (r: {
  seq: number;
  state: string;
  bulkUuid: string | null;
  rows: number;
  intentAt: Date | null;
  sentAt: Date | null;
}): BulkChunkRecord => ({
  ...r,
  state: r.state as BulkChunkRecord["state"],
});

const toRow = (
  r: Omit<BulkRowRecord, "status" | "via"> & { status: string; via: string | null; submissionId?: string },
): BulkRowRecord => ({
  row: r.row,
  ref: r.ref,
  body: r.body,
  chunkSeq: r.chunkSeq,
  position: r.position,
  status: r.status as BulkRowStatus,
  message: r.message,
  attempts: r.attempts,
  via: r.via as BulkRowRecord["via"],
  late: r.late,
});

function batches<T>(items: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function prismaBulks(db: PortableQueries, transaction: Tx): BulkRepo {
  return {
    async create(sub, rows, limits = {}) {
      return transaction(async (tx) => {
        if (sub.requestedBy !== null) {
          const max = limits.maxOpenPerRequester;
          if (max !== undefined) {
            // a no-op write locks the user's row until commit (PostgreSQL): a second upload of the same user waits
            // here and then counts this one; SQLite runs one transaction at a time anyway
            await tx.$executeRaw`UPDATE "User" SET "email" = "email" WHERE "id" = ${sub.requestedBy}`;
            const open = await tx.bulkSubmission.count({
              where: { requestedBy: sub.requestedBy, state: { in: OPEN_STATES } },
            });
            if (open >= max) throw new BulkQueueFullError(open, max, "requester");
          }
          const perStore = limits.maxOpenPerInstallation;
          if (perStore !== undefined) {
            // the installation's row next (always after the user's: no two uploads lock them in opposite orders)
            await tx.$executeRaw`UPDATE "Installation" SET "state" = "state" WHERE "id" = ${sub.installationId}`;
            const open = await tx.bulkSubmission.count({
              where: { installationId: sub.installationId, state: { in: OPEN_STATES } },
            });
            if (open >= perStore) throw new BulkQueueFullError(open, perStore, "installation");
          }
        }
        const created = await tx.bulkSubmission.create({ data: { ...sub, total: rows.length, state: "queued" } });
        let pending = 0;
        const data = rows.map((r) => {
          const placed =
            r.status === "pending"
              ? { chunkSeq: Math.floor(pending / sub.chunkSize), position: pending++ % sub.chunkSize }
              : { chunkSeq: null, position: null };
          return {
            submissionId: created.id,
            row: r.row,
            ref: r.ref,
            body: r.body,
            status: r.status,
            message: r.message ?? null,
            ...placed,
          };
        });
        for (const part of batches(data)) await tx.bulkRow.createMany({ data: part });
        const chunkCount = Math.ceil(pending / sub.chunkSize);
        const chunks = Array.from({ length: chunkCount }, (_, seq) => ({
          submissionId: created.id,
          seq,
          rows: Math.min(sub.chunkSize, pending - seq * sub.chunkSize),
        }));
        for (const part of batches(chunks)) await tx.bulkChunk.createMany({ data: part });
        return toSubmission(created);
      });
    },
    async byId(id) {
      const r = await db.bulkSubmission.findUnique({ where: { id } });
      return r ? toSubmission(r) : null;
    },
    async listForInstallation(installationId, limit) {
      return (
        await db.bulkSubmission.findMany({ where: { installationId }, orderBy: { createdAt: "desc" }, take: limit })
      ).map(toSubmission);
    },
    async update(id, patch) {
      await db.bulkSubmission.update({ where: { id }, data: patch });
    },
    async chunks(submissionId) {
      return (await db.bulkChunk.findMany({ where: { submissionId }, orderBy: { seq: "asc" } })).map(toChunk);
    },
    async markSending(submissionId, seq, at) {
      return (
        (
          await db.bulkChunk.updateMany({
            where: { submissionId, seq, state: "pending" },
            data: { state: "sending", intentAt: at },
          })
        ).count === 1
      );
    },
    async markSent(submissionId, seq, bulkUuid, at) {
      return transaction(async (tx) => {
        const moved = await tx.bulkChunk.updateMany({
          where: { submissionId, seq, state: "sending" },
          data: { state: "sent", bulkUuid, sentAt: at },
        });
        if (moved.count !== 1) return false;
        await tx.bulkRow.updateMany({
          where: { submissionId, chunkSeq: seq, status: "pending" },
          data: { status: "open", via: "bulk" },
        });
        return true;
      });
    },
    async markPending(submissionId, seq) {
      return (
        (
          await db.bulkChunk.updateMany({
            where: { submissionId, seq, state: "sending" },
            data: { state: "pending", intentAt: null },
          })
        ).count === 1
      );
    },
    async claimedUuids(uuids) {
      if (uuids.length === 0) return new Set();
      const rows = await db.bulkChunk.findMany({ where: { bulkUuid: { in: [...uuids] } }, select: { bulkUuid: true } });
      return new Set(rows.map((r) => r.bulkUuid!));
    },
    async splitChunk(submissionId, seq, keep) {
      return transaction(async (tx) => {
        const chunk = await tx.bulkChunk.findUnique({ where: { submissionId_seq: { submissionId, seq } } });
        if (!chunk || chunk.state !== "pending" || chunk.rows <= keep) return null;
        const last = await tx.bulkChunk.findFirst({
          where: { submissionId },
          orderBy: { seq: "desc" },
          select: { seq: true },
        });
        const next = (last?.seq ?? -1) + 1;
        await tx.bulkChunk.create({ data: { submissionId, seq: next, rows: chunk.rows - keep } });
        await tx.bulkRow.updateMany({
          where: { submissionId, chunkSeq: seq, position: { gte: keep } },
          data: { chunkSeq: next, position: { decrement: keep } },
        });
        await tx.bulkChunk.update({ where: { submissionId_seq: { submissionId, seq } }, data: { rows: keep } });
        return next;
      });
    },
    async addChunk(submissionId, rows) {
      return transaction(async (tx) => {
        const last = await tx.bulkChunk.findFirst({
          where: { submissionId },
          orderBy: { seq: "desc" },
          select: { seq: true },
        });
        const seq = (last?.seq ?? -1) + 1;
        await tx.bulkChunk.create({ data: { submissionId, seq, rows: rows.length } });
        const sorted = [...rows].sort((a, b) => a - b);
        for (let position = 0; position < sorted.length; position++) {
          await tx.bulkRow.update({
            where: { submissionId_row: { submissionId, row: sorted[position]! } },
            data: { chunkSeq: seq, position, status: "pending", attempts: { increment: 1 } },
          });
        }
        return seq;
      });
    },
    async rowsOfChunk(submissionId, seq) {
      return (await db.bulkRow.findMany({ where: { submissionId, chunkSeq: seq }, orderBy: { position: "asc" } })).map(
        toRow,
      );
    },
    async rowsWithStatus(submissionId, statuses, limit) {
      return (
        await db.bulkRow.findMany({
          where: { submissionId, status: { in: [...statuses] } },
          orderBy: { row: "asc" },
          take: limit,
        })
      ).map(toRow);
    },
    async unwatchedSingles(submissionId) {
      return (
        await db.bulkRow.findMany({
          where: { submissionId, via: "single", late: false, chunkSeq: { not: null } },
          orderBy: { row: "asc" },
        })
      ).map(toRow);
    },
    async setOutcomes(submissionId, outcomes) {
      // one statement per (status, message, via) group of up to BATCH rows
      const groups = new Map<
        string,
        { status: BulkRowStatus; message: string | null; via?: "bulk" | "single"; rows: number[] }
      >();
      for (const o of outcomes) {
        const key = JSON.stringify([o.status, o.message, o.via ?? null]);
        const g = groups.get(key) ?? {
          status: o.status,
          message: o.message,
          ...(o.via ? { via: o.via } : {}),
          rows: [],
        };
        g.rows.push(o.row);
        groups.set(key, g);
      }
      await transaction(async (tx) => {
        for (const g of groups.values()) {
          for (const part of batches(g.rows)) {
            await tx.bulkRow.updateMany({
              where: { submissionId, row: { in: part } },
              data: { status: g.status, message: g.message, ...(g.via ? { via: g.via } : {}) },
            });
          }
        }
      });
    },
    async markLate(submissionId, rows) {
      await transaction(async (tx) => {
        for (const r of rows) {
          await tx.bulkRow.update({
            where: { submissionId_row: { submissionId, row: r.row } },
            data: { late: true, message: r.message },
          });
        }
      });
    },
    async counts(submissionId) {
      const groups = await db.bulkRow.groupBy({ by: ["status"], where: { submissionId }, _count: { _all: true } });
      const out: Record<BulkRowStatus, number> = {
        pending: 0,
        open: 0,
        complete: 0,
        failed: 0,
        rejected: 0,
        invalid: 0,
      };
      for (const g of groups) out[g.status as BulkRowStatus] = g._count._all;
      return out;
    },
    async rows(submissionId, fromRow, limit) {
      return (
        await db.bulkRow.findMany({
          where: { submissionId, row: { gte: fromRow } },
          orderBy: { row: "asc" },
          take: limit,
        })
      ).map(toRow);
    },
    async deleteForInstallation(installationId) {
      return (await db.bulkSubmission.deleteMany({ where: { installationId } })).count;
    },
    async pruneFinished(before) {
      return (
        await db.bulkSubmission.deleteMany({
          where: { state: { in: ["done", "failed"] }, finishedAt: { lt: before } },
        })
      ).count;
    },
  };
}
