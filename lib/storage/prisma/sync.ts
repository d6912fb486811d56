import type { PortableQueries } from "@/lib/db";
import type { ChangeState, MirrorRecord, MirrorState, OutboxChange, SyncCursor, SyncRepo } from "@/lib/sync/sync-repo";

/** A SQL statement holds at most this many identities (SQLite's bound-parameter limit is far above). */
const IN_CHUNK = 500;

const chunks = <T>(list: readonly T[], size = IN_CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

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

export function prismaSync(db: PortableQueries): SyncRepo {
  return {
    async cursor(installationId, entity) {
      return (await db.syncCursor.findUnique({
        where: { installationId_entity: { installationId, entity } },
      })) as SyncCursor | null;
    },
    async cursors(installationId) {
      return (await db.syncCursor.findMany({ where: { installationId }, orderBy: { entity: "asc" } })) as SyncCursor[];
    },
    async saveCursor(installationId, entity, patch) {
      await db.syncCursor.upsert({
        where: { installationId_entity: { installationId, entity } },
        create: { installationId, entity, ...patch },
        update: patch,
      });
    },
    async mirrorStates(installationId, entity, identities) {
      const out = new Map<string, MirrorState>();
      for (const part of chunks(identities)) {
        const rows = await db.syncRecord.findMany({
          where: { installationId, entity, identity: { in: part } },
          select: { identity: true, version: true, fingerprint: true, sequence: true, deleted: true },
        });
        for (const r of rows) out.set(r.identity, r);
      }
      return out;
    },
    async writeChanges(installationId, entity, changes, at) {
      if (changes.length === 0) return;
      const fresh = changes.filter((c) => !c.existed);
      if (fresh.length) {
        await db.syncRecord.createMany({
          data: fresh.map((c) => ({
            installationId,
            entity,
            identity: c.identity,
            sortKey: c.sortKey,
            version: c.version,
            sequence: c.sequence,
            fingerprint: c.fingerprint,
            data: c.data === null ? null : JSON.stringify(c.data),
            deleted: c.operation === "delete",
            seenAt: at,
          })),
        });
      }
      for (const c of changes.filter((x) => x.existed)) {
        await db.syncRecord.update({
          where: { installationId_entity_identity: { installationId, entity, identity: c.identity } },
          data: {
            version: c.version,
            sequence: c.sequence,
            fingerprint: c.fingerprint,
            data: c.data === null ? null : JSON.stringify(c.data),
            deleted: c.operation === "delete",
            seenAt: at,
          },
        });
      }
      const existed = changes.filter((c) => c.existed).map((c) => c.identity);
      for (const part of chunks(existed)) {
        // a record has at most one change waiting: the newer one carries its latest fields
        await db.syncChange.updateMany({
          where: { installationId, entity, identity: { in: part }, state: { in: ["pending", "parked"] } },
          data: { state: "superseded" },
        });
      }
      await db.syncChange.createMany({
        data: changes.map((c) => ({
          installationId,
          entity,
          identity: c.identity,
          operation: c.operation,
          version: c.version,
          sequence: c.sequence,
          data: c.data === null ? null : JSON.stringify(c.data),
          state: "pending",
          nextAttemptAt: at,
          createdAt: at,
        })),
      });
    },
    async markSeen(installationId, entity, identities, at) {
      for (const part of chunks(identities))
        await db.syncRecord.updateMany({
          where: { installationId, entity, identity: { in: part } },
          data: { seenAt: at },
        });
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
      await db.syncCursor.deleteMany({ where: { installationId, entity } });
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
