import type { PortableQueries } from "../../db.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { ExportRepo, PortalAppRepo, RateBudget, RateWindowRepo, ResourceCheckRepo } from "../storage.ts";
import { toExport, toPortalApp, toResourceCheck } from "./rows.ts";
import { z } from "zod";

const windowCounts = z.array(z.object({ key: z.string(), count: z.coerce.number() }));

type Transact = <T>(fn: (q: PortableQueries) => Promise<T>) => Promise<T>;

export function prismaRateWindows(db: PortableQueries, transaction: Transact): RateWindowRepo {
  return {
    async takeMany(hits) {
      const budgets = new Map<string, RateBudget>();
      for (const hit of hits) for (const b of hit) if (!budgets.has(b.key)) budgets.set(b.key, b);
      if (budgets.size === 0) return hits.map(() => true);
      const keys = [...budgets.keys()].sort(); // every caller locks in the same order: no deadlock between instances
      return transaction(async (tx) => {
        // 1. create the missing windows and lock them all (an upsert that changes nothing still locks its row on
        //    PostgreSQL; SQLite has one writer), reading the counts every other instance has committed
        const rows = await tx.$queryRaw`INSERT INTO "RateWindow" ("key", "count", "expiresAt")
          VALUES ${Prisma.join(keys.map((k) => Prisma.sql`(${k}, 0, ${budgets.get(k)!.expiresAt})`))}
          ON CONFLICT ("key") DO UPDATE SET "count" = "RateWindow"."count" RETURNING "key", "count"`;
        const counts = new Map(windowCounts.parse(rows).map((r) => [r.key, r.count]));
        const before = new Map(counts);
        // 2. decide in arrival order, as one hit after another would have
        const answers = hits.map((hit) => {
          const fits = hit.every((b) => b.limit >= 1 && (counts.get(b.key) ?? 0) < b.limit);
          if (fits) for (const key of new Set(hit.map((b) => b.key))) counts.set(key, (counts.get(key) ?? 0) + 1);
          return fits;
        });
        // 3. write each window's new count once (a statement may touch a row only once)
        const changed = keys.filter((k) => counts.get(k) !== before.get(k));
        if (changed.length > 0) {
          await tx.$executeRaw`UPDATE "RateWindow" SET "count" = CASE "key" ${Prisma.join(
            changed.map((k) => Prisma.sql`WHEN ${k} THEN CAST(${counts.get(k)!} AS INTEGER)`),
            " ",
          )} END WHERE "key" IN (${Prisma.join(changed)})`;
        }
        return answers;
      });
    },
    async prune(now) {
      return (await db.rateWindow.deleteMany({ where: { expiresAt: { lt: now } } })).count;
    },
  };
}

export function prismaPortalApps(db: PortableQueries): PortalAppRepo {
  return {
    async get(userId) {
      const r = await db.portalApp.findUnique({ where: { userId } });
      return r ? toPortalApp(r) : null;
    },
    async save(userId, v) {
      const { appSecretEnc, ...rest } = v;
      await db.portalApp.upsert({
        where: { userId },
        create: { userId, ...rest, appSecretEnc: appSecretEnc ?? "" },
        update: { ...rest, ...(appSecretEnc !== undefined ? { appSecretEnc } : {}) },
      });
    },
    async setCachedToken(userId, token) {
      await db.portalApp.updateMany({
        where: { userId },
        data: token
          ? { cachedTokenEnc: token.enc, cachedAccountId: token.accountId, cachedExpiresAt: token.expiresAt }
          : { cachedTokenEnc: null, cachedAccountId: null, cachedExpiresAt: null },
      });
    },
    async delete(userId) {
      await db.portalApp.deleteMany({ where: { userId } });
    },
    async sealed() {
      return db.portalApp.findMany({
        select: { userId: true, appSecretEnc: true, cachedTokenEnc: true },
        orderBy: { userId: "asc" },
      });
    },
    async replaceSealed(userId, values) {
      await db.portalApp.updateMany({ where: { userId }, data: values });
    },
  };
}

export function prismaExports(
  db: PortableQueries,
  transaction: <T>(fn: (q: PortableQueries) => Promise<T>) => Promise<T>,
): ExportRepo {
  return {
    async create(data) {
      return toExport(await db.export.create({ data }));
    },
    async byId(id) {
      const r = await db.export.findUnique({ where: { id } });
      return r ? toExport(r) : null;
    },
    async listForInstallation(installationId, limit) {
      return (await db.export.findMany({ where: { installationId }, orderBy: { createdAt: "desc" }, take: limit })).map(
        toExport,
      );
    },
    async start(id, total) {
      await db.export.updateMany({
        where: { id, state: { in: ["queued", "running"] } },
        data: { state: "running", ...(total !== null ? { total } : {}) },
      });
    },
    async savePage(id, page, rows, body) {
      await transaction(async (tx) => {
        const bytes = Buffer.byteLength(body, "utf8");
        await tx.exportChunk.upsert({
          where: { exportId_page: { exportId: id, page } },
          create: { exportId: id, page, rows, body, bytes },
          update: { rows, body, bytes },
        });
        const sum = await tx.exportChunk.aggregate({ where: { exportId: id }, _sum: { rows: true, bytes: true } });
        await tx.export.update({
          where: { id },
          data: { nextPage: page + 1, rows: sum._sum.rows ?? 0, storedBytes: sum._sum.bytes ?? 0 },
        });
      });
    },
    async storedChars(id) {
      const rows = await db.$queryRaw<
        Array<{ n: unknown }>
      >`SELECT COALESCE(SUM(LENGTH("body")), 0) AS "n" FROM "ExportChunk" WHERE "exportId" = ${id}`;
      return Number(rows[0]?.n ?? 0);
    },
    async storedBytes(requestedBy) {
      const sum = await db.export.aggregate({
        where: requestedBy === undefined ? {} : { requestedBy },
        _sum: { storedBytes: true },
      });
      return Number(sum._sum.storedBytes ?? 0);
    },
    async finish(id, state, at, error) {
      await db.export.update({ where: { id }, data: { state, finishedAt: at, error: error ?? null } });
    },
    async reopen(id) {
      await db.export.updateMany({
        where: { id, state: "failed" },
        data: { state: "running", error: null, finishedAt: null },
      });
    },
    async pages(id, fromPage, limit) {
      return db.exportChunk.findMany({
        where: { exportId: id, page: { gte: fromPage } },
        select: { page: true, rows: true, body: true },
        orderBy: { page: "asc" },
        take: limit,
      });
    },
    async pruneFinished(before) {
      return (await db.export.deleteMany({ where: { finishedAt: { lt: before } } })).count;
    },
  };
}

export function prismaResourceChecks(db: PortableQueries): ResourceCheckRepo {
  return {
    async save(installationId, check) {
      await db.resourceCheck.upsert({
        where: { installationId_resource: { installationId, resource: check.resource } },
        create: { installationId, ...check },
        update: check,
      });
    },
    async list(installationId) {
      return (await db.resourceCheck.findMany({ where: { installationId }, orderBy: { resource: "asc" } })).map(
        toResourceCheck,
      );
    },
  };
}
