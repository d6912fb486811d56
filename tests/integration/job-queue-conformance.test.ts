/**
 * Both job queues behave the same: the conformance suite (job-queue-conformance.suite.ts) on pg-boss
 * (PostgreSQL) and the Prisma job table (SQLite), for each database this run covers.
 */
import { PROVIDERS, freshDatabase } from "../helpers/databases";
import { createSqliteJobQueue } from "@/lib/jobs/sqlite-queue";
import { createPgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { describeJobQueueConformance } from "./job-queue-conformance.suite";

for (const provider of PROVIDERS) {
  describeJobQueueConformance(provider, async () => {
    const db = await freshDatabase(provider);
    const queue =
      provider === "sqlite"
        ? createSqliteJobQueue(db.database.sqlite!, { random: () => 0.5 })
        : createPgBossQueue(db.url, { poolSize: 4, random: () => 0.5 });
    return { queue, dispose: () => db.dispose() };
  });
}
