/**
 * The job engine's executor on PostgreSQL: a node-postgres pool of its own (application_name `kit-jobs`). Sessions
 * run in UTC and `timestamp` columns are read as UTC, as Prisma writes them. A transaction's `lock` is a
 * transaction-scoped advisory lock on the lock's name, taken in the same round trip as BEGIN. A `prepared`
 * statement runs as a named prepared statement, planned once per connection (a generic plan, `plan_cache_mode`):
 * the fetch's statement cost 7 ms to plan on each call, and every other fetch waited out that time behind the
 * fetch lock.
 */
import { createHash } from "node:crypto";
import pg from "pg";
import { DATABASE_CONNECT_TIMEOUT_MS } from "../../db-reachable.ts";
import type { SqlExecutor, SqlRow, TransactionOptions } from "./executor.ts";
import type { Statement } from "./statement.ts";

/** OID of `timestamp without time zone`: Prisma stores UTC there. */
const TIMESTAMP_OID = 1114;
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP_OID
      ? (text: string) => new Date(`${text.replace(" ", "T")}Z`)
      : pg.types.getTypeParser(oid, format ?? "text")) as typeof pg.types.getTypeParser,
};

export interface PgExecutorOptions {
  poolSize?: number;
  /** Opening a connection or waiting for a free one fails after this long. Default DATABASE_CONNECT_TIMEOUT_MS. */
  connectTimeoutMs?: number;
}

type Client = Pick<pg.PoolClient, "query">;

/** Dates go as UTC text (`timestamp` columns hold UTC; node-postgres would write local time). */
const values = (s: Statement): unknown[] => s.values.map((v) => (v instanceof Date ? v.toISOString() : v));

/** A prepared statement's name: one per text (node-postgres refuses a name reused with another text). */
const preparedNames = new Map<string, string>();
function preparedName(s: Statement): string {
  let name = preparedNames.get(s.text);
  if (!name) {
    name = `kit_${s.name}_${createHash("sha256").update(s.text).digest("hex").slice(0, 16)}`;
    preparedNames.set(s.text, name);
  }
  return name;
}

const queryOf = (s: Statement): pg.QueryConfig =>
  s.prepared ? { name: preparedName(s), text: s.text, values: values(s) } : { text: s.text, values: values(s) };

/** A dropped connection: the client emits "error" (fatal to the process without a listener), its queries fail. */
const connectionLost = (): void => undefined;

function bound(client: Client, transaction: SqlExecutor["transaction"], close: () => Promise<void>): SqlExecutor {
  return {
    dialect: "postgresql",
    async query(s: Statement): Promise<SqlRow[]> {
      return (await client.query<SqlRow>(queryOf(s))).rows;
    },
    async execute(s: Statement): Promise<number> {
      return (await client.query(queryOf(s))).rowCount ?? 0;
    },
    transaction,
    close,
  };
}

export function pgExecutor(connectionString: string, o: PgExecutorOptions = {}): SqlExecutor {
  const pool = new pg.Pool({
    connectionString,
    max: o.poolSize ?? 10,
    application_name: "kit-jobs",
    connectionTimeoutMillis: o.connectTimeoutMs ?? DATABASE_CONNECT_TIMEOUT_MS,
    // a generic plan for prepared statements only: the others are planned for their values on each call
    options: "-c TimeZone=UTC -c plan_cache_mode=force_generic_plan",
    types,
  });
  pool.on("error", () => undefined); // an idle connection dropped by the server; the next query reconnects

  async function transaction<T>(fn: (tx: SqlExecutor) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const c = await pool.connect();
    // The pool listens for errors only on idle clients: a checked-out one whose connection drops between two
    // queries (a database restart) would emit an unhandled "error" and end the process. The transaction fails instead.
    c.on("error", connectionLost);
    let broken = false;
    try {
      // BEGIN and the lock in one round trip (one simple query: no parameters, so the name goes as a literal)
      await c.query(
        options.lock ? `BEGIN; SELECT pg_advisory_xact_lock(hashtext(${pg.escapeLiteral(options.lock)}))` : "BEGIN",
      );
      const out = await fn(bound(c, nested, close));
      await c.query("COMMIT");
      return out;
    } catch (e) {
      await c.query("ROLLBACK").catch(() => {
        broken = true;
      });
      throw e;
    } finally {
      c.off("error", connectionLost);
      c.release(broken); // a connection that cannot even roll back is closed, not given to the next caller
    }
  }
  const nested = (): never => {
    throw new Error("the job engine does not nest transactions");
  };
  const close = () => pool.end();
  return bound(pool, transaction, close);
}
