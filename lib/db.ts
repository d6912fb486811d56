import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { getEnv } from "@/lib/env";

/**
 * One Prisma client per process (kept on globalThis so Next's dev reloads don't open a new one each time).
 * SQLite through the libSQL driver adapter by default (`DATABASE_URL=file:./data/dev.db`).
 *
 * PostgreSQL (several app instances): the data layer uses no SQLite-only features, so switching is a provider
 * change: a copy of schema.prisma with `provider = "postgresql"`, `@prisma/adapter-pg` (`new PrismaPg({
 * connectionString })`) here when DATABASE_URL starts with postgres://, and SQL migrations produced with
 * `prisma migrate diff --to-schema-datamodel` (see TOOLCHAIN notes: Prisma's migrate cannot run offline on pg).
 */
export function createPrismaClient(databaseUrl: string): PrismaClient {
  if (/^postgres(ql)?:/.test(databaseUrl)) {
    throw new Error("PostgreSQL is not wired yet: use a file: DATABASE_URL (see lib/db.ts for the path)");
  }
  return new PrismaClient({ adapter: new PrismaLibSQL({ url: databaseUrl }) });
}

const holder = globalThis as unknown as { __kitPrisma?: PrismaClient };

export function getPrisma(): PrismaClient {
  holder.__kitPrisma ??= createPrismaClient(getEnv().databaseUrl);
  return holder.__kitPrisma;
}

export type Db = PrismaClient;
