#!/usr/bin/env node
// Drift check: are prisma/migrations and prisma/schema.prisma the same database?
// `prisma migrate diff --from-migrations` cannot be trusted with the libSQL driver adapter (its shadow
// database applies only the first statement of a migration), so this builds both sides for real:
// database A from the committed migrations (`migrate deploy`), database B from the schema (`db push`),
// then compares their SQLite catalogues. Exit 0 when equal, 2 on drift.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";

const dir = mkdtempSync(join(tmpdir(), "kit-drift-"));
const prisma = join(process.cwd(), "node_modules", ".bin", "prisma");
const run = (args, url) =>
  execFileSync(prisma, args, { env: { ...process.env, DATABASE_URL: url }, stdio: ["ignore", "ignore", "pipe"] });

async function catalogue(url) {
  const db = createClient({ url });
  const rs = await db.execute(
    "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE '_prisma_migrations%' AND name NOT LIKE 'sqlite_%' ORDER BY type, name",
  );
  db.close();
  return rs.rows.map((r) => `${r.type} ${r.name} ${String(r.sql ?? "").replace(/\s+/g, " ")}`);
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
    console.error("  npm run db:diff  (then save the SQL as prisma/migrations/<timestamp>_<name>/migration.sql)");
    for (const x of onlyB) console.error("  schema only:     " + x);
    for (const x of onlyA) console.error("  migrations only: " + x);
    process.exitCode = 2;
  } else {
    console.log("prisma: migrations match the schema");
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
