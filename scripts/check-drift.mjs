#!/usr/bin/env node
// Schema drift checks (exit 0 when all agree, 2 on drift):
// 1. SQLite: packages/storage/prisma/migrations build the same database as packages/storage/prisma/schema.prisma. `prisma migrate diff
//    --from-migrations` cannot be trusted with the libSQL driver adapter (its shadow database applies only the
//    first statement of a migration), so this builds both for real: database A from the committed migrations
//    (`migrate deploy`), database B from the schema (its `migrate diff --from-empty` script), and compares
//    their structure.
// 2. packages/storage/prisma/postgresql/schema.prisma is what deriving packages/storage/prisma/schema.prisma gives today.
// 3. PostgreSQL (when a server is given: TEST_POSTGRES_URL, as `npm test` sets it): packages/storage/prisma/postgresql/migrations
//    applied to an empty database give the same catalogue as the derived schema created from empty.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import pg from "pg";
import { derivedFromDisk, PG_SCHEMA, SQLITE_SCHEMA } from "./lib/schemas.mjs";
import { applyPgMigrations } from "./lib/pg-migrations.mjs";

const FIX = "  npm run db:diff -- --name <what_changed>   (writes both databases' migrations and the derived schema)";
const dir = mkdtempSync(join(tmpdir(), "kit-drift-"));
const prisma = join(process.cwd(), "node_modules", ".bin", "prisma");
const run = (args, url) =>
  execFileSync(prisma, args, {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "pipe", "pipe"],
  }).toString("utf8");

function report(title, a, b, labels) {
  const onlyA = a.filter((x) => !b.includes(x));
  const onlyB = b.filter((x) => !a.includes(x));
  if (!onlyA.length && !onlyB.length) return true;
  console.error(`${title}. Fix:\n${FIX}`);
  for (const x of onlyB) console.error(`  ${labels[1]}: ${x}`);
  for (const x of onlyA) console.error(`  ${labels[0]}: ${x}`);
  return false;
}

/** The structure of a SQLite database as comparable lines: columns (order ignored), indexes, foreign keys. */
async function sqliteCatalogue(url) {
  const db = createClient({ url });
  const lines = [];
  const tables = await db.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_prisma_migrations%' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  for (const { name } of tables.rows) {
    const cols = await db.execute({
      sql: 'SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?)',
      args: [name],
    });
    for (const c of cols.rows)
      lines.push(`column ${name}.${c.name} ${c.type} notnull=${c.notnull} default=${c.dflt_value} pk=${c.pk}`);
    const fks = await db.execute({
      sql: 'SELECT "table", "from", "to", on_update, on_delete FROM pragma_foreign_key_list(?)',
      args: [name],
    });
    for (const f of fks.rows)
      lines.push(`fk ${name}.${f.from} -> ${f.table}.${f.to} update=${f.on_update} delete=${f.on_delete}`);
  }
  const indexes = await db.execute(
    "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  for (const i of indexes.rows) lines.push(`index ${i.name} ${String(i.sql ?? "").replace(/\s+/g, " ")}`);
  db.close();
  return lines;
}

/** The public schema of a PostgreSQL database as comparable lines (the runner's own table left out). */
async function pgCatalogue(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const lines = [];
    const cols =
      await c.query(`SELECT table_name, column_name, data_type, is_nullable, column_default, datetime_precision
      FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_app_migrations'`);
    for (const r of cols.rows) {
      lines.push(
        `column ${r.table_name}.${r.column_name} ${r.data_type}(${r.datetime_precision ?? ""}) null=${r.is_nullable} default=${r.column_default}`,
      );
    }
    const idx = await c.query(
      "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_app_migrations'",
    );
    for (const r of idx.rows) lines.push(`index ${r.indexname} ${r.indexdef}`);
    const cons = await c.query(`SELECT conrelid::regclass::text AS t, conname, pg_get_constraintdef(oid) AS def
      FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> '_app_migrations'`);
    for (const r of cons.rows) lines.push(`constraint ${r.t}.${r.conname} ${r.def}`);
    return lines.sort();
  } finally {
    await c.end();
  }
}

async function withScratchDatabases(serverUrl, fn) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const names = [`kit_drift_a_${process.pid}`, `kit_drift_b_${process.pid}`];
  try {
    for (const n of names) await admin.query(`CREATE DATABASE ${n}`);
    const urlOf = (n) => {
      const u = new URL(serverUrl);
      u.pathname = `/${n}`;
      return u.toString();
    };
    return await fn(...names.map(urlOf));
  } finally {
    for (const n of names) await admin.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

let ok = true;
try {
  const fromMigrations = `file:${join(dir, "migrations.db")}`;
  const fromSchema = `file:${join(dir, "schema.db")}`;
  run(["migrate", "deploy"], fromMigrations);
  // Database B from the schema's own CREATE script. (`prisma db push` builds the same, but through the libSQL
  // adapter the CLI then sits idle for 60 s before it exits.)
  const schemaDb = createClient({ url: fromSchema });
  await schemaDb.executeMultiple(
    run(
      ["migrate", "diff", "--from-empty", "--to-schema-datamodel", SQLITE_SCHEMA, "--script"],
      `file:${join(dir, "unused.db")}`,
    ),
  );
  schemaDb.close();
  ok &&= report(
    "SQLite: packages/storage/prisma/schema.prisma and packages/storage/prisma/migrations disagree",
    await sqliteCatalogue(fromMigrations),
    await sqliteCatalogue(fromSchema),
    ["migrations only", "schema only    "],
  );

  if (readFileSync(PG_SCHEMA, "utf8") !== derivedFromDisk()) {
    console.error(`${PG_SCHEMA} is not what packages/storage/prisma/schema.prisma derives today. Fix:\n${FIX}`);
    ok = false;
  }

  const server = process.env.TEST_POSTGRES_URL;
  if (!server) {
    console.log("PostgreSQL migrations not checked: no TEST_POSTGRES_URL (npm test starts a server and sets it).");
  } else {
    const createSql = run(
      ["migrate", "diff", "--from-empty", "--to-schema-datamodel", PG_SCHEMA, "--script"],
      `file:${join(dir, "unused.db")}`,
    );
    ok &&= await withScratchDatabases(server, async (a, b) => {
      await applyPgMigrations(a);
      const c = new pg.Client({ connectionString: b });
      await c.connect();
      await c.query(createSql);
      await c.end();
      return report(
        "PostgreSQL: packages/storage/prisma/postgresql/migrations and packages/storage/prisma/postgresql/schema.prisma disagree",
        await pgCatalogue(a),
        await pgCatalogue(b),
        ["migrations only", "schema only    "],
      );
    });
  }
  if (ok)
    console.log(
      "prisma: migrations match the schema (SQLite" +
        (server ? " and PostgreSQL" : "") +
        "), derived schema up to date",
    );
  else process.exitCode = 2;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
