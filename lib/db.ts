import { createClient, type Client, type Config } from "@libsql/client";
import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqlitePrismaClient, type Prisma } from "@/lib/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "@/lib/generated/prisma-pg/client";
import { DATABASE_CONNECT_TIMEOUT_MS } from "@/lib/db-reachable";

/**
 * The database DATABASE_URL names: SQLite through the libSQL driver adapter (`file:./data/dev.db`, the default),
 * or PostgreSQL through `@prisma/adapter-pg` (`postgresql://…`). Prisma cannot switch providers at run time, so
 * each has its own generated client, both from the same models (prisma/postgresql/schema.prisma is derived from
 * prisma/schema.prisma, minus the SQLite-only job table). The rest of the kit sees only lib/storage.
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
  /** The SQLite client with its job table (the embedded job queue); null on PostgreSQL (pg-boss has its own). */
  sqlite: SqlitePrisma | null;
  close(): Promise<void>;
}

export class DatabaseUrlError extends Error {
  override readonly name = "DatabaseUrlError";
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
 * file). libSQL opens a new connection after every transaction, so the settings are applied to each.
 */
const CONNECTION_PRAGMAS = ["PRAGMA synchronous = NORMAL", "PRAGMA busy_timeout = 10000"];

function withConnectionSettings(client: Client): Client {
  let fresh = true;
  const ready = async () => {
    if (!fresh) return;
    fresh = false;
    for (const p of CONNECTION_PRAGMAS) await client.execute(p);
  };
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      if (prop === "execute" || prop === "batch" || prop === "executeMultiple") {
        return async (...args: unknown[]) => {
          await ready();
          return Reflect.apply(value, target, args);
        };
      }
      if (prop === "transaction") {
        return async (...args: unknown[]) => {
          await ready(); // the transaction takes this connection…
          fresh = true; // …and the client opens a new one for what comes next
          return Reflect.apply(value, target, args);
        };
      }
      return value.bind(target);
    },
  });
}

class SqliteAdapter extends PrismaLibSQL {
  override createClient(config: Config): Client {
    return withConnectionSettings(createClient(config));
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
    return { provider: "sqlite", url, prisma: client, sqlite: client, close: () => client.$disconnect() };
  }
  const client = new PostgresPrismaClient({ adapter: new PrismaPg({
    connectionString: url,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? DATABASE_CONNECT_TIMEOUT_MS,
  }) });
  // Generated from the same models as the SQLite client (see above): the one place the two client types meet.
  const prisma = client as unknown as PortablePrisma;
  return { provider: "postgresql", url, prisma, sqlite: null, close: () => client.$disconnect() };
}
