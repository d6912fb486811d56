/**
 * The job engine's one seam to its database: every statement (statements.ts) runs through `query`, and a
 * transaction hands its function an executor bound to it. An executor for PostgreSQL (pg-executor.ts) and one for
 * SQLite (sqlite-executor.ts); the queue (packages/storage/src/jobs/sql-queue.ts) knows neither.
 */
import type { Dialect, Statement } from "./statement.ts";

export type SqlRow = Record<string, unknown>;

export interface TransactionOptions {
  /**
   * Serialises transactions that name the same lock, across every process sharing the database: an advisory lock
   * on PostgreSQL; SQLite runs one write transaction at a time anyway.
   */
  lock?: string;
}

export interface SqlExecutor {
  readonly dialect: Dialect;
  /** The rows the statement returns (none for most writes). */
  query(statement: Statement): Promise<SqlRow[]>;
  /** Rows written (UPDATE, DELETE, INSERT). */
  execute(statement: Statement): Promise<number>;
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
}
