/**
 * The job queue on SQLite (the embedded default): the kit's job tables through the app's Prisma client. SQLite
 * runs one write transaction at a time, so fetching inside a transaction keeps lane caps and key order exact across
 * the processes sharing the file (the app and `npm run worker`).
 */
import type { SqlitePrisma } from "@/lib/db";
import type { JobQueue } from "./queue";
import { createSqlJobQueue, type SqlJobQueueOptions } from "./sql-queue";
import { sqliteExecutor } from "./sql/sqlite-executor";

export function createSqliteJobQueue(db: SqlitePrisma, o: SqlJobQueueOptions = {}): JobQueue {
  return createSqlJobQueue(sqliteExecutor(db), o);
}
