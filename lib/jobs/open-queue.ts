import type { Database } from "@/lib/db";
import { createPgBossQueue } from "./pg-boss-queue";
import { createSqliteJobQueue } from "./sqlite-queue";
import { JOB_KIND_NAMES } from "./kinds";
import type { JobQueue } from "./queue";

/** The job queue of a database: pg-boss on PostgreSQL, the job table on SQLite. */
export function openJobQueue(db: Database): JobQueue {
  return db.sqlite ? createSqliteJobQueue(db.sqlite) : createPgBossQueue(db.url, { kinds: JOB_KIND_NAMES });
}
