#!/usr/bin/env node
// Drift check: are prisma/migrations and prisma/schema.prisma the same database?
// `prisma migrate diff --from-migrations` cannot be trusted with the libSQL driver adapter (its shadow
// database applies only the first statement of a migration), so this builds both sides for real:
// database A from the committed migrations (`migrate deploy`), database B from the schema (`db push`),
// then compares their structure (columns in any order, indexes, foreign keys). Exit 0 when equal, 2 on drift.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";

const dir = mkdtempSync(join(tmpdir(), "kit-drift-"));
const prisma = join(process.cwd(), "node_modules", ".bin", "prisma");
const run = (args, url) =>
  execFileSync(prisma, args, { env: { ...process.env, DATABASE_URL: url }, stdio: ["ignore", "ignore", "pipe"] });

/** The structure of a SQLite database as comparable lines: columns (order ignored), indexes, foreign keys. */
async function catalogue(url) {
  const db = createClient({ url });
  const lines = [];
  const tables = await db.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_prisma_migrations%' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  for (const { name } of tables.rows) {
    const cols = await db.execute({ sql: "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?)", args: [name] });
    for (const c of cols.rows) lines.push(`column ${name}.${c.name} ${c.type} notnull=${c.notnull} default=${c.dflt_value} pk=${c.pk}`);
    const fks = await db.execute({ sql: 'SELECT "table", "from", "to", on_update, on_delete FROM pragma_foreign_key_list(?)', args: [name] });
    for (const f of fks.rows) lines.push(`fk ${name}.${f.from} -> ${f.table}.${f.to} update=${f.on_update} delete=${f.on_delete}`);
  }
  const indexes = await db.execute(
    "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  for (const i of indexes.rows) lines.push(`index ${i.name} ${String(i.sql ?? "").replace(/\s+/g, " ")}`);
  db.close();
  return lines;
}

try {
  const fromMigrations = `file:${join(dir, "migrations.db")}`;
  const fromSchema = `file:${join(dir, "schema.db")}`;
  run(["migrate", "deploy"], fromMigrations);
  run(["db", "push", "--skip-generate"], fromSchema);
  const a = await catalogue(fromMigrations);
  const b = await catalogue(fromSchema);
  const onlyA = a.filter((x) => !b.includes(x));
  const onlyB = b.filter((x) => !a.includes(x));
  if (onlyA.length || onlyB.length) {
    console.error("prisma/schema.prisma and prisma/migrations disagree. Add a migration:");
    console.error("  npm run db:diff -- --name <what_changed>   (writes prisma/migrations/<timestamp>_<what_changed>/migration.sql)");
    for (const x of onlyB) console.error("  schema only:     " + x);
    for (const x of onlyA) console.error("  migrations only: " + x);
    process.exitCode = 2;
  } else {
    console.log("prisma: migrations match the schema");
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
