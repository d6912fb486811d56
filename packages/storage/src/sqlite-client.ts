import Database from "libsql";
import { Buffer } from "node:buffer";
import {
  LibsqlError,
  type Client,
  type Config,
  type InStatement,
  type InArgs,
  type InValue,
  type IntMode,
  type ResultSet,
  type Row,
  type Transaction,
  type TransactionMode,
  type Value,
} from "@libsql/client";
import { expandConfig, isInMemoryConfig } from "@libsql/core/config";
import { ResultSetImpl, transactionModeToBegin } from "@libsql/core/util";

/**
 * A libSQL client for a SQLite file that prepares each statement once: @libsql/client's local client with a
 * statement cache. Written by hand because @libsql/client (0.8) prepares every statement anew, asks it for its
 * columns twice and builds each row by defining a property per column; under Prisma's adapter that was about half
 * of the database time of a store page and of a sync pass (docs/platform.md, "SQLite statements"). Its behaviour
 * is @libsql/client's otherwise (same URL rules, integer modes, errors as LibsqlError with SQLite's codes), with
 * two differences: a row is an array of values, read by column index, which is how Prisma's adapter reads it; and
 * `transaction()` is refused, since the kit runs its transactions on its one connection (packages/storage/src/db.ts).
 *
 * A cached statement is safe to run again because libSQL runs a statement synchronously to its end (`all`, `run`)
 * before the next one starts. SQLite prepares a statement again by itself after a schema change; the cache is
 * emptied after a script (`executeMultiple`: migrations) all the same.
 */
const STATEMENT_CACHE_SIZE = 500;

interface Prepared {
  statement: Database.Statement;
  /** Column names and declared types; null for a statement that returns no rows. */
  columns: { names: string[]; types: string[] } | null;
}

export function createSqliteClient(config: Config): Client {
  const expanded = expandConfig(config, true);
  if (expanded.scheme !== "file")
    throw new LibsqlError(`A SQLite client needs a file: URL, not ${expanded.scheme}:`, "URL_SCHEME_NOT_SUPPORTED");
  if (expanded.authority?.host && expanded.authority.host.toLowerCase() !== "localhost")
    throw new LibsqlError(
      `Invalid host in file URL: ${JSON.stringify(expanded.authority.host)} (an absolute path starts with one slash: file:/absolute/path.db)`,
      "URL_INVALID",
    );
  const path = isInMemoryConfig(expanded) ? `file:${expanded.path}` : expanded.path;
  return new CachedStatementClient(path, expanded.intMode);
}

class CachedStatementClient implements Client {
  closed = false;
  readonly protocol = "file";
  #db: Database.Database;
  readonly #cache = new Map<string, Prepared>();

  constructor(
    path: string,
    private readonly intMode: IntMode,
  ) {
    this.#db = new Database(path);
  }

  async execute(stmtOrSql: InStatement | string, args?: unknown): Promise<ResultSet> {
    this.check();
    const stmt = typeof stmtOrSql === "string" ? { sql: stmtOrSql, args: (args ?? []) as InValue[] } : stmtOrSql;
    return this.run(stmt);
  }

