import { z } from "zod";
import type { PortableQueries } from "../../db.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { UniqueConflictError } from "../storage.ts";
import {
  DELIVERY_ROW_BYTES,
  type DeliveryOutcome,
  type DeliveryRecord,
  type EventChannel,
  type NewDelivery,
  type OverBudget,
  type StoredEventBudgets,
  type StoreEventRepo,
} from "../store-events.ts";
import { uniquely } from "./conflicts.ts";

const MAX_DETAIL = 500;
/** Rows one prune statement deletes (each batch its own transaction: the tables stay writable meanwhile). */
const PRUNE_BATCH = 2_000;

type Tx = <T>(fn: (q: PortableQueries) => Promise<T>) => Promise<T>;

const pruned = z.array(
  z.object({ installationId: z.string().nullable(), storedBytes: z.coerce.number().int().nonnegative() }),
);

/** Rolls an inserted delivery back when its bytes could not be counted. */
class NotCounted extends Error {}
/** An installation whose EventSource row is missing even after creating it (removed meanwhile). */
class NoSource extends Error {}

type Row = Omit<DeliveryRecord, "channel" | "outcome"> & { channel: string; outcome: string; foldKey: string | null };

const toDelivery = (r: Row): DeliveryRecord => ({
  id: r.id,
  installationId: r.installationId,
  channel: r.channel as EventChannel,
  outcome: r.outcome as DeliveryOutcome,
  detail: r.detail,
  eventName: r.eventName,
  dedupeKey: r.dedupeKey,
  bodyEnc: r.bodyEnc,
  count: r.count,
  jobId: r.jobId,
  receivedAt: r.receivedAt,
  lastAt: r.lastAt,
});

