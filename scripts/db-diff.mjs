#!/usr/bin/env node
// `npm run db:diff [-- --name <migration_name>]`: after an edit of packages/storage/prisma/schema.prisma, the SQL that brings each
// database up to it. Prints both; with --name it also writes them and the derived PostgreSQL schema:
//   packages/storage/prisma/migrations/<UTC timestamp>_<name>/migration.sql             (SQLite)
//   packages/storage/prisma/postgresql/migrations/<UTC timestamp>_<name>/migration.sql  (PostgreSQL)
//   packages/storage/prisma/postgresql/schema.prisma                                    (derived, scripts/lib/schemas.mjs)
//
// SQLite: Prisma's `migrate diff --from-migrations` cannot be trusted with the libSQL driver adapter (its shadow
// database applies only the first statement of a migration) and `--from-url` is refused with an adapter, so this
// migrates a scratch database for real, pulls its schema back, and diffs two schema files.
// PostgreSQL: the committed derived schema is exactly what the committed PostgreSQL migrations build (the CI
// check proves it), so the new migration is the diff of that file and the newly derived one; no server needed.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { derivedFromDisk, PG_MIGRATIONS, PG_SCHEMA, SQLITE_MIGRATIONS, SQLITE_SCHEMA } from "./lib/schemas.mjs";
import { listPgMigrations } from "./lib/pg-migrations.mjs";

const nameAt = process.argv.indexOf("--name");
const name = nameAt === -1 ? undefined : process.argv[nameAt + 1];
if (nameAt !== -1 && !/^[a-z0-9_]{1,60}$/.test(name ?? "")) {
  console.error("--name takes lowercase letters, digits and underscores, e.g. --name add_store_notes");
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), "kit-diff-"));
const prisma = join(process.cwd(), "node_modules", ".bin", "prisma");
const scratch = `file:${join(dir, "migrated.db")}`;
const run = (args, env = {}) =>
  execFileSync(prisma, args, {
    env: { ...process.env, DATABASE_URL: scratch, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  }).toString("utf8");
const isEmpty = (sql) => !sql || /^-- This is an empty migration/.test(sql);
const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);

function write(folderRoot, folderName, sql) {
  const folder = join(folderRoot, folderName);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "migration.sql"), `${sql}\n`);
  console.error(`wrote ${folder}/migration.sql (review it: move data before a column is dropped)`);
}

try {
  // SQLite
  run(["migrate", "deploy"]);
  const pulled = join(dir, "migrated.prisma");
  // `db pull --print` writes an adapter warning before the schema on stdout: keep the schema only.
  const printed = run(["db", "pull", "--print"]);
  writeFileSync(pulled, printed.slice(Math.max(0, printed.search(/^(generator|datasource) /m))));
  const sqliteSql = run([
    "migrate",
    "diff",
    "--from-schema-datamodel",
    pulled,
    "--to-schema-datamodel",
    SQLITE_SCHEMA,
    "--script",
  ]).trim();

  // PostgreSQL
  const derived = derivedFromDisk();
  const derivedFile = join(dir, "derived.prisma");
  writeFileSync(derivedFile, derived);
  const pgFirst = listPgMigrations().length === 0 || !existsSync(PG_SCHEMA);
  const from = pgFirst ? ["--from-empty"] : ["--from-schema-datamodel", PG_SCHEMA];
  // A diff of two schema files touches no database: it runs under the default (libSQL) config.
  const pgSql = run(["migrate", "diff", ...from, "--to-schema-datamodel", derivedFile, "--script"]).trim();

  console.log(`-- SQLite (${SQLITE_MIGRATIONS})`);
  console.log(isEmpty(sqliteSql) ? "-- already matches packages/storage/prisma/schema.prisma" : sqliteSql);
  console.log(`\n-- PostgreSQL (${PG_MIGRATIONS})`);
  console.log(isEmpty(pgSql) ? "-- already matches the derived schema" : pgSql);
  if (name) {
    if (!isEmpty(sqliteSql)) write(SQLITE_MIGRATIONS, `${stamp}_${name}`, sqliteSql);
    if (!isEmpty(pgSql)) write(PG_MIGRATIONS, `${stamp}_${pgFirst ? "init" : name}`, pgSql);
    writeFileSync(PG_SCHEMA, derived);
    console.error(`wrote ${PG_SCHEMA} (derived from ${SQLITE_SCHEMA})`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
