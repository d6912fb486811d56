import {
  createClient,
  LibsqlError,
  type Client,
  type Config,
  type InStatement,
  type ResultSet,
  type Transaction,
  type TransactionMode,
} from "@libsql/client";
import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqlitePrismaClient, type Prisma } from "./generated/prisma/client.ts";
import { PrismaClient as PostgresPrismaClient } from "./generated/prisma-pg/client.ts";
import { DATABASE_CONNECT_TIMEOUT_MS } from "./db-reachable.ts";
import { KitError } from "@magento-integration/client";
import { createSqliteClient } from "./sqlite-client.ts";
import { sqliteReader, type RowReader } from "./sqlite-reader.ts";
import { expandConfig, isInMemoryConfig } from "@libsql/core/config";

/**
 * The database DATABASE_URL names: SQLite through the libSQL driver adapter (`file:./data/dev.db`, the default),
 * or PostgreSQL through `@prisma/adapter-pg` (`postgresql://…`). Prisma cannot switch providers at run time, so
 * each has its own generated client, both from the same models (packages/storage/prisma/postgresql/schema.prisma is derived from
 * packages/storage/prisma/schema.prisma, minus the SQLite-only job table). The rest of the kit sees only packages/storage/src/storage.
 */
export type DatabaseProvider = "sqlite" | "postgresql";

/** The models both databases have, with the SQLite client's types (the PostgreSQL client's are the same). */
export type PortablePrisma = Omit<SqlitePrismaClient, "job">;
/** Inside `$transaction` (or outside it): what a storage query runs on. */
export type PortableQueries = Omit<Prisma.TransactionClient, "job">;
export type SqlitePrisma = SqlitePrismaClient;

export interface Database {
  provider: DatabaseProvider;
  url: string;
  prisma: PortablePrisma;
  /** The SQLite client (the job queue runs its statements through it); null on PostgreSQL (the queue has its own pool). */
  sqlite: SqlitePrisma | null;
  /**
   * A read outside any transaction, for the reads a page makes on every render: on SQLite a read-only connection
   * of its own (packages/storage/src/sqlite-reader.ts), on PostgreSQL (and an in-memory SQLite database) Prisma's `$queryRaw`.
   */
  readRows: RowReader;
  close(): Promise<void>;
}

export class DatabaseUrlError extends KitError {
  static override readonly brand: string = "DatabaseUrlError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "misconfigured", ...options });
  }
}

export function providerOf(url: string): DatabaseProvider {
  if (url.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(url)) return "postgresql";
  throw new DatabaseUrlError(
    `DATABASE_URL must be a SQLite file (file:./data/dev.db) or a PostgreSQL URL (postgresql://user:password@host:5432/db), not "${url.split(":")[0]}:…"`,
  );
}

/**
 * SQLite settings that belong to a connection, not to the file: write-ahead-log syncing at NORMAL (a commit is
 * safe from an app crash or kill -9 without an fsync each time; only a power loss can undo the last
 * transactions: PostgreSQL is the durable path), and a busy timeout (the app and `npm run worker` share the
 * file). Applied once to the process's one connection (see oneConnection) and to its page reads' (sqlite-reader.ts).
 */
const CONNECTION_PRAGMAS = ["PRAGMA synchronous = NORMAL", "PRAGMA busy_timeout = 10000"];

/**
 * libSQL runs a statement synchronously and its promise resolves at once, so a run of statements (a transaction, a
 * worker draining jobs, a burst of callbacks behind Prisma's mutex) is one unbroken chain of microtasks: timers and
 * sockets wait until it ends. Under a callback flood that was a 6 s stall in which /api/health did not answer and
 * keep-alive sockets were dropped. So a statement or transaction that starts TURN_EVERY_MS or more after the event
 * loop last got a turn gives it one first (a turn per statement would make every statement wait behind whatever
 * else is queued; a turn inside a transaction would hold the write lock longer).
 */
const TURN_EVERY_MS = 20;
let lastTurn = performance.now();
const turn = async (): Promise<void> => {
  if (performance.now() - lastTurn < TURN_EVERY_MS) return;
  await new Promise<void>((resolve) => setImmediate(resolve));
  lastTurn = performance.now();
};

/**
 * A transaction on the client's own connection. libSQL's `transaction()` hands the connection to the
 * transaction and opens a new one for whatever comes next, and never closes the one it handed over: each
 * transaction left an open connection (three descriptors and its own page cache) until the garbage collector
 * found it, and a flood of callbacks opened thousands. Prisma's libSQL adapter already runs nothing else on the
 * client while a transaction is open (one mutex per client), so BEGIN … COMMIT on the one connection is exact.
 */
