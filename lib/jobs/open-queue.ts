import type { Database } from "@/lib/db";
import { createPostgresJobQueue } from "./postgres-queue";
import { createSqliteJobQueue } from "./sqlite-queue";
import type { JobQueue } from "./queue";

/** The job queue of a database: the kit's job tables, on SQLite through the app's client, on PostgreSQL a pool. */
export function openJobQueue(db: Database): JobQueue {
  return db.sqlite ? createSqliteJobQueue(db.sqlite) : createPostgresJobQueue(db.url);
}
