/**
 * A database that cannot be reached yet: a deploy that starts the app and PostgreSQL together, a PostgreSQL
 * restart or failover. A process that starts then waits and tries again, instead of exiting (a crash loop under a
 * supervisor, which gives up after a few) or serving without its job worker. A wrong host name, password or
 * database name is not waited for: it fails at once with the database's own message.
 */

/**
 * How long opening a PostgreSQL connection, or waiting for a free one in a pool, may take before it fails as
 * unreachable. node-postgres waits without limit by default: a server that accepts the connection and never
 * answers (a half-open connection after a failover, a stuck proxy) held every request and job forever.
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 10_000;

/** Node socket errors, PostgreSQL SQLSTATEs and Prisma's codes for the same, that pass once the server is up again. */
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up, shutting down, in recovery
  "53300", // too_many_connections
  "08000", // connection_exception
  "08001", // sqlclient_unable_to_establish_sqlconnection
  "08003", // connection_does_not_exist
  "08006", // connection_failure
  "P1001", // Prisma: can't reach the database server
  "P1002", // Prisma: the server timed out
  "P1017", // Prisma: the server closed the connection
]);

/** Prisma's driver adapters' kinds of error (DriverAdapterError's `cause`) for the same. */
const UNREACHABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

/**
 * Prisma's driver adapter (`@prisma/adapter-pg`) throws a DriverAdapterError whose `cause` is a plain object:
 * `{ kind, code, originalCode }`, PostgreSQL's SQLSTATE in `code` (57P03 "the database system is starting up").
 */
function adapterSaysUnreachable(cause: unknown): boolean {
  if (cause === null || typeof cause !== "object" || cause instanceof Error) return false;
  const { kind, code, originalCode } = cause as { kind?: unknown; code?: unknown; originalCode?: unknown };
  return (
    (typeof kind === "string" && UNREACHABLE_KINDS.has(kind)) ||
    [code, originalCode].some((c) => typeof c === "string" && UNREACHABLE.has(c))
  );
}

/** `e` and the errors of its cause chain (at most 8). */
function* causeChain(e: unknown): Generator<Error> {
  for (let c: unknown = e, depth = 0; c instanceof Error && depth < 8; c = c.cause, depth++) yield c;
}

/**
 * node-postgres reports a dropped connection, a connection that took longer than DATABASE_CONNECT_TIMEOUT_MS, and
 * a pool with no free connection in that time, with these messages and no code.
 */
const CONNECTION_TERMINATED =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect)$/;

/** True when `e` (or an error in its cause chain) says the database could not be reached, not that it refused us. */
export function databaseUnreachable(e: unknown): boolean {
  for (const c of causeChain(e)) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === "string" && UNREACHABLE.has(code)) return true;
    if (adapterSaysUnreachable(c.cause)) return true;
    if (c instanceof AggregateError && c.errors.some(databaseUnreachable)) return true; // one per address tried
    if (CONNECTION_TERMINATED.test(c.message)) return true;
  }
  return false;
}

/**
 * What a log may say of a database error: the first code in its cause chain (ECONNREFUSED, 57P01, P1001…), never
 * a message, which might quote a query.
 */
export function databaseErrorCode(e: Error): string {
  for (const c of causeChain(e)) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return CONNECTION_TERMINATED.test(e.message) ? "connection terminated" : e.name;
}

export interface WaitOptions {
  /** Told before each wait: why, and how long until the next try. */
  onWait(error: Error, retryInMs: number): void;
  /** Default 1 s, doubling up to `maxDelayMs` (default 30 s). */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Stops waiting (the process is shutting down): the last error is thrown. */
  signal?: AbortSignal;
}

/** Runs `step` until it succeeds, waiting while the database is unreachable; any other failure is thrown at once. */
export async function whenDatabaseReachable<T>(step: () => Promise<T>, o: WaitOptions): Promise<T> {
  for (let delay = o.firstDelayMs ?? 1_000; ; delay = Math.min(delay * 2, o.maxDelayMs ?? 30_000)) {
    try {
      return await step();
    } catch (e) {
      if (!databaseUnreachable(e) || o.signal?.aborted) throw e;
      o.onWait(e as Error, delay);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, delay);
        o.signal?.addEventListener("abort", () => (clearTimeout(t), resolve()), { once: true });
      });
    }
  }
}
