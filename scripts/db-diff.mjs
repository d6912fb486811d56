#!/usr/bin/env node
// `npm run db:diff [-- --name <migration_name>]`: the SQL that takes a database built from prisma/migrations to
// prisma/schema.prisma. Prisma's own `migrate diff --from-migrations` cannot be trusted with the libSQL driver
// adapter (its shadow database applies only the first statement of a migration) and `--from-url` is refused
// with an adapter, so this migrates a scratch database for real, pulls its schema back, and diffs two schemas.
// Prints the SQL; with --name it also writes prisma/migrations/<UTC timestamp>_<name>/migration.sql.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const nameAt = process.argv.indexOf("--name");
const name = nameAt === -1 ? undefined : process.argv[nameAt + 1];
if (nameAt !== -1 && !/^[a-z0-9_]{1,60}$/.test(name ?? "")) {
  console.error("--name takes lowercase letters, digits and underscores, e.g. --name add_store_notes");
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), "kit-diff-"));
const prisma = join(process.cwd(), "node_modules", ".bin", "prisma");
const url = `file:${join(dir, "migrated.db")}`;
const run = (args) =>
  execFileSync(prisma, args, {
    env: { ...process.env, DATABASE_URL: url, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  }).toString("utf8");

try {
  run(["migrate", "deploy"]);
  const pulled = join(dir, "migrated.prisma");
  // `db pull --print` writes an adapter warning before the schema on stdout: keep the schema only.
  const printed = run(["db", "pull", "--print"]);
  writeFileSync(pulled, printed.slice(Math.max(0, printed.search(/^(generator|datasource) /m))));
  const sql = run(["migrate", "diff", "--from-schema-datamodel", pulled, "--to-schema-datamodel", "prisma/schema.prisma", "--script"]).trim();
  if (!sql || /^-- This is an empty migration/.test(sql)) {
    console.log("-- prisma/migrations already match prisma/schema.prisma");
  } else {
    console.log(sql);
    if (name) {
      const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
      const folder = join("prisma", "migrations", `${stamp}_${name}`);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, "migration.sql"), `${sql}\n`);
      console.error(`\nwrote ${folder}/migration.sql (review it: move data before a column is dropped)`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
