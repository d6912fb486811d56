/**
 * A database that cannot be reached when a worker starts (a deploy that starts the app and PostgreSQL together,
 * a PostgreSQL restart): the worker waits and starts once the database answers, instead of exiting (a crash loop
 * under a supervisor) or, inside the web process, never starting at all. The database sits behind a TCP
 * forwarder that refuses connections until the test opens it. What is not a connection problem is not waited for.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createServer, type AddressInfo, type Socket } from "node:net";
import pg from "pg";
import { databaseUnreachable, whenDatabaseReachable, openDatabase } from "@magento-integration/storage";
import { createPostgresJobQueue } from "@magento-integration/storage/jobs";
import { parseEnv } from "@/lib/env";
import { kitFromEnv } from "@/lib/kit-from-env";
import { DATABASE_AWAY } from "@/lib/verbs/handshake";
import { freshDatabaseUrl } from "../helpers/databases";
import { closeServer, freePort } from "../helpers/servers";
import { tcpForwarder } from "../helpers/tcp-forwarder";
import { startChild, type Child } from "../helpers/processes";

async function until(what: string, f: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  for (const deadline = Date.now() + ms; !(await f());) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("what counts as an unreachable database", () => {
  it("a refused connection, a dropped one, a server starting up: yes; a refusal by the server: no", async () => {
    const refused = await new pg.Client({ connectionString: `postgresql://u@127.0.0.1:${await freePort()}/db` })
      .connect()
      .catch((e: unknown) => e);
    expect(databaseUnreachable(refused)).toBe(true);
    expect(databaseUnreachable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(databaseUnreachable(new Error("timeout exceeded when trying to connect"))).toBe(true); // no free pool connection in time
    expect(databaseUnreachable(Object.assign(new Error("the database system is starting up"), { code: "57P03" }))).toBe(
      true,
    );
    expect(
      databaseUnreachable(
        new Error("migration x failed", { cause: Object.assign(new Error("x"), { code: "ECONNRESET" }) }),
      ),
    ).toBe(true);
    expect(databaseUnreachable(Object.assign(new Error('database "nope" does not exist'), { code: "3D000" }))).toBe(
      false,
    );
    expect(databaseUnreachable(Object.assign(new Error("password authentication failed"), { code: "28P01" }))).toBe(
      false,
    );
    expect(databaseUnreachable(new Error("syntax error"))).toBe(false);
  });

  it("waits while unreachable, gives up at once otherwise", async () => {
    let calls = 0;
    const waits: number[] = [];
    const unreachable = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const v = await whenDatabaseReachable(async () => (++calls < 3 ? Promise.reject(unreachable) : "ok"), {
      onWait: (_e, ms) => waits.push(ms),
      firstDelayMs: 5,
      maxDelayMs: 8,
    });
    expect(v).toBe("ok");
    expect(waits).toEqual([5, 8]);
    const denied = Object.assign(new Error("denied"), { code: "28P01" });
    await expect(
      whenDatabaseReachable(() => Promise.reject(denied), { onWait: () => expect.fail("waited") }),
    ).rejects.toBe(denied);
  });
});

/** A well-formed activation callback: only the database stands between it and a 200. */
function validCallback(): URLSearchParams {
  return new URLSearchParams({
    oauth_consumer_key: "a".repeat(32),
    oauth_consumer_secret: "b".repeat(32),
    oauth_verifier: "c".repeat(32),
    store_base_url: "http://127.0.0.1:9/",
  });
}

describe("an activation callback while the database cannot be reached", () => {
  it("is answered 503 with what to do (not a bare 500), and nothing is recorded", async () => {
    const url = `postgresql://kit@127.0.0.1:${await freePort()}/kit`;
    const kit = kitFromEnv(parseEnv({ NODE_ENV: "test", DATABASE_URL: url }), {
      db: openDatabase(url, { poolSize: 1 }),
    });
    try {
      const answer = await kit.handshake.receiveCallback(validCallback());
      expect(answer).toMatchObject({ status: 503, message: DATABASE_AWAY, retryAfterSeconds: 30 });
      // a malformed callback is still told what is wrong with it
      expect((await kit.handshake.receiveCallback(new URLSearchParams({ oauth_consumer_key: "x" }))).status).toBe(400);
    } finally {
      await kit.close(1_000);
    }
  });
});

