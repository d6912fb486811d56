/**
 * On PostgreSQL the fetch's statement is planned once per connection (packages/storage/src/jobs/sql/pg-executor.ts): planning its
 * four branches cost 7 ms a call, and every other fetch waited that out behind the fetch lock.
 */
import { afterEach, describe, expect, it } from "vitest";
import { pgExecutor } from "../../src/jobs/sql/pg-executor";
import { statement } from "../../src/jobs/sql/statement";
import { pickNext, type PickOptions } from "../../src/jobs/sql/statements";
import type { SqlExecutor } from "../../src/jobs/sql/executor";
import { freshDatabaseUrl } from "../../../../tests/helpers/databases";

const pick = (now: Date): PickOptions => ({
  kinds: ["handshake.exchange", "sync.pass"],
  startable: ["handshake.exchange", "sync.pass"],
  laneCap: 2,
  unprovenCap: 2,
  unprovenLaneCap: 1,
  now,
});

describe.skipIf(!process.env.TEST_POSTGRES_URL)("the job engine's fetch on postgresql", () => {
  const open: Array<{ ex: SqlExecutor; dispose(): Promise<void> }> = [];
  afterEach(async () => {
    for (const o of open.splice(0)) {
      await o.ex.close();
      await o.dispose();
    }
  });

  it("plans its statement once per connection, with a generic plan, and reuses it at every other time", async () => {
    const db = await freshDatabaseUrl("postgresql");
    const ex = pgExecutor(db.url, { poolSize: 1 });
    open.push({ ex, dispose: db.dispose });
    const prepared = await ex.transaction(async (tx) => {
      for (let i = 0; i < 8; i++) await tx.query(pickNext("postgresql", pick(new Date(Date.UTC(2026, 0, 1, 0, i)))));
      return tx.query(
        statement(
          "postgresql",
          "preparedStatements",
          () => `SELECT "name", "generic_plans", "custom_plans" FROM pg_prepared_statements`,
        ),
      );
    });
    const fetches = prepared.filter((r) => String(r.name).startsWith("kit_pickNext_"));
    expect(fetches).toHaveLength(1);
    expect(Number(fetches[0]!.generic_plans)).toBeGreaterThanOrEqual(7);
    expect(Number(fetches[0]!.custom_plans)).toBe(0);
  });
});