  async batch(stmts: InStatement[], mode: TransactionMode = "deferred"): Promise<ResultSet[]> {
    this.check();
    try {
      this.run(transactionModeToBegin(mode));
      const out = stmts.map((s) => {
        if (!this.#db.inTransaction)
          throw new LibsqlError("The transaction has been rolled back", "TRANSACTION_CLOSED");
        return this.run(s);
      });
      this.run("COMMIT");
      return out;
    } finally {
      if (this.#db.inTransaction) this.run("ROLLBACK");
    }
  }

  async migrate(stmts: InStatement[]): Promise<ResultSet[]> {
    return this.batch(stmts, "deferred");
  }

  /**
   * Not used: the kit opens its transactions with BEGIN on its one connection (packages/storage/src/db.ts, oneConnection), where
   * @libsql/client would open a second connection and never close it.
   */
  async transaction(): Promise<Transaction> {
    throw new LibsqlError(
      "Open transactions on the kit's one connection (packages/storage/src/db.ts oneConnection wraps this client)",
      "TRANSACTION_NOT_SUPPORTED",
    );
  }

  async executeMultiple(sql: string): Promise<void> {
    this.check();
    this.#cache.clear(); // a script may change the schema
    try {
      this.#db.exec(sql);
    } catch (e) {
      throw asLibsqlError(e);
    } finally {
      if (this.#db.inTransaction) this.run("ROLLBACK");
    }
  }

  async sync(): Promise<undefined> {
    return undefined; // a local file has nothing to sync
  }

  close(): void {
    this.closed = true;
    this.#cache.clear();
    this.#db.close();
  }

  private check(): void {
    if (this.closed) throw new LibsqlError("The client is closed", "CLIENT_CLOSED");
  }

  /** Runs one statement to its end, synchronously. */
  private run(stmt: InStatement): ResultSet {
    const sql = typeof stmt === "string" ? stmt : stmt.sql;
    const args = typeof stmt === "string" ? [] : argsToSql(stmt.args, this.intMode);
    try {
      const p = this.prepared(sql);
      if (p.columns) {
        const rows = p.statement.all(args) as unknown[][];
        for (const row of rows) for (let i = 0; i < row.length; i++) row[i] = valueFromSql(row[i], this.intMode);
        // a row is its array of values (Prisma's adapter reads row[i] and row.length)
        return new ResultSetImpl(p.columns.names, p.columns.types, rows as unknown as Row[], 0, undefined);
      }
      const info = p.statement.run(args);
      return new ResultSetImpl([], [], [], info.changes, BigInt(info.lastInsertRowid));
    } catch (e) {
      throw asLibsqlError(e);
    }
  }

  private prepared(sql: string): Prepared {
    const hit = this.#cache.get(sql);
    if (hit) {
      this.#cache.delete(sql); // least recently used goes first
      this.#cache.set(sql, hit);
      return hit;
    }
    const statement = this.#db.prepare(sql);
    statement.safeIntegers(true);
    let columns: Prepared["columns"] = null;
    try {
      statement.raw(true); // throws for a statement that returns no rows
      const defs = statement.columns();
      columns = { names: defs.map((c) => c.name), types: defs.map((c) => c.type ?? "") };
    } catch {
      columns = null;
    }
    const p = { statement, columns };
    this.#cache.set(sql, p);
    if (this.#cache.size > STATEMENT_CACHE_SIZE) this.#cache.delete(this.#cache.keys().next().value!);
    return p;
  }
}

function asLibsqlError(e: unknown): unknown {
  if (e instanceof LibsqlError) return e;
  if (e instanceof Database.SqliteError) return new LibsqlError(e.message, e.code, e.rawCode, e);
  return e;
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_INTEGER = -9223372036854775808n;
const MAX_INTEGER = 9223372036854775807n;

function valueFromSql(v: unknown, intMode: IntMode): Value {
  if (typeof v === "bigint") {
    if (intMode === "bigint") return v;
    if (intMode === "string") return String(v);
    if (v < MIN_SAFE || v > MAX_SAFE)
      throw new RangeError("Received integer which cannot be safely represented as a JavaScript number");
    return Number(v);
  }
  if (v instanceof Buffer) return v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength) as ArrayBuffer;
  return v as Value;
}

function argsToSql(args: InArgs | undefined, intMode: IntMode): unknown[] | Record<string, unknown> {
  if (args === undefined) return [];
  if (Array.isArray(args)) return args.map((a) => valueToSql(a, intMode));
  const named: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args))
    named[name[0] === "@" || name[0] === "$" || name[0] === ":" ? name.slice(1) : name] = valueToSql(value, intMode);
  return named;
}

function valueToSql(v: InValue, intMode: IntMode): unknown {
  if (typeof v === "number") {
    if (!Number.isFinite(v))
      throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
    return v;
  }
  if (typeof v === "bigint") {
    if (v < MIN_INTEGER || v > MAX_INTEGER)
      throw new RangeError("bigint is too large to be represented as a 64-bit integer and passed as argument");
    return v;
  }
  if (typeof v === "boolean")
    return intMode === "bigint" ? (v ? 1n : 0n) : intMode === "string" ? (v ? "1" : "0") : v ? 1 : 0;
  if (v instanceof ArrayBuffer) return Buffer.from(v);
  if (v instanceof Date) return v.valueOf();
  if (v === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  return v;
}