export function prismaStoreEvents(db: PortableQueries, transaction: Tx): StoreEventRepo {
  const bytesOf = (d: NewDelivery) => Buffer.byteLength(d.bodyEnc) + DELIVERY_ROW_BYTES;

  const insert = (q: PortableQueries, d: NewDelivery, storedBytes: number) =>
    uniquely(
      q.eventDelivery.create({
        data: {
          installationId: d.installationId,
          channel: d.channel,
          outcome: d.outcome,
          detail: d.detail?.slice(0, MAX_DETAIL) ?? null,
          eventName: d.eventName?.slice(0, 200) ?? null,
          dedupeKey: d.dedupeKey,
          bodyEnc: d.bodyEnc,
          storedBytes,
          receivedAt: d.at,
          lastAt: d.at,
        },
      }),
      "delivery",
    );

  const existingOf = (d: NewDelivery) =>
    db.eventDelivery.findFirst({
      where: { installationId: d.installationId, channel: d.channel, dedupeKey: d.dedupeKey },
    });

  /** Which budget a delivery of `bytes` would pass (read after the reservation was refused). */
  async function overBudget(installationId: string, bytes: number, budgets: StoredEventBudgets): Promise<OverBudget> {
    const mine = await storedBytesOf(installationId);
    if (mine + bytes > budgets.perInstallationBytes)
      return { budget: "installation", storedBytes: mine, limitBytes: budgets.perInstallationBytes };
    return { budget: "app", storedBytes: await storedBytesOf(), limitBytes: budgets.totalBytes };
  }

  async function storedBytesOf(installationId?: string): Promise<number> {
    const sum = await db.eventSource.aggregate({
      ...(installationId === undefined ? {} : { where: { installationId } }),
      _sum: { storedBytes: true },
    });
    return Number(sum._sum.storedBytes ?? 0);
  }

  /**
   * The row inserted and its bytes counted in one transaction: the insert first (a duplicate fails before any lock
   * on the count; the installation's row is locked in the order removing a store locks it, then the EventSource
   * row), then the conditional update, which holds the installation's EventSource row (PostgreSQL; SQLite has one
   * writer) until commit. Nothing counted (a budget full, or no EventSource row): the insert is rolled back, null.
   */
  async function insertAndCount(d: NewDelivery, budgets: StoredEventBudgets | undefined, bytes: number) {
    try {
      return await transaction(async (tx) => {
        const row = await insert(tx, d, bytes);
        const n = Prisma.sql`CAST(${bytes} AS BIGINT)`;
        const counted = budgets
          ? await tx.$executeRaw`UPDATE "EventSource" SET "storedBytes" = "storedBytes" + ${n}
              WHERE "installationId" = ${d.installationId}
                AND "storedBytes" + ${n} <= CAST(${budgets.perInstallationBytes} AS BIGINT)
                AND (SELECT COALESCE(SUM("storedBytes"), 0) FROM "EventSource") + ${n}
                  <= CAST(${budgets.totalBytes} AS BIGINT)`
          : await tx.$executeRaw`UPDATE "EventSource" SET "storedBytes" = "storedBytes" + ${n}
              WHERE "installationId" = ${d.installationId}`;
        if (counted === 0) throw new NotCounted();
        return row;
      });
    } catch (e) {
      if (e instanceof NotCounted) return null;
      throw e;
    }
  }

  return {
    async source(installationId) {
      return db.eventSource.findUnique({
        where: { installationId },
        select: {
          installationId: true,
          commercePublicKey: true,
          commerceKeyFingerprint: true,
          commerceKeySetAt: true,
          ioClientId: true,
        },
      });
    },
    async setCommerceKey(installationId, pem, fingerprint, at) {
      const data = { commercePublicKey: pem, commerceKeyFingerprint: fingerprint, commerceKeySetAt: at };
      await db.eventSource.upsert({ where: { installationId }, create: { installationId, ...data }, update: data });
    },
    async setIoClientId(installationId, ioClientId) {
      await db.eventSource.upsert({
        where: { installationId },
        create: { installationId, ioClientId },
        update: { ioClientId },
      });
    },
    async addDelivery(d, budgets) {
      const bytes = bytesOf(d);
      // a full installation (the flood this budget is for) is told so without writing and rolling back its body
      if (budgets && (await storedBytesOf(d.installationId)) + bytes > budgets.perInstallationBytes) {
        const existing = await existingOf(d);
        if (existing) return { existing: toDelivery(existing) };
        return { overBudget: await overBudget(d.installationId, bytes, budgets) };
      }
      try {
        for (let attempt = 0; ; attempt++) {
          const row = await insertAndCount(d, budgets, bytes);
          if (row) return { created: toDelivery(row) };
          // nothing counted: the installation has no EventSource row yet (created, then once more), or a budget is full
          const source = await db.eventSource.findUnique({ where: { installationId: d.installationId } });
          if (!source && attempt === 0) {
            await db.eventSource.upsert({
              where: { installationId: d.installationId },
              create: { installationId: d.installationId },
              update: {},
            });
            continue;
          }
          if (!source) throw new NoSource(`no event source for installation ${d.installationId}`);
          return { overBudget: await overBudget(d.installationId, bytes, budgets!) };
        }
      } catch (e) {
        if (!(e instanceof UniqueConflictError)) throw e;
        const existing = await existingOf(d);
        if (!existing) throw new UniqueConflictError("delivery vanished after a duplicate insert");
        return { existing: toDelivery(existing) };
      }
    },
    storedBytes: (installationId) => storedBytesOf(installationId),
    async refusalTotals(installationId, details) {
      const r = await db.eventDelivery.aggregate({
        where: { installationId, outcome: "refused", detail: { in: [...details] } },
        _sum: { count: true },
        _min: { receivedAt: true },
        _max: { lastAt: true },
      });
      if (!r._sum.count || !r._min.receivedAt || !r._max.lastAt) return null;
      return { count: r._sum.count, firstAt: r._min.receivedAt, lastAt: r._max.lastAt };
    },
    async countDuplicate(id, at) {
      await db.eventDelivery.update({ where: { id }, data: { count: { increment: 1 }, lastAt: at } });
    },
    async foldRefusal(r) {
      await db.eventDelivery.upsert({
        where: { foldKey: r.foldKey },
        create: {
          foldKey: r.foldKey,
          installationId: r.installationId,
          channel: r.channel,
          outcome: "refused",
          detail: r.detail.slice(0, MAX_DETAIL),
          receivedAt: r.at,
          lastAt: r.at,
        },
        update: { count: { increment: 1 }, lastAt: r.at },
      });
    },
    async setOutcome(id, outcome, detail, extra = {}) {
      await db.eventDelivery.updateMany({
        where: { id },
        data: {
          outcome,
          detail: detail?.slice(0, MAX_DETAIL) ?? null,
          ...(extra.jobId !== undefined ? { jobId: extra.jobId } : {}),
          ...(extra.at ? { lastAt: extra.at } : {}),
        },
      });
    },
    async byId(id) {
      const r = await db.eventDelivery.findUnique({ where: { id } });
      return r ? toDelivery(r) : null;
    },
    async recent(installationId, channel, limit) {
      const rows = await db.eventDelivery.findMany({
        where: { installationId, channel },
        orderBy: { lastAt: "desc" },
        take: limit,
      });
      return rows.map(toDelivery);
    },
    async recentUnaddressed(limit) {
      const rows = await db.eventDelivery.findMany({
        where: { installationId: null },
        orderBy: { lastAt: "desc" },
        take: limit,
      });
      return rows.map(toDelivery);
    },
    async prune(before) {
      let deleted = 0;
      for (;;) {
        const ids = (
          await db.eventDelivery.findMany({
            where: { lastAt: { lt: before } },
            select: { id: true },
            take: PRUNE_BATCH,
          })
        ).map((r) => r.id);
        if (ids.length === 0) return deleted;
        deleted += await transaction(async (tx) => {
          // RETURNING names exactly the rows this statement deleted (another prune's rows are not counted twice)
          const gone = pruned.parse(
            await tx.$queryRaw`DELETE FROM "EventDelivery" WHERE "id" IN (${Prisma.join(ids)})
              RETURNING "installationId", "storedBytes"`,
          );
          const freed = new Map<string, number>();
          for (const r of gone)
            if (r.installationId && r.storedBytes > 0)
              freed.set(r.installationId, (freed.get(r.installationId) ?? 0) + r.storedBytes);
          for (const [installationId, bytes] of [...freed].sort(([a], [b]) => (a < b ? -1 : 1))) {
            const n = Prisma.sql`CAST(${bytes} AS BIGINT)`;
            await tx.$executeRaw`UPDATE "EventSource"
              SET "storedBytes" = CASE WHEN "storedBytes" > ${n} THEN "storedBytes" - ${n} ELSE 0 END
              WHERE "installationId" = ${installationId}`;
          }
          return gone.length;
        });
        if (ids.length < PRUNE_BATCH) return deleted;
      }
    },
  };
}
