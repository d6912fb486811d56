import type { PortableQueries } from "../../db.ts";
import type { RowReader } from "../../sqlite-reader.ts";
import type { MailedLinkRepo, OutboxRepo, PasswordResetRepo, SessionRepo, ThrottleRepo, UserRepo } from "../storage.ts";
import {
  toOutboxMessage,
  toPasswordReset,
  toMailedLink,
  toSession,
  toThrottle,
  toUser,
  toUserWithPassword,
} from "./rows.ts";
import { uniquely } from "./conflicts.ts";
import { readSessionWithStorePage } from "./store-page-read.ts";

export function prismaUsers(db: PortableQueries): UserRepo {
  return {
    async create(email, passwordHash) {
      return toUser(await uniquely(db.user.create({ data: { email, passwordHash } }), "An account with this email"));
    },
    async byId(id) {
      const r = await db.user.findUnique({ where: { id }, select: { id: true, email: true, createdAt: true } });
      return r ? toUser(r) : null;
    },
    async byEmailWithPassword(email) {
      const r = await db.user.findUnique({ where: { email } });
      return r ? toUserWithPassword(r) : null;
    },
    async byIdWithPassword(id) {
      const r = await db.user.findUnique({ where: { id } });
      return r ? toUserWithPassword(r) : null;
    },
    async setPasswordHash(id, passwordHash) {
      return toUser(
        await db.user.update({
          where: { id },
          data: { passwordHash },
          select: { id: true, email: true, createdAt: true },
        }),
      );
    },
    async setEmail(id, email) {
      await uniquely(db.user.update({ where: { id }, data: { email } }), "An account with this email");
    },
  };
}

export function prismaPasswordResets(db: PortableQueries): PasswordResetRepo {
  return {
    async create(reset) {
      await db.passwordReset.create({ data: reset });
    },
    async byId(id) {
      const r = await db.passwordReset.findUnique({ where: { id } });
      return r ? toPasswordReset(r) : null;
    },
    async countSince(userId, since) {
      return db.passwordReset.count({ where: { userId, createdAt: { gt: since } } });
    },
    async use(id, at) {
      return (
        (
          await db.passwordReset.updateMany({
            where: { id, usedAt: null, expiresAt: { gt: at } },
            data: { usedAt: at },
          })
        ).count > 0
      );
    },
    async useAllOfUser(userId, at) {
      await db.passwordReset.updateMany({ where: { userId, usedAt: null }, data: { usedAt: at } });
    },
    async prune(before) {
      return (await db.passwordReset.deleteMany({ where: { expiresAt: { lt: before } } })).count;
    },
  };
}

export function prismaMailedLinks(db: PortableQueries): MailedLinkRepo {
  return {
    async create(link) {
      await db.mailedLink.create({ data: link });
    },
    async byId(id) {
      const r = await db.mailedLink.findUnique({ where: { id } });
      return r ? toMailedLink(r) : null;
    },
    async countSince(userId, purpose, since) {
      return db.mailedLink.count({ where: { userId, purpose, createdAt: { gt: since } } });
    },
    async use(id, at) {
      const r = await db.mailedLink.updateMany({
        where: { id, usedAt: null, expiresAt: { gt: at } },
        data: { usedAt: at },
      });
      return r.count > 0;
    },
    async liveFor(userId, purpose, installationId, now) {
      const n = await db.mailedLink.count({
        where: { userId, purpose, installationId, usedAt: null, expiresAt: { gt: now } },
      });
      return n > 0;
    },
    async useAllOfUser(userId, purpose, at) {
      await db.mailedLink.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: at } });
    },
    async prune(expiredBefore) {
      return (await db.mailedLink.deleteMany({ where: { expiresAt: { lt: expiredBefore } } })).count;
    },
    async deleteForInstallation(installationId) {
      return (await db.mailedLink.deleteMany({ where: { installationId } })).count;
    },
  };
}

export function prismaOutbox(db: PortableQueries): OutboxRepo {
  return {
    async add(mail) {
      await db.outboxMail.create({ data: mail });
    },
    async recent(limit) {
      return (await db.outboxMail.findMany({ orderBy: { id: "desc" }, take: limit })).map(toOutboxMessage);
    },
  };
}

/** `read`: the store page's one read goes through it (packages/storage/src/sqlite-reader.ts). */
export function prismaSessions(db: PortableQueries, read: RowReader): SessionRepo {
  return {
    async create(s) {
      await db.session.create({ data: s });
    },
    async byId(id) {
      const r = await db.session.findUnique({ where: { id } });
      return r ? toSession(r) : null;
    },
    async byIdWithUser(id) {
      const r = await db.session.findUnique({ where: { id }, include: { user: { select: { email: true } } } });
      return r ? { ...toSession(r), email: r.user.email } : null;
    },
    byIdWithStorePage: (id, installationId, pendingSince) =>
      readSessionWithStorePage(read, id, installationId, pendingSince),
    async touch(id, at) {
      await db.session.updateMany({ where: { id }, data: { lastSeenAt: at } });
    },
    async revoke(id, at) {
      await db.session.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: at } });
    },
    async revokeAllOfUser(userId, at, exceptId) {
      return (
        await db.session.updateMany({
          where: { userId, revokedAt: null, ...(exceptId ? { id: { not: exceptId } } : {}) },
          data: { revokedAt: at },
        })
      ).count;
    },
    async prune(now, revokedBefore) {
      return (
        await db.session.deleteMany({
          where: { OR: [{ expiresAt: { lt: now } }, { revokedAt: { lt: revokedBefore } }] },
        })
      ).count;
    },
  };
}

export function prismaThrottle(db: PortableQueries): ThrottleRepo {
  return {
    async get(keys) {
      return (await db.loginThrottle.findMany({ where: { key: { in: [...keys] } } })).map(toThrottle);
    },
    async lock(keys, now) {
      const rows = [];
      for (const key of [...keys].sort()) {
        rows.push(
          toThrottle(
            await db.loginThrottle.upsert({
              where: { key },
              create: { key, failures: 0, windowStart: now, nextAttemptAt: now, lastAt: now },
              update: { lastAt: now },
            }),
          ),
        );
      }
      return rows;
    },
    async put(row) {
      const { key, ...rest } = row;
      await db.loginThrottle.upsert({ where: { key }, create: row, update: rest });
    },
    async delete(keys) {
      await db.loginThrottle.deleteMany({ where: { key: { in: [...keys] } } });
    },
    async forgiveOne(keys) {
      await db.loginThrottle.updateMany({
        where: { key: { in: [...keys] }, failures: { gt: 0 } },
        data: { failures: { decrement: 1 } },
      });
    },
    async prune(before) {
      return (await db.loginThrottle.deleteMany({ where: { lastAt: { lt: before } } })).count;
    },
  };
}