/** A port on 127.0.0.1 that accepts connections and never answers: a half-open connection, a stuck proxy. */
async function silentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((s) => (sockets.add(s), s.on("error", () => undefined)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `postgresql://kit@127.0.0.1:${port}/kit`,
    close: () => (sockets.forEach((s) => s.destroy()), closeServer(server)),
  };
}

/** The settled outcome of `p`, or "still waiting" after `ms` (node-postgres alone would wait forever). */
function settledWithin<T>(p: Promise<T>, ms: number): Promise<{ value: T } | { error: unknown } | "still waiting"> {
  return Promise.race([
    p.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    new Promise<"still waiting">((r) => setTimeout(() => r("still waiting"), ms)),
  ]);
}

describe("a database that accepts the connection and never answers", () => {
  it("an activation callback is answered 503 once the connect timeout passes, not left hanging", async () => {
    const silent = await silentServer();
    const kit = kitFromEnv(parseEnv({ NODE_ENV: "test", DATABASE_URL: silent.url }), {
      db: openDatabase(silent.url, { poolSize: 1, connectTimeoutMs: 300 }),
    });
    try {
      const answer = await settledWithin(kit.handshake.receiveCallback(validCallback()), 15_000);
      expect(answer).toMatchObject({ value: { status: 503, message: DATABASE_AWAY } });
    } finally {
      await kit.close(1_000);
      await silent.close();
    }
  });

  it("the PostgreSQL job queue fails as unreachable (so the worker waits and tries again), not left hanging", async () => {
    const silent = await silentServer();
    const queue = createPostgresJobQueue(silent.url, { poolSize: 1, connectTimeoutMs: 300 });
    try {
      const outcome = await settledWithin(queue.start(), 15_000);
      expect(outcome).toHaveProperty("error");
      expect(databaseUnreachable((outcome as { error: unknown }).error)).toBe(true);
    } finally {
      await queue.stop().catch(() => undefined);
      await silent.close();
    }
  });
});

const run = process.env.TEST_POSTGRES_URL ? describe : describe.skip;

run("a worker started while PostgreSQL cannot be reached", () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanup.reverse()) await c();
    cleanup.length = 0;
  });

  async function unreachableDatabase() {
    const db = await freshDatabaseUrl("postgresql");
    cleanup.push(db.dispose);
    const real = new URL(db.url);
    const port = await freePort();
    const fwd = tcpForwarder(port, { host: real.hostname, port: Number(real.port) });
    cleanup.push(() => fwd.close());
    const url = new URL(db.url);
    url.port = String(port);
    return { url: url.toString(), realUrl: db.url, open: fwd.open };
  }

  async function jobsDone(url: string, kind: string): Promise<boolean> {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return ((await c.query(`SELECT 1 FROM "Job" WHERE kind = $1 AND state = 'completed'`, [kind])).rowCount ?? 0) > 0;
    } finally {
      await c.end();
    }
  }

  it("npm run worker waits for the database, then runs jobs (no exit, no crash loop)", async () => {
    const db = await unreachableDatabase();
    const worker: Child = await startChild(
      "scripts/worker.ts",
      { DATABASE_URL: db.url, JOB_POLL_MS: "50" },
      { ready: /waiting for the database/ },
    );
    cleanup.push(() => worker.stop());
    await new Promise((r) => setTimeout(r, 1_500)); // a supervisor would have restarted an exited worker by now
    expect(worker.output()).not.toMatch(/worker running/);
    await db.open();
    await until("the worker running", () => /worker running/.test(worker.output()));
    await until("a job done", () => jobsDone(db.realUrl, "maintenance.exchanges"));
    expect(await Promise.race([worker.exited, new Promise((r) => setTimeout(() => r("alive"), 100))])).toBe("alive");
  });

  it("a worker in the app's own process starts once the database answers", async () => {
    const db = await unreachableDatabase();
    const database = openDatabase(db.url, { poolSize: 2 });
    const kit = kitFromEnv(parseEnv({ NODE_ENV: "test", DATABASE_URL: db.url }), { db: database });
    cleanup.push(() => kit.close(2_000));
    const waits: string[] = [];
    const started = kit.jobs.startWorkerWhenReady(
      { concurrency: 2, laneCap: 2, pollMs: 50, healthProbeEveryMs: 3_600_000 },
      { onWait: (e) => waits.push(e.message) },
    );
    await until("a failed attempt", () => waits.length > 0);
    await db.open();
    expect(await started).not.toBeNull();
    await until("a job done", () => jobsDone(db.realUrl, "maintenance.exchanges"));
  });
});
