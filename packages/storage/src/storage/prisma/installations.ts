import type { PortableQueries } from "../../db.ts";
import type { RowReader } from "../../sqlite-reader.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { InstallationRepo, InstallationWithStore } from "../storage.ts";
import { toInstallation } from "./rows.ts";
import { uniquely } from "./conflicts.ts";
import { INSTALLATION_WITH_STORE, installationWithStoreOf } from "./joined-rows.ts";

type Row = Record<string, unknown>;
const FROM_INSTALLATION = Prisma.sql`SELECT ${INSTALLATION_WITH_STORE} FROM "Installation" "i"
  JOIN "Store" "st" ON "st"."id" = "i"."storeId"`;
const one = (rows: Row[]) => (rows[0] ? installationWithStoreOf(rows[0]) : null);

/** `read`: the removal page's own read goes through it (packages/storage/src/sqlite-reader.ts). */
export function prismaInstallations(db: PortableQueries, read: RowReader): InstallationRepo {
  return {
    // the reads pages make on every render: one joined statement each (joined-rows.ts)
    byId: async (id) => one(await db.$queryRaw<Row[]>`${FROM_INSTALLATION} WHERE "i"."id" = ${id}`),
    byConsumerKey: async (consumerKey) =>
      one(await db.$queryRaw<Row[]>`${FROM_INSTALLATION} WHERE "i"."consumerKey" = ${consumerKey}`),
    async byConsumerKeys(consumerKeys) {
      const found = new Map<string, InstallationWithStore>();
      if (consumerKeys.length === 0) return found;
      const rows = await db.$queryRaw<Row[]>`${FROM_INSTALLATION}
        WHERE "i"."consumerKey" IN (${Prisma.join([...new Set(consumerKeys)])})`;
      for (const row of rows) {
        const inst = installationWithStoreOf(row);
        found.set(inst.consumerKey, inst);
      }
      return found;
    },
    forUser: async (id, userId) =>
      one(
        await db.$queryRaw<Row[]>`${FROM_INSTALLATION}
          JOIN "InstallationUser" "iu" ON "iu"."installationId" = "i"."id" AND "iu"."userId" = ${userId}
          WHERE "i"."id" = ${id}`,
      ),
    listForUser: async (userId) =>
      (
        await db.$queryRaw<Row[]>`${FROM_INSTALLATION}
          JOIN "InstallationUser" "iu" ON "iu"."installationId" = "i"."id" AND "iu"."userId" = ${userId}
          ORDER BY "i"."createdAt" ASC, "i"."id" ASC`
      ).map(installationWithStoreOf),
    async listProbeTargets(limit) {
      const rows = await db.installation.findMany({
        where: { state: { in: ["active", "needs_reauthorization"] }, accessTokenEnc: { not: null } },
        select: { id: true, store: { select: { baseUrl: true } } },
        orderBy: [{ lastCheckedAt: "asc" }, { id: "asc" }],
        take: limit,
      });
      return rows.map((r) => ({ id: r.id, baseUrl: r.store.baseUrl }));
    },
    // every callback starts with it: the write takes the row's lock, then one joined read (not Prisma's three)
    async lockByConsumerKey(consumerKey, at) {
      const locked = await db.installation.updateMany({ where: { consumerKey }, data: { updatedAt: at } });
      if (locked.count === 0) return null;
      return one(await db.$queryRaw<Row[]>`${FROM_INSTALLATION} WHERE "i"."consumerKey" = ${consumerKey}`);
    },
    async lockById(id, at) {
      return (await db.installation.updateMany({ where: { id }, data: { updatedAt: at } })).count > 0;
    },
    async create(data) {
      return toInstallation(await uniquely(db.installation.create({ data }), "An installation for this consumer key"));
    },
    async countCallback(id, state) {
      const r = await db.installation.update({
        where: { id },
        data: { activationCount: { increment: 1 }, state, ...(state === "active" ? {} : { failureReason: null }) },
        select: { activationCount: true },
      });
      return r.activationCount;
    },
    async markExchanging(id) {
      await db.installation.updateMany({ where: { id, state: "pending" }, data: { state: "exchanging" } });
    },
    async failIfNewest(id, seq, reason, from) {
      const r = await db.installation.updateMany({
        where: { id, activationCount: seq, state: { in: [...from] } },
        data: { state: "failed", failureReason: reason },
      });
      return r.count > 0;
    },
    async markProven(id, at) {
      await db.installation.updateMany({ where: { id, provenAt: null }, data: { provenAt: at } });
    },
    async installCredentials(id, seq, d) {
      const r = await db.installation.updateMany({
        where: { id, credentialsSeq: { lt: seq } },
        data: {
          state: "active",
          failureReason: null,
          mode: "oauth",
          storeId: d.storeId,
          consumerSecretEnc: d.consumerSecretEnc,
          accessTokenEnc: d.accessTokenEnc,
          accessTokenSecretEnc: d.accessTokenSecretEnc,
          credentialsSeq: seq,
          activatedAt: d.at,
          lastSuccessAt: d.at,
        },
      });
      return r.count > 0;
    },
    async transition(id, expect, next) {
      const r = await db.installation.updateMany({
        where: { id, state: expect.state, credentialsSeq: expect.credentialsSeq },
        data: {
          state: next.state,
          failureReason: next.failureReason,
          ...(next.lastSuccessAt ? { lastSuccessAt: next.lastSuccessAt } : {}),
        },
      });
      return r.count > 0;
    },
    async stampSuccess(id, at) {
      // one statement (Prisma's updateMany is a transaction of three on SQLite)
      await db.$executeRaw`UPDATE "Installation" SET "lastSuccessAt" = ${at}, "updatedAt" = ${at} WHERE "id" = ${id}`;
    },
    async stampChecked(id, at) {
      await db.installation.updateMany({ where: { id }, data: { lastCheckedAt: at } });
    },
    async setAdminOrigin(id, origin) {
      await db.installation.update({ where: { id }, data: { adminOrigin: origin } });
    },
    async setLabelForUser(id, userId, label) {
      return (
        (await db.installation.updateMany({ where: { id, users: { some: { userId } } }, data: { label } })).count > 0
      );
    },
    async removalFootprint(id, userId) {
      // one statement: the user's link, the store's address and every count (the removal page's only own read)
      const rows = await read(Prisma.sql`SELECT "st"."baseUrl" AS "baseUrl", "i"."label" AS "label",
          CASE WHEN "i"."accessTokenEnc" IS NULL THEN 0 ELSE 1 END AS "hasAccessToken",
          (SELECT COUNT(*) FROM "Activation" WHERE "installationId" = "i"."id") AS "activations",
          (SELECT COUNT(*) FROM "InstallationEvent" WHERE "installationId" = "i"."id") AS "events",
          (SELECT COUNT(*) FROM "InstallationUser" WHERE "installationId" = "i"."id") AS "linkedUsers",
          (SELECT COUNT(*) FROM "LinkRequest" WHERE "installationId" = "i"."id" AND "state" = 'pending'
            AND "verifiedAt" IS NOT NULL) AS "pendingRequests",
          (SELECT COUNT(*) FROM "EventDelivery" WHERE "installationId" = "i"."id") AS "eventDeliveries",
          (SELECT COUNT(*) FROM "BulkSubmission" WHERE "installationId" = "i"."id") AS "bulkSubmissions",
          (SELECT COUNT(*) FROM "BulkRow" "r" JOIN "BulkSubmission" "b" ON "b"."id" = "r"."submissionId"
            WHERE "b"."installationId" = "i"."id") AS "bulkOperations"
        FROM "Installation" "i" JOIN "Store" "st" ON "st"."id" = "i"."storeId"
        WHERE "i"."id" = ${id}
          AND EXISTS (SELECT 1 FROM "InstallationUser" WHERE "installationId" = "i"."id" AND "userId" = ${userId})`);
      const r = rows[0] as Row | undefined;
      if (!r) return null;
      // COUNT(*) is a bigint on PostgreSQL
      return {
        baseUrl: String(r.baseUrl),
        label: r.label === null ? null : String(r.label),
        hasAccessToken: Number(r.hasAccessToken) === 1,
        activations: Number(r.activations),
        events: Number(r.events),
        linkedUsers: Number(r.linkedUsers),
        pendingRequests: Number(r.pendingRequests),
        eventDeliveries: Number(r.eventDeliveries),
        bulkSubmissions: Number(r.bulkSubmissions),
        bulkOperations: Number(r.bulkOperations),
      };
    },
    async replaceManual(id, data) {
      return toInstallation(await db.installation.update({ where: { id }, data: { ...data, failureReason: null } }));
    },
    async delete(id) {
      const found = await db.installation.findUnique({ where: { id }, select: { storeId: true } });
      if (!found) return null;
      await db.installation.deleteMany({ where: { id } });
      return { storeId: found.storeId };
    },
    async pruneUnproven(cutoff) {
      const r = await db.installation.deleteMany({
        where: {
          provenAt: null,
          mode: "oauth",
          createdAt: { lt: cutoff },
          users: { none: {} },
          // a Reauthorize of a binding that never worked extends it by one more window
          activations: { none: { callbackAt: { gte: cutoff } } },
        },
      });
      return r.count;
    },
    async sealed() {
      return db.installation.findMany({
        select: {
          id: true,
          updatedAt: true,
          consumerSecretEnc: true,
          accessTokenEnc: true,
          accessTokenSecretEnc: true,
        },
        orderBy: { id: "asc" },
      });
    },
    async replaceSealed(id, updatedAt, values) {
      await db.installation.updateMany({ where: { id, updatedAt }, data: values });
    },
  };
}
