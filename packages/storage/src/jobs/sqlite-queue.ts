/**
 * The job queue on SQLite (the embedded default): the kit's job tables through the app's Prisma client. SQLite
 * runs one write transaction at a time, so fetching inside a transaction keeps lane caps and key order exact across
 * the processes sharing the file (the app and `npm run worker`).
 */
import type { SqlitePrisma } from "../db.ts";
import type { JobQueue } from "./queue.ts";
import { createSqlJobQueue, type SqlJobQueueOptions } from "./sql-queue.ts";
import { sqliteExecutor } from "./sql/sqlite-executor.ts";

export function createSqliteJobQueue(db: SqlitePrisma, o: SqlJobQueueOptions = {}): JobQueue {
  return createSqlJobQueue(sqliteExecutor(db), o);
}
