import type { Database } from "../db.ts";
import { createPostgresJobQueue } from "./postgres-queue.ts";
import { createSqliteJobQueue } from "./sqlite-queue.ts";
import type { JobQueue } from "./queue.ts";

/** The job queue of a database: the kit's job tables, on SQLite through the app's client, on PostgreSQL a pool. */
export function openJobQueue(db: Database): JobQueue {
  return db.sqlite ? createSqliteJobQueue(db.sqlite) : createPostgresJobQueue(db.url);
}
