#!/usr/bin/env node
// Prepares a checkout to run: both Prisma clients generated (SQLite and PostgreSQL), and the database that
// DATABASE_URL names migrated (SQLite by default). Idempotent and offline: Prisma's Wasm schema engine through
// driver adapters for SQLite, the kit's SQL runner for PostgreSQL (nothing is downloaded). `npm run dev` and
// `npm test` call it; `npm run setup` runs it alone, `npm run db:migrate` only migrates, `npm run build` (prebuild)
// and the compiled scripts (scripts/run-ts.mjs) only generate (--generate-only): a fresh clone builds and runs.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { isProgram } from "./lib/is-program.mjs";
import { createClient } from "@libsql/client";
import { applyPgMigrations } from "./lib/pg-migrations.mjs";
import { PG_SCHEMA, SQLITE_SCHEMA, STORAGE } from "./lib/schemas.mjs";

const prismaBin = () => join(process.cwd(), "node_modules", ".bin", "prisma");

function prismaEnv(databaseUrl) {
  return { ...process.env, DATABASE_URL: databaseUrl, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1" };
}

function requirePrisma() {
  if (!existsSync(prismaBin())) {
    console.error("Dependencies are missing. Run: npm install");
    process.exit(1);
  }
}

const stale = (generated, schema) => !existsSync(generated) || statSync(generated).mtimeMs < statSync(schema).mtimeMs;

/** Generates the SQLite and the PostgreSQL Prisma clients when missing or older than their schema. */
export function generateClients({ quiet = false } = {}) {
  requirePrisma();
  const staleClients = [
    stale(join(STORAGE, "src", "generated", "prisma", "client.ts"), SQLITE_SCHEMA) && "sqlite",
    stale(join(STORAGE, "src", "generated", "prisma-pg", "client.ts"), PG_SCHEMA) && "postgresql",
  ].filter(Boolean);
  if (staleClients.length === 0) return;
  // the storage package generates its own clients (each with a URL of its own provider)
  execFileSync(process.execPath, [join(STORAGE, "scripts", "generate-clients.mjs"), ...staleClients], {
    stdio: quiet ? ["ignore", "ignore", "inherit"] : "inherit",
  });
}

/** Migrates the database DATABASE_URL names: a SQLite file (created private) or a PostgreSQL database. */
export async function migrate({ databaseUrl = process.env.DATABASE_URL ?? "file:./data/dev.db", quiet = false } = {}) {
  if (databaseUrl.startsWith("file:")) {
    requirePrisma();
    // The database holds password hashes and sealed secrets: created private (files 0600, its folder 0700).
    const previous = process.umask(0o077);
    try {
      sqliteDir(databaseUrl, { create: true });
      execFileSync(prismaBin(), ["migrate", "deploy"], {
        env: prismaEnv(databaseUrl),
        stdio: quiet ? ["ignore", "ignore", "inherit"] : "inherit",
      });
      // Write-ahead logging (kept in the file): readers never wait for the writer; see packages/storage/src/db.ts for syncing.
      const db = createClient({ url: databaseUrl });
      await db.execute("PRAGMA journal_mode = WAL");
      db.close();
    } finally {
      process.umask(previous);
    }
    secureSqliteFile(databaseUrl);
  } else if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const applied = await applyPgMigrations(databaseUrl, { log: quiet ? () => {} : (m) => console.log(m) });
    if (!quiet)
      console.log(
        applied.length ? `PostgreSQL: ${applied.length} migration(s) applied.` : "PostgreSQL: already up to date.",
      );
  } else {
    throw new Error(
      `DATABASE_URL must start with file: (SQLite) or postgresql:// (PostgreSQL), not "${databaseUrl.split(":")[0]}:"`,
    );
  }
}

export async function setup({ databaseUrl = process.env.DATABASE_URL ?? "file:./data/dev.db", quiet = false } = {}) {
  generateClients({ quiet });
  await migrate({ databaseUrl, quiet });
}

function sqlitePath(databaseUrl) {
  return databaseUrl.slice("file:".length).split("?")[0];
}

/** The folder of a SQLite `file:` URL; `create` makes it (0700) when missing. */
function sqliteDir(databaseUrl, { create = false } = {}) {
  const file = sqlitePath(databaseUrl);
  const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) || "/" : ".";
  if (create && !existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/**
 * Makes an existing SQLite database private: the file and its journal/WAL companions 0600, and its folder 0700
 * when the folder is the database's own (not the working directory or a shared one like /tmp).
 */
export function secureSqliteFile(databaseUrl) {
  const file = sqlitePath(databaseUrl);
  for (const f of [file, `${file}-journal`, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
  const dir = sqliteDir(databaseUrl);
  const shared = [".", "/", "/tmp", "/var/tmp", process.cwd()].includes(dir) || dir === process.env.HOME;
  if (!shared && existsSync(dir)) chmodSync(dir, 0o700);
}

if (isProgram(import.meta.url, "setup.mjs")) {
  const only = process.argv[2];
  const task =
    only === "--migrate-only"
      ? migrate()
      : only === "--generate-only"
        ? Promise.resolve(generateClients({ quiet: true }))
        : setup();
  task.catch((e) => {
    console.error(`setup: ${e.message}`);
    process.exit(1);
  });
}
