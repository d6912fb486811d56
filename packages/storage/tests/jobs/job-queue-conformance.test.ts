/**
 * The job queue behaves the same on both databases: the conformance suite (job-queue-conformance.suite.ts) on
 * PostgreSQL and SQLite, for each database this run covers.
 */
import { PROVIDERS, freshDatabase } from "../../../../tests/helpers/databases";
import { createSqliteJobQueue, createPostgresJobQueue } from "@magento-integration/storage/jobs";
import { describeJobQueueConformance } from "./job-queue-conformance.suite";

for (const provider of PROVIDERS) {
  describeJobQueueConformance(provider, async () => {
    const db = await freshDatabase(provider);
    const queue =
      provider === "sqlite"
        ? createSqliteJobQueue(db.database.sqlite!, { random: () => 0.5 })
        : createPostgresJobQueue(db.url, { poolSize: 4, random: () => 0.5 });
    return { queue, dispose: () => db.dispose() };
  });
}
