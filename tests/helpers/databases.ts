/**
 * Fresh databases for tests, on SQLite and (when npm test started a server: TEST_POSTGRES_URL) PostgreSQL.
 * `PROVIDERS` lists the databases this run covers; suites run once per entry (describe.each).
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import {
  openDatabase,
  useWriteAheadLog,
  type Database,
  type DatabaseProvider,
  createPrismaStorage,
  type Storage,
} from "@magento-integration/storage";
import { databaseUrl, DATABASE_PREFIX } from "./postgres-template";

const ROOT = join(__dirname, "..", "..");

export const PROVIDERS: DatabaseProvider[] = process.env.TEST_POSTGRES_URL ? ["sqlite", "postgresql"] : ["sqlite"];
if (!process.env.TEST_POSTGRES_URL && process.env.CI) {
  throw new Error("TEST_POSTGRES_URL is not set: run the tests with npm test (it starts a throwaway PostgreSQL)");
}

let sqliteTemplate: string | undefined;
let counter = 0;

/** A migrated, empty database of that provider: its URL, and a way to drop it. */
export async function freshDatabaseUrl(provider: DatabaseProvider): Promise<{ url: string; dispose(): Promise<void> }> {
  if (provider === "sqlite") {
    if (!sqliteTemplate) {
      const tdir = mkdtempSync(join(tmpdir(), "kit-template-"));
      sqliteTemplate = join(tdir, "template.db");
      execFileSync(join(ROOT, "node_modules", ".bin", "prisma"), ["migrate", "deploy"], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: `file:${sqliteTemplate}` },
        stdio: ["ignore", "ignore", "pipe"],
      });
      await useWriteAheadLog(`file:${sqliteTemplate}`);
    }
    const dir = mkdtempSync(join(tmpdir(), "kit-db-"));
    copyFileSync(sqliteTemplate, join(dir, "test.db"));
    return { url: `file:${join(dir, "test.db")}`, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const server = process.env.TEST_POSTGRES_URL;
  const template = process.env.TEST_POSTGRES_TEMPLATE;
  if (!server || !template)
    throw new Error(
      "PostgreSQL tests need TEST_POSTGRES_URL and the vitest globalSetup (tests/helpers/postgres-template.ts)",
    );
  const name = `${DATABASE_PREFIX}${process.env.TEST_POSTGRES_RUN ?? "x"}_${process.pid}_${counter++}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(server, name),
    async dispose() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await c.end();
    },
  };
}

export interface TestDatabase {
  provider: DatabaseProvider;
  url: string;
  database: Database;
  storage: Storage;
  dispose(): Promise<void>;
}

export async function freshDatabase(provider: DatabaseProvider): Promise<TestDatabase> {
  const { url, dispose } = await freshDatabaseUrl(provider);
  const database = openDatabase(url, { poolSize: 4 });
  return {
    provider,
    url,
    database,
    storage: createPrismaStorage(database),
    async dispose() {
      await database.close();
      await dispose();
    },
  };
}
