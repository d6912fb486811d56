import type { PortableQueries } from "../../db.ts";
import type { EventRepo } from "../storage.ts";
import { toEvent } from "./rows.ts";

/** Event texts are for people: long ones (a store's error page, say) are cut. */
const MAX_TEXT = 2000;

export function prismaEvents(db: PortableQueries): EventRepo {
  return {
    async add(e) {
      await db.installationEvent.create({
        data: {
          installationId: e.installationId,
          activationId: e.activationId ?? null,
          kind: e.kind,
          message: e.message.slice(0, MAX_TEXT),
          storeMessage: e.storeMessage?.slice(0, MAX_TEXT) ?? null,
          at: e.at,
        },
      });
    },
    async latestOfKind(installationId, kind, since) {
      const r = await db.installationEvent.findFirst({
        where: { installationId, kind, at: { gte: since } },
        orderBy: { id: "desc" },
      });
      return r ? toEvent(r) : null;
    },
    async fold(id, message, at, by = 1) {
      await db.installationEvent.update({
        where: { id },
        data: { count: { increment: by }, at, message: message.slice(0, MAX_TEXT) },
      });
    },
    async latestStoreMessage(activationId) {
      const r = await db.installationEvent.findFirst({
        where: { activationId, storeMessage: { not: null } },
        orderBy: { id: "desc" },
      });
      return r?.storeMessage ?? null;
    },
    async recent(installationId, limit) {
      const rows = await db.installationEvent.findMany({
        where: { installationId },
        orderBy: { id: "desc" },
        take: limit,
      });
      return rows.map(toEvent);
    },
  };
}
