import type { PortableQueries } from "../../db.ts";
import type { LinkRepo } from "../storage.ts";
import { toLinkRequest } from "./rows.ts";

const withEmail = { user: { select: { email: true } } } as const;

export function prismaLinks(db: PortableQueries): LinkRepo {
  return {
    async isLinked(installationId, userId) {
      return (await db.installationUser.count({ where: { installationId, userId } })) > 0;
    },
    async linkedCount(installationId) {
      return db.installationUser.count({ where: { installationId } });
    },
    async linkedAccounts(installationId, limit) {
      const rows = await db.installationUser.findMany({
        where: { installationId },
        include: withEmail,
        orderBy: { createdAt: "asc" },
        take: limit,
      });
      return rows.map((r) => ({ email: r.user.email, since: r.createdAt }));
    },
    async link(installationId, userId) {
      await db.installationUser.upsert({
        where: { installationId_userId: { installationId, userId } },
        create: { installationId, userId },
        update: {},
      });
    },
    async request(installationId, userId) {
      const r = await db.linkRequest.findUnique({
        where: { installationId_userId: { installationId, userId } },
        include: withEmail,
      });
      return r ? toLinkRequest(r) : null;
    },
    async requestById(id) {
      const r = await db.linkRequest.findUnique({ where: { id }, include: withEmail });
      return r ? toLinkRequest(r) : null;
    },
    async pendingCount(installationId) {
      return db.linkRequest.count({ where: { installationId, state: "pending", verifiedAt: { not: null } } });
    },
    async pendingCountForActivation(activationId) {
      return db.linkRequest.count({ where: { activationId, state: "pending", verifiedAt: { not: null } } });
    },
    async fileRequest(installationId, userId, activationId, at) {
      await db.linkRequest.upsert({
        where: { installationId_userId: { installationId, userId } },
        create: { installationId, userId, activationId, state: "pending", createdAt: at, verifiedAt: at },
        update: {
          activationId,
          state: "pending",
          createdAt: at,
          verifiedAt: at,
          decidedAt: null,
          decidedByUserId: null,
        },
      });
    },
    async pendingRequests(installationId, since) {
      const rows = await db.linkRequest.findMany({
        where: { installationId, state: "pending", verifiedAt: { not: null }, createdAt: { gt: since } },
        include: withEmail,
        orderBy: { createdAt: "asc" },
      });
      return rows.map(toLinkRequest);
    },
    async decide(id, installationId, state, deciderId, at) {
      const r = await db.linkRequest.updateMany({
        where: { id, installationId, state: "pending" },
        data: { state, decidedAt: at, decidedByUserId: deciderId },
      });
      return r.count > 0;
    },
    async prunePending(before) {
      const r = await db.linkRequest.deleteMany({ where: { state: "pending", createdAt: { lt: before } } });
      return r.count;
    },
  };
}
