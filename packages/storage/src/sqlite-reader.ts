/**
 * The reads a page makes on every render (the store page's one read, the removal page's), on a SQLite connection
 * of their own (Database.readRows, packages/storage/src/db.ts). The kit runs everything else on one connection (packages/storage/src/db.ts,
 * oneConnection), where Prisma's adapter queues a read behind any transaction in flight, such as a sync pass or a
 * bulk poll of the in-process worker writing its page; on a connection of its own a page reads the last committed
 * rows at once (the database is in WAL mode: a reader never waits for the writer) and never sees a transaction's
 * uncommitted ones. Running the statement on the driver also skips Prisma's per-query compile and interpretation:
 * half a millisecond of a store page's floor (bench/store-page-read.bench.ts prints both paths).
 *
 * Rows come back as Prisma's `$queryRaw` returns them on SQLite, so one mapper serves both paths: a column declared
 * DATETIME is a Date, BOOLEAN a boolean, BIGINT a bigint, and an expression (COUNT(*), CASE) a number. The
 * connection is read-only (`query_only`): a write sent here fails instead of escaping the kit's transactions.
 */
import type { Client, InValue } from "@libsql/client";
import type { Prisma } from "./generated/prisma/client.ts";
import { createSqliteClient } from "./sqlite-client.ts";

/** A read outside any transaction: its rows, keyed by column name. */
export type RowReader = (query: Prisma.Sql) => Promise<Array<Record<string, unknown>>>;

export interface SqliteReader {
  read: RowReader;
  close(): void;
}

/**
 * Opened at the first read with the kit's connection settings (`pragmas`, packages/storage/src/db.ts) and `query_only`; `url` is a
 * `file:` URL of a database on disk (an in-memory one has no second connection).
 */
export function sqliteReader(url: string, pragmas: readonly string[]): SqliteReader {
  let client: Client | null = null;
  let opening: Promise<Client> | null = null;
  const open = (): Promise<Client> =>
    (opening ??= (async () => {
      const c = createSqliteClient({ url });
      for (const p of [...pragmas, "PRAGMA query_only = ON"]) await c.execute(p);
      client = c;
      return c;
    })().catch((e: unknown) => {
      opening = null;
      throw e;
    }));
  return {
    async read(query) {
      const c = client ?? (await open());
      const result = await c.execute({ sql: query.sql, args: query.values.map(argToSql) });
      const types = result.columnTypes.map((t) => t.toUpperCase());
      return result.rows.map((row) => {
        const values = row as unknown as unknown[]; // the kit's client gives each row as its array of values
        const out: Record<string, unknown> = {};
        for (let i = 0; i < result.columns.length; i++) out[result.columns[i]!] = decode(values[i], types[i]!);
        return out;
      });
    },
    close() {
      client?.close();
      client = null;
      opening = null;
    },
  };
}

// Prisma's libSQL adapter writes a DateTime as ISO text with "+00:00" (its mapArg), and compares them as text:
// an argument must be written the same way, where the driver would send a Date as milliseconds.
function argToSql(v: unknown): InValue {
  if (v instanceof Date) return v.toISOString().replace("Z", "+00:00");
  return v as InValue;
}

/** A stored value as `$queryRaw` returns it for the column's declared type (see above). */
function decode(v: unknown, declared: string): unknown {
  if (v === null || v === undefined) return null;
  switch (declared) {
    case "DATETIME":
    case "TIMESTAMP":
      return new Date(typeof v === "string" ? v : Number(v)); // rows written before the adapter: milliseconds
    case "BOOLEAN":
      return v === 1 || v === 1n || v === true;
    case "BIGINT":
    case "INT8":
      return BigInt(v as number | bigint);
    case "BLOB":
      return new Uint8Array(v as ArrayBuffer);
    case "DECIMAL":
    case "DATE":
    case "TIME":
    case "JSONB":
      throw new TypeError(
        `a page read returned a ${declared} column, which packages/storage/src/sqlite-reader.ts does not decode`,
      );
    default:
      return v; // TEXT, INTEGER, REAL, and expressions: as the driver gives them
  }
}
