import type { DatabaseProvider, PortableQueries } from "../../db.ts";
import { z } from "zod";
import { forgetStatementArguments } from "./debug-history.ts";
import { jsonRows, jsonTexts, timestamp } from "./json-rows.ts";
import type { ChangeState, MirrorRecord, MirrorState, OutboxChange, SyncCursor, SyncRepo } from "../sync-repo.ts";

/** A SQL statement holds at most this many identities (SQLite's bound-parameter limit is far above). */
const IN_CHUNK = 500;

const chunks = <T>(list: readonly T[], size = IN_CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

const jsonOf = (data: Record<string, unknown> | null): string | null => (data === null ? null : JSON.stringify(data));

const RECORD_COLUMNS = [
  ["identity", "text"],
  ["sortKey", "text"],
  ["version", "text"],
  ["sequence", "integer"],
  ["fingerprint", "text"],
  ["data", "text"],
  ["deleted", "boolean"],
] as const;
const CHANGE_COLUMNS = [
  ["identity", "text"],
  ["operation", "text"],
  ["version", "text"],
  ["sequence", "integer"],
  ["data", "text"],
] as const;

/** SQLite answers booleans as 0/1 and PostgreSQL integers may come back as bigint. */
const mirrorRows = z.array(
  z.object({
    identity: z.string(),
    version: z.string(),
    fingerprint: z.string(),
    sequence: z.coerce.number().int(),
    deleted: z.union([z.boolean(), z.coerce.number().transform((n) => n !== 0)]),
  }),
);

const parseData = (text: string | null): Record<string, unknown> | null =>
  text === null ? null : (JSON.parse(text) as Record<string, unknown>);

type ChangeRow = {
  id: number;
  installationId: string;
  entity: string;
  identity: string;
  operation: string;
  version: string;
  sequence: number;
  data: string | null;
  state: string;
  attempts: number;
  nextAttemptAt: Date;
  error: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
};

const toChange = (r: ChangeRow): OutboxChange => ({
  ...r,
  operation: r.operation === "delete" ? "delete" : "upsert",
  state: r.state as ChangeState,
  data: parseData(r.data),
});

export function prismaSync(db: PortableQueries, provider: DatabaseProvider): SyncRepo {
  return {
    async cursor(installationId, entity) {
      return (await db.syncCursor.findUnique({
        where: { installationId_entity: { installationId, entity } },
      })) as SyncCursor | null;
    },
    async cursors(installationId) {
      return (await db.syncCursor.findMany({ where: { installationId }, orderBy: { entity: "asc" } })) as SyncCursor[];
    },
    async cursorsOf(installationIds) {
      const out: SyncCursor[] = [];
      for (const ids of chunks(installationIds))
        out.push(...((await db.syncCursor.findMany({ where: { installationId: { in: ids } } })) as SyncCursor[]));
      return out;
    },
    async saveCursor(installationId, entity, patch) {
      await db.syncCursor.upsert({
        where: { installationId_entity: { installationId, entity } },
        create: { installationId, entity, ...patch },
        update: patch,
      });
    },
    async takeLock(installationId, entity, holder, until, now, from) {
      // one statement (no transaction of its own: a pass takes and checks it often): the cursor row is made when
      // missing (two runners starting together: one insert, no unique-key error) and the lock taken when it is
      // free, expired, or held by `from`
      const taken =
        await db.$executeRaw`INSERT INTO "SyncCursor" ("installationId", "entity", "lockedBy", "lockedUntil")
        VALUES (${installationId}, ${entity}, ${holder}, ${until})
        ON CONFLICT ("installationId", "entity") DO UPDATE SET "lockedBy" = excluded."lockedBy", "lockedUntil" = excluded."lockedUntil"
        WHERE "SyncCursor"."lockedBy" IS NULL OR "SyncCursor"."lockedUntil" IS NULL OR "SyncCursor"."lockedUntil" < ${now}
          OR "SyncCursor"."lockedBy" = ${from ?? ""}`;
      if (taken === 1) return { taken: true };
      const c = await db.syncCursor.findUnique({
        where: { installationId_entity: { installationId, entity } },
        select: { lockedBy: true, lockedUntil: true },
      });
      return { taken: false, holder: c?.lockedBy ?? null, until: c?.lockedUntil ?? null };
    },
    async releaseLock(installationId, entity, holder) {
      await db.$executeRaw`UPDATE "SyncCursor" SET "lockedBy" = NULL, "lockedUntil" = NULL
        WHERE "installationId" = ${installationId} AND "entity" = ${entity} AND "lockedBy" = ${holder}`;
    },
    async mirrorStates(installationId, entity, identities) {
      const out = new Map<string, MirrorState>();
      if (identities.length === 0) return out;
      // one statement per page (the identities in one parameter), with its rows checked as they come back
      const rows = await db.$queryRaw<unknown[]>`SELECT "identity", "version", "fingerprint", "sequence", "deleted"
        FROM "SyncRecord" WHERE "installationId" = ${installationId} AND "entity" = ${entity}
          AND "identity" IN (${jsonTexts(provider, identities)})`;
      for (const r of mirrorRows.parse(rows)) out.set(r.identity, r);
      return out;
    },
    async writeChanges(installationId, entity, changes, at, state) {
      if (changes.length === 0) return;
      // one statement per table for the whole page: rows travel as one JSON parameter (json-rows.ts)
      const records = jsonRows(
        provider,
        changes.map((c) => ({
          identity: c.identity,
          sortKey: c.sortKey,
          version: c.version,
          sequence: c.sequence,
          fingerprint: c.fingerprint,
          data: jsonOf(c.data),
          deleted: c.operation === "delete",
        })),
        RECORD_COLUMNS,
      );
      // WHERE true: SQLite's parser needs it between INSERT … SELECT and ON CONFLICT
      await db.$executeRaw`INSERT INTO "SyncRecord" ("installationId", "entity", "identity", "sortKey", "version",
          "sequence", "fingerprint", "data", "deleted", "seenAt")
        SELECT ${installationId}, ${entity}, ${records.columns}, ${timestamp(provider, at)} FROM ${records.source}
        WHERE true
        ON CONFLICT ("installationId", "entity", "identity") DO UPDATE SET "version" = excluded."version",
          "sequence" = excluded."sequence", "fingerprint" = excluded."fingerprint", "data" = excluded."data",
          "deleted" = excluded."deleted", "seenAt" = excluded."seenAt"`;
      const existed = changes.filter((c) => c.existed).map((c) => c.identity);
      if (existed.length) {
        // a record has at most one change waiting: the newer one carries its latest fields
        await db.$executeRaw`UPDATE "SyncChange" SET "state" = 'superseded'
          WHERE "installationId" = ${installationId} AND "entity" = ${entity}
            AND "identity" IN (${jsonTexts(provider, existed)}) AND "state" IN ('pending', 'parked')`;
      }
      const outbox = jsonRows(
        provider,
        changes.map((c) => ({
          identity: c.identity,
          operation: c.operation,
          version: c.version,
          sequence: c.sequence,
          data: jsonOf(c.data),
        })),
        CHANGE_COLUMNS,
      );
      const stamp = timestamp(provider, at);
      await db.$executeRaw`INSERT INTO "SyncChange" ("installationId", "entity", "identity", "operation", "version",
          "sequence", "data", "state", "nextAttemptAt", "createdAt", "deliveredAt")
        SELECT ${installationId}, ${entity}, ${outbox.columns}, ${state}, ${stamp}, ${stamp},
          ${state === "delivered" ? stamp : null} FROM ${outbox.source}`;
      forgetStatementArguments(); // the page's rows, kept by Prisma's debug history (debug-history.ts)
    },
    async markSeen(installationId, entity, identities, at) {
      if (identities.length === 0) return;
      await db.$executeRaw`UPDATE "SyncRecord" SET "seenAt" = ${at}
        WHERE "installationId" = ${installationId} AND "entity" = ${entity}
          AND "identity" IN (${jsonTexts(provider, identities)})`;
    },
    async unseenSince(installationId, entity, since, limit) {
      return db.syncRecord.findMany({
        where: { installationId, entity, deleted: false, seenAt: { lt: since } },
        select: { identity: true, version: true, fingerprint: true, sequence: true, deleted: true },
        orderBy: { sortKey: "asc" },
        take: limit,
      });
    },
    async records(installationId, entity, afterSortKey, limit) {
      const rows = await db.syncRecord.findMany({
        where: {
          installationId,
          entity,
          deleted: false,
          ...(afterSortKey === null ? {} : { sortKey: { gt: afterSortKey } }),
        },
        orderBy: { sortKey: "asc" },
        take: limit,
        select: { identity: true, sortKey: true, version: true, sequence: true, data: true },
      });
      return rows.map((r) => ({ ...r, data: parseData(r.data) ?? {} }));
    },
    async recordsOf(installationId, entity, identities) {
      const out = new Map<string, MirrorRecord>();
      for (const part of chunks(identities)) {
        const rows = await db.syncRecord.findMany({
          where: { installationId, entity, identity: { in: part }, deleted: false },
        });
        for (const r of rows)
          out.set(r.identity, {
            identity: r.identity,
            version: r.version,
            sequence: r.sequence,
            data: parseData(r.data) ?? {},
          });
      }
      return out;
    },
    async record(installationId, entity, identity) {
      const r = await db.syncRecord.findUnique({
        where: { installationId_entity_identity: { installationId, entity, identity } },
      });
      if (!r || r.deleted) return null;
      return { identity: r.identity, version: r.version, sequence: r.sequence, data: parseData(r.data) ?? {} };
    },
    count: (installationId, entity) => db.syncRecord.count({ where: { installationId, entity, deleted: false } }),
    async due(installationId, entity, now, limit) {
      const rows = await db.syncChange.findMany({
        where: { installationId, entity, state: "pending", nextAttemptAt: { lte: now } },
        orderBy: { id: "asc" },
        take: limit,
      });
      return rows.map(toChange);
    },
    async delivered(ids, at) {
      for (const part of chunks(ids))
        await db.syncChange.updateMany({
          where: { id: { in: part }, state: "pending" },
          data: { state: "delivered", deliveredAt: at, error: null },
        });
    },
    async failed(id, attempts, error, next) {
      await db.syncChange.updateMany({
        where: { id, state: "pending" },
        data:
          next === "park"
            ? { state: "parked", attempts, error: error.slice(0, 2000) }
            : { attempts, error: error.slice(0, 2000), nextAttemptAt: next.at },
      });
    },
    async parked(installationId, limit) {
      const rows = await db.syncChange.findMany({
        where: { installationId, state: "parked" },
        orderBy: { id: "asc" },
        take: limit,
      });
      return rows.map(toChange);
    },
    async unpark(installationId, id, now) {
      const r = await db.syncChange.updateMany({
        where: { id, installationId, state: "parked" },
        data: { state: "pending", nextAttemptAt: now, attempts: 0 },
      });
      return r.count === 1;
    },
    async deliveredSequence(installationId, entity, identity) {
      const r = await db.syncChange.findFirst({
        where: { installationId, entity, identity, state: "delivered" },
        orderBy: { sequence: "desc" },
        select: { sequence: true },
      });
      return r?.sequence ?? 0;
    },
    async changesSince(installationId, since, limit) {
      const rows = await db.syncChange.findMany({
        where: { installationId, createdAt: { gte: since } },
        select: { entity: true, state: true, createdAt: true },
        orderBy: { id: "desc" },
        take: limit,
      });
      return rows.map((r) => ({ ...r, state: r.state as ChangeState }));
    },
    async reset(installationId, entity) {
      // everything starts over but the runner lock: a pass running now keeps it (and sees the reset cursor)
      await db.syncCursor.updateMany({
        where: { installationId, entity },
        data: {
          markVersion: null,
          markKey: null,
          storeNow: null,
          backfilledAt: null,
          backfillTotal: null,
          backfillDone: 0,
          sweepStartedAt: null,
          sweepAfter: null,
          lastPassAt: null,
          lastSweepAt: null,
          paused: false,
          errorCode: null,
          error: null,
          errorAt: null,
          readsFallback: null,
        },
      });
      await db.syncRecord.updateMany({ where: { installationId, entity }, data: { version: "" } });
    },
    async forget(installationId) {
      await db.syncChange.deleteMany({ where: { installationId } });
      await db.syncRecord.deleteMany({ where: { installationId } });
      await db.syncCursor.deleteMany({ where: { installationId } });
    },
    async prune(before) {
      const r = await db.syncChange.deleteMany({
        where: { state: { in: ["delivered", "superseded"] }, createdAt: { lt: before } },
      });
      return r.count;
    },
  };
}
