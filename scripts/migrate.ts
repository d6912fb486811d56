/**
 * `npm run db:migrate`: migrates the database DATABASE_URL names. SQLite: Prisma's migrations (prisma/migrations).
 * PostgreSQL: the kit's SQL migrations (prisma/postgresql/migrations, scripts/lib/pg-migrations.mjs) and pg-boss's
 * schema with the kit's indexes on it (lib/jobs/pg-boss-queue.ts). Safe to run again, and from several hosts.
 */
import { migrate } from "./setup.mjs";
import { providerOf } from "@/lib/db";
import { createPgBossQueue } from "@/lib/jobs/pg-boss-queue";

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL ?? "file:./data/dev.db";
  const provider = providerOf(url);
  await migrate({ databaseUrl: url });
  if (provider === "postgresql") {
    const queue = createPgBossQueue(url, { poolSize: 1 });
    await queue.start();
    await queue.stop();
    console.log("PostgreSQL: job queue (pg-boss) schema ready.");
  }
}

main().catch((e: unknown) => {
  console.error(`db:migrate: ${(e as Error).message}`);
  process.exit(1);
});
