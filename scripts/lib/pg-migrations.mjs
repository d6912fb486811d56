// Applies packages/storage/prisma/postgresql/migrations/<name>/migration.sql to a PostgreSQL database, each once, in name order,
// each in its own transaction, recording them in `_app_migrations`. Prisma's CLI cannot migrate PostgreSQL
// offline through a driver adapter (prisma/orm#27403), so this small runner does (docs/platform.md, "Schema").
// Several processes may run it at once (two `npm run release` of one deploy, workers starting): the first takes a
// session advisory lock for its whole run and applies everything; the others wait for it, then find nothing to do.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { PG_MIGRATIONS } from "./schemas.mjs";

const LOCK_ID = 72_190_431; // any constant: only this runner takes it

export function listPgMigrations(dir = PG_MIGRATIONS) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => existsSync(join(dir, n, "migration.sql")))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(dir, name, "migration.sql"), "utf8") }));
}

/** Returns the names applied now (empty when the database was up to date). */
export async function applyPgMigrations(url, { dir = PG_MIGRATIONS, log = () => {} } = {}) {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => undefined); // a dropped connection fails the running query; unheard, it would end the process
  await client.connect();
  const applied = [];
  try {
    // one runner at a time for the whole run (the transaction locks below are taken again inside it: re-entrant)
    const free = await client.query("SELECT pg_try_advisory_lock($1) AS got", [LOCK_ID]);
    if (!free.rows[0]?.got) {
      log("another migration run holds the lock: waiting for it to finish");
      await client.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
    }
    // Under the lock too: two CREATE TABLE IF NOT EXISTS at once on a fresh database race in PostgreSQL's catalogue
    // ("duplicate key value violates unique constraint pg_type_typname_nsp_index").
    await client.query("BEGIN");
    try {
      await client.query("SELECT pg_advisory_xact_lock($1)", [LOCK_ID]);
      await client.query(
        "CREATE TABLE IF NOT EXISTS _app_migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
      );
      await client.query("COMMIT");
    } catch (e) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw e;
    }
    for (const m of listPgMigrations(dir)) {
      await client.query("BEGIN");
      try {
        await client.query("SELECT pg_advisory_xact_lock($1)", [LOCK_ID]);
        const done = await client.query("SELECT 1 FROM _app_migrations WHERE name = $1", [m.name]);
        if (done.rowCount === 0) {
          await client.query(m.sql);
          await client.query("INSERT INTO _app_migrations (name) VALUES ($1)", [m.name]);
          applied.push(m.name);
          log(`applied ${m.name}`);
        }
        await client.query("COMMIT");
      } catch (e) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw new Error(`migration ${m.name} failed: ${e.message}`, { cause: e });
      }
    }
  } finally {
    await client.end(); // ends the session, and its lock with it
  }
  return applied;
}
