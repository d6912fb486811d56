// The two Prisma schemas: packages/storage/prisma/schema.prisma (SQLite, the one that is edited) and the PostgreSQL schema derived
// from it. Deriving changes exactly three things: the datasource provider, the generated client's folder, and
// the blocks between `// @sqlite-only begin` and `// @sqlite-only end` (dropped: none today). Everything else (models, comments, order) stays byte for byte.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The package that owns the kit's tables, their schema and both databases' migrations. */
export const STORAGE = join("packages", "storage");

export const SQLITE_SCHEMA = join(STORAGE, "prisma", "schema.prisma");
export const SQLITE_MIGRATIONS = join(STORAGE, "prisma", "migrations");
export const PG_DIR = join(STORAGE, "prisma", "postgresql");
export const PG_SCHEMA = join(PG_DIR, "schema.prisma");
export const PG_MIGRATIONS = join(PG_DIR, "migrations");

const HEADER =
  "// GENERATED from packages/storage/prisma/schema.prisma by `npm run db:diff`: do not edit (edit packages/storage/prisma/schema.prisma).\n" +
  "// The PostgreSQL schema of the kit; `npm test` fails while it is out of date.\n\n";

export function derivePostgresSchema(sqliteText) {
  const provider = /(datasource db \{[^}]*provider\s*=\s*)"sqlite"/;
  const output = /(generator client \{[^}]*output\s*=\s*)"\.\.\/src\/generated\/prisma"/;
  if (!provider.test(sqliteText)) throw new Error(`${SQLITE_SCHEMA}: datasource provider "sqlite" not found`);
  if (!output.test(sqliteText))
    throw new Error(`${SQLITE_SCHEMA}: generator output "../src/generated/prisma" not found`);
  const lines = sqliteText
    .replace(provider, '$1"postgresql"')
    .replace(output, '$1"../../src/generated/prisma-pg"')
    .split("\n");
  const kept = [];
  let skipping = false;
  for (const line of lines) {
    if (/^\s*\/\/ @sqlite-only begin/.test(line)) {
      if (skipping) throw new Error(`${SQLITE_SCHEMA}: nested @sqlite-only block`);
      skipping = true;
      continue;
    }
    if (/^\s*\/\/ @sqlite-only end/.test(line)) {
      if (!skipping) throw new Error(`${SQLITE_SCHEMA}: @sqlite-only end without begin`);
      skipping = false;
      continue;
    }
    if (!skipping) kept.push(line);
  }
  if (skipping) throw new Error(`${SQLITE_SCHEMA}: @sqlite-only block is not closed`);
  return HEADER + kept.join("\n").replace(/\n{3,}/g, "\n\n");
}

export function derivedFromDisk(root = process.cwd()) {
  return derivePostgresSchema(readFileSync(join(root, SQLITE_SCHEMA), "utf8"));
}
