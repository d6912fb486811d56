/**
 * Migrating one PostgreSQL database from several processes at once (docs/platform.md, "Schema": several hosts may
 * migrate at once): every web instance and worker of a deploy runs the migrations when it starts, so on a fresh
 * database they all start from nothing at the same moment. Each must succeed, and each migration be applied once.
 */
import { describe, expect, it } from "vitest";
import pg from "pg";
import { applyPgMigrations, listPgMigrations } from "../../scripts/lib/pg-migrations.mjs";
import { databaseUrl } from "../helpers/postgres-template";

const server = process.env.TEST_POSTGRES_URL;
const run = server ? describe : describe.skip;

async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `kit_test_migrate_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  return {
    url: databaseUrl(server!, name),
    async drop() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await c.end();
    },
  };
}

run("PostgreSQL migrations run from several processes at once", () => {
  it("all succeed on a fresh database, and each migration is applied once", async () => {
    for (let round = 0; round < 3; round++) {
      const db = await emptyDatabase();
      try {
        const results = await Promise.allSettled(Array.from({ length: 6 }, () => applyPgMigrations(db.url)));
        const refused = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as Error).message] : []));
        expect(refused).toEqual([]);
        const applied = results.flatMap((r) => (r.status === "fulfilled" ? r.value : []));
        expect(applied.sort()).toEqual(listPgMigrations().map((m) => m.name));
        const c = new pg.Client({ connectionString: db.url });
        await c.connect();
        const rows = await c.query("SELECT name FROM _app_migrations ORDER BY name");
        await c.end();
        expect(rows.rows.map((r: { name: string }) => r.name)).toEqual(listPgMigrations().map((m) => m.name));
      } finally {
        await db.drop();
      }
    }
  });
});