class SameConnectionTransaction implements Transaction {
  #open = true;

  constructor(private readonly client: Client) {}

  get closed(): boolean {
    return !this.#open;
  }

  private check(): void {
    if (!this.#open) throw new LibsqlError("The transaction is closed", "TRANSACTION_CLOSED");
  }

  async execute(stmt: InStatement): Promise<ResultSet> {
    this.check();
    // no turn inside a transaction: it holds the write lock, which another process (npm run worker) waits for
    return this.client.execute(stmt);
  }

  async batch(stmts: InStatement[]): Promise<ResultSet[]> {
    const out: ResultSet[] = [];
    for (const s of stmts) out.push(await this.execute(s));
    return out;
  }

  async executeMultiple(sql: string): Promise<void> {
    this.check();
    await this.client.executeMultiple(sql);
  }

  async commit(): Promise<void> {
    this.check();
    try {
      await this.client.execute("COMMIT");
      this.#open = false;
    } catch (e) {
      await this.rollback(); // a failed COMMIT (busy) leaves the transaction open on the shared connection
      throw e;
    }
  }

  async rollback(): Promise<void> {
    if (!this.#open) return;
    this.#open = false;
    await this.client.execute("ROLLBACK").catch(() => undefined); // SQLite may have rolled back by itself
  }

  close(): void {
    void this.rollback();
  }
}

/** One libSQL connection for the whole process: settings applied once, transactions on it (see above). */
function oneConnection(client: Client): Client {
  let ready: Promise<void> | null = null;
  const settle = () =>
    (ready ??= (async () => {
      for (const p of CONNECTION_PRAGMAS) await client.execute(p);
    })().catch((e: unknown) => {
      ready = null;
      throw e;
    }));
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      if (prop === "execute" || prop === "batch" || prop === "executeMultiple") {
        return async (...args: unknown[]) => {
          await settle();
          await turn();
          return Reflect.apply(value, target, args);
        };
      }
      if (prop === "transaction") {
        // Prisma's adapter asks for "deferred" for every transaction, and most of them write. A deferred one that
        // has read and then writes cannot wait for the lock: in WAL mode SQLite fails it at once with SQLITE_BUSY
        // (SQLITE_BUSY_SNAPSHOT when another process committed since its read), whatever busy_timeout says. So
        // only "read" is deferred; the rest take the write lock at BEGIN IMMEDIATE, where busy_timeout waits.
        return async (mode: TransactionMode = "write") => {
          await settle();
          await turn();
          await target.execute(mode === "read" ? "BEGIN" : "BEGIN IMMEDIATE");
          return new SameConnectionTransaction(target);
        };
      }
      return value.bind(target);
    },
  });
}

class SqliteAdapter extends PrismaLibSQL {
  override createClient(config: Config): Client {
    return oneConnection(createSqliteClient(config));
  }
}

/** Write-ahead logging: readers never wait for the writer. Stored in the file; migrate() sets it once too. */
export async function useWriteAheadLog(url: string): Promise<void> {
  const c = createClient({ url });
  try {
    await c.execute("PRAGMA journal_mode = WAL");
  } finally {
    c.close();
  }
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connections of this process. Default 10. */
  poolSize?: number;
  /** PostgreSQL: opening a connection or waiting for a free one fails after this long. Default DATABASE_CONNECT_TIMEOUT_MS. */
  connectTimeoutMs?: number;
}

export function openDatabase(url: string, opts: OpenDatabaseOptions = {}): Database {
  if (providerOf(url) === "sqlite") {
    const client = new SqlitePrismaClient({ adapter: new SqliteAdapter({ url }) });
    const reader = isInMemoryConfig(expandConfig({ url }, true)) ? null : sqliteReader(url, CONNECTION_PRAGMAS);
    return {
      provider: "sqlite",
      url,
      prisma: client,
      sqlite: client,
      readRows: reader?.read ?? ((q) => client.$queryRaw(q)),
      close: async () => {
        reader?.close();
        await client.$disconnect();
      },
    };
  }
  const client = new PostgresPrismaClient({
    adapter: new PrismaPg({
      connectionString: url,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? DATABASE_CONNECT_TIMEOUT_MS,
    }),
  });
  // Generated from the same models as the SQLite client (see above): the one place the two client types meet.
  const prisma = client as unknown as PortablePrisma;
  return {
    provider: "postgresql",
    url,
    prisma,
    sqlite: null,
    readRows: (q) => client.$queryRaw(q),
    close: () => client.$disconnect(),
  };
}
