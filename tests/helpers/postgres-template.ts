/**
 * vitest globalSetup: when TEST_POSTGRES_URL names a PostgreSQL server (npm test starts a throwaway one), builds a
 * template database once (the kit's migrations applied) that every test copies in
 * milliseconds (CREATE DATABASE … TEMPLATE). Dropped again at the end, with any database a test left behind.
 */
import pg from "pg";
import { applyPgMigrations } from "../../scripts/lib/pg-migrations.mjs";

export const TEMPLATE_PREFIX = "kit_tpl_";
export const DATABASE_PREFIX = "kit_test_";

export function databaseUrl(server: string, name: string): string {
  const u = new URL(server);
  u.pathname = `/${name}`;
  return u.toString();
}

async function dropAll(server: string, prefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    const r = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${prefix}${process.pid}_%`]);
    for (const { datname } of r.rows as Array<{ datname: string }>)
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export default async function setup(): Promise<(() => Promise<void>) | void> {
  const server = process.env.TEST_POSTGRES_URL;
  if (!server) return;
  const name = `${TEMPLATE_PREFIX}${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = databaseUrl(server, name);
  await applyPgMigrations(url);
  process.env.TEST_POSTGRES_TEMPLATE = name;
  process.env.TEST_POSTGRES_RUN = String(process.pid);
  return async () => {
    await dropAll(server, DATABASE_PREFIX);
    await dropAll(server, TEMPLATE_PREFIX);
  };
}
