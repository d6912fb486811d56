import type { PortableQueries } from "@/lib/db";
import { UniqueConflictError } from "../storage";
import type { DeliveryOutcome, DeliveryRecord, EventChannel, StoreEventRepo } from "../store-events";
import { uniquely } from "./conflicts";

const MAX_DETAIL = 500;

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

export function prismaStoreEvents(db: PortableQueries): StoreEventRepo {
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
    async addDelivery(d) {
      try {
        const row = await uniquely(
          db.eventDelivery.create({
            data: {
              installationId: d.installationId,
              channel: d.channel,
              outcome: d.outcome,
              detail: d.detail?.slice(0, MAX_DETAIL) ?? null,
              eventName: d.eventName?.slice(0, 200) ?? null,
              dedupeKey: d.dedupeKey,
              bodyEnc: d.bodyEnc,
              receivedAt: d.at,
              lastAt: d.at,
            },
          }),
          "delivery",
        );
        return { created: toDelivery(row) };
      } catch (e) {
        if (!(e instanceof UniqueConflictError)) throw e;
        const existing = await db.eventDelivery.findFirst({
          where: { installationId: d.installationId, channel: d.channel, dedupeKey: d.dedupeKey },
        });
        if (!existing) throw new UniqueConflictError("delivery vanished after a duplicate insert");
        return { existing: toDelivery(existing) };
      }
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
      return (await db.eventDelivery.deleteMany({ where: { lastAt: { lt: before } } })).count;
    },
  };
}
