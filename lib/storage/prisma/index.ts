import type { Database, PortableQueries } from "@/lib/db";
import type { RowReader } from "@/lib/sqlite-reader";
import type { Storage } from "../storage";
import { prismaStores } from "./stores";
import { prismaInstallations } from "./installations";
import { prismaActivations } from "./activations";
import { prismaEvents } from "./events";
import { prismaLinks } from "./links";
import {
  prismaMailedLinks,
  prismaOutbox,
  prismaPasswordResets,
  prismaSessions,
  prismaThrottle,
  prismaUsers,
} from "./accounts";
import { prismaBulks } from "./bulks";
import { prismaStoreEvents } from "./store-events";
import { prismaExports, prismaPortalApps, prismaRateWindows, prismaResourceChecks } from "./small-tables";
import { prismaSync } from "./sync";
import { prismaQueuedJobs } from "./queued-jobs";

/**
 * The kit's storage on either database (lib/db.ts opens it). A page's per-render reads go through the database's
 * `readRows` (lib/sqlite-reader.ts) outside a transaction, and through the transaction inside one.
 */
export function createPrismaStorage(database: Pick<Database, "prisma" | "provider" | "readRows">): Storage {
  const root = database.prisma;
  const transact = <T>(fn: (q: PortableQueries) => Promise<T>): Promise<T> =>
    root.$transaction((tx) => fn(tx), { timeout: 20_000, maxWait: 20_000 });

  function over(q: PortableQueries, inTransaction: boolean): Storage {
    const read: RowReader = inTransaction ? (sql) => q.$queryRaw(sql) : database.readRows;
    const storage: Storage = {
      provider: database.provider,
      stores: prismaStores(q),
      installations: prismaInstallations(q, read),
      activations: prismaActivations(q),
      events: prismaEvents(q),
      links: prismaLinks(q),
      users: prismaUsers(q),
      sessions: prismaSessions(q, read),
      throttle: prismaThrottle(q),
      rateWindows: prismaRateWindows(q, inTransaction ? (fn) => fn(q) : transact),
      portalApps: prismaPortalApps(q),
      exports: prismaExports(q, inTransaction ? (fn) => fn(q) : transact),
      bulks: prismaBulks(q, inTransaction ? (fn) => fn(q) : transact),
      passwordResets: prismaPasswordResets(q),
      mailedLinks: prismaMailedLinks(q),
      outbox: prismaOutbox(q),
      resourceChecks: prismaResourceChecks(q),
      storeEvents: prismaStoreEvents(q, inTransaction ? (fn) => fn(q) : transact),
      sync: prismaSync(q, database.provider),
      queuedJobs: prismaQueuedJobs(q, database.provider),
      transaction: (fn) => (inTransaction ? fn(storage) : transact((tx) => fn(over(tx, true)))),
    };
    return storage;
  }
  return over(root, false);
}
