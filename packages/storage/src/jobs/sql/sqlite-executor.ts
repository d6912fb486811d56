/**
 * The job engine's executor on SQLite: raw statements through the app's Prisma client (one connection per
 * process). SQLite runs one write transaction at a time, which is what a transaction's `lock` asks for.
 */
import type { SqlitePrisma } from "../../db.ts";
import type { SqlExecutor, SqlRow } from "./executor.ts";
import type { Statement } from "./statement.ts";

type Raw = Pick<SqlitePrisma, "$queryRawUnsafe" | "$executeRawUnsafe">;

function bound(client: Raw, transaction: SqlExecutor["transaction"]): SqlExecutor {
  return {
    dialect: "sqlite",
    query: (s: Statement) => client.$queryRawUnsafe<SqlRow[]>(s.text, ...s.values),
    execute: (s: Statement) => client.$executeRawUnsafe(s.text, ...s.values),
    transaction,
    close: async () => undefined, // the Prisma client belongs to the app
  };
}

export function sqliteExecutor(db: SqlitePrisma): SqlExecutor {
  const nested = (): never => {
    throw new Error("the job engine does not nest transactions");
  };
  return bound(db, (fn) => db.$transaction((tx) => fn(bound(tx, nested)), { timeout: 20_000, maxWait: 20_000 }));
}
