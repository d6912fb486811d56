/**
 * The job queue on PostgreSQL: the kit's job tables through a connection pool of its own, shared safely by any
 * number of processes. Fetches take a transaction-scoped advisory lock (one fetch at a time across every process),
 * which keeps lane caps exact.
 */
import type { JobQueue } from "./queue.ts";
import { createSqlJobQueue, type SqlJobQueueOptions } from "./sql-queue.ts";
import { pgExecutor, type PgExecutorOptions } from "./sql/pg-executor.ts";

export type PostgresJobQueueOptions = SqlJobQueueOptions & PgExecutorOptions;

export function createPostgresJobQueue(connectionString: string, o: PostgresJobQueueOptions = {}): JobQueue {
  return createSqlJobQueue(pgExecutor(connectionString, o), o);
}
