/**
 * `npm run db:migrate`: migrates the database DATABASE_URL names. SQLite: Prisma's migrations (packages/storage/prisma/migrations).
 * PostgreSQL: the kit's SQL migrations (packages/storage/prisma/postgresql/migrations, scripts/lib/pg-migrations.mjs). The job
 * tables are among them on both. Safe to run again, and from several hosts.
 */
import { migrate } from "./setup.mjs";

async function main(): Promise<void> {
  await migrate({ databaseUrl: process.env.DATABASE_URL ?? "file:./data/dev.db" });
}

main().catch((e: unknown) => {
  console.error(`db:migrate: ${(e as Error).message}`);
  process.exit(1);
});
