import type { Database, PortableQueries } from "../../db.ts";
import type { RowReader } from "../../sqlite-reader.ts";
import type { Storage } from "../storage.ts";
import { prismaStores } from "./stores.ts";
import { prismaInstallations } from "./installations.ts";
import { prismaActivations } from "./activations.ts";
import { prismaEvents } from "./events.ts";
import { prismaLinks } from "./links.ts";
import {
  prismaMailedLinks,
  prismaOutbox,
  prismaPasswordResets,
  prismaSessions,
  prismaThrottle,
  prismaUsers,
} from "./accounts.ts";
import { prismaBulks } from "./bulks.ts";
import { prismaStoreEvents } from "./store-events.ts";
import { prismaExports, prismaPortalApps, prismaRateWindows, prismaResourceChecks } from "./small-tables.ts";
import { prismaSync } from "./sync.ts";
import { prismaQueuedJobs } from "./queued-jobs.ts";

/**
 * The kit's storage on either database (packages/storage/src/db.ts opens it). A page's per-render reads go through the database's
 * `readRows` (packages/storage/src/sqlite-reader.ts) outside a transaction, and through the transaction inside one.
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
