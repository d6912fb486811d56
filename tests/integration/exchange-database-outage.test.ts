/**
 * The store answers a token call while PostgreSQL cannot be reached (a restart or failover of a few seconds).
 * The store has spent something by then: it issued the request token, or turned it into the access token (and
 * shows the integration Active). The exchange must write that down once the database is back, not fail the job:
 * a resumed job cannot ask the store again. A real outage: the kit reaches PostgreSQL through a TCP forwarder
 * that the test cuts (every connection dropped, new ones refused) while the store's answer is parked at a
 * counting proxy, then releases the answer and restores the database about 1.5 s later.
 *
 * PostgreSQL only: SQLite is a file in the app's own process, which cannot become unreachable for a moment (a
 * busy writer is waited for by SQLite itself, packages/storage/src/db.ts), so there is no such outage to test on it.
 *
 * Also: what PostgreSQL answers while it starts up or shuts down, as Prisma hands it over, counts as unreachable
 * (the wait above first missed a restart's "the database system is starting up").
 *
 * Last, the final transaction tried again after its COMMIT went through but the answer was lost (the connection
 * broke in between): a window too narrow to hit with a real outage, so the lost answer is made by hand around a
 * real transaction, on both databases.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { createServer, type AddressInfo } from "node:net";
import { openDatabase, databaseUnreachable, createPrismaStorage, type Storage } from "@magento-integration/storage";
import { createLogger } from "@/lib/log";
import { startHarness, type Harness } from "../helpers/handshake-harness";
import { startStoreProxy, type StoreProxy, type TokenEndpoint } from "../helpers/store-proxy";
import { freshDatabaseUrl, PROVIDERS, type TestDatabase } from "../helpers/databases";
import { runExchange } from "@magento-integration/handshake";
import { freePort } from "../helpers/servers";
import { tcpForwarder, type TcpForwarder } from "../helpers/tcp-forwarder";

/** How long the database stays away after the store's answer was released. */
const OUTAGE_AFTER_ANSWER_MS = 1_500;

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A fresh PostgreSQL database reached only through a forwarder the test can cut and restore. */
async function databaseBehindForwarder(): Promise<{ database: TestDatabase; link: TcpForwarder }> {
  const real = await freshDatabaseUrl("postgresql");
  const target = new URL(real.url);
  const port = await freePort();
  const link = tcpForwarder(port, { host: target.hostname, port: Number(target.port) });
  await link.open();
  const url = new URL(real.url);
  url.port = String(port);
  const database = openDatabase(url.toString(), { poolSize: 4 });
  return {
    link,
    database: {
      provider: "postgresql",
      url: url.toString(),
      database,
      storage: createPrismaStorage(database),
      async dispose() {
        await link.open().catch(() => undefined); // already open unless a test failed mid-outage
        await database.close();
        await link.close();
        await real.dispose();
      },
    },
  };
}

/** A PostgreSQL server's first answer to a new connection: an ErrorResponse with this SQLSTATE, then it hangs up. */
async function serverAnswering(sqlstate: string, message: string): Promise<{ url: string; close(): Promise<void> }> {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${sqlstate}\0M${message}\0\0`);
  const head = Buffer.alloc(5);
  head.write("E", 0);
  head.writeInt32BE(fields.length + 4, 1);
  const server = createServer((socket) => {
    socket.on("error", () => undefined).once("data", () => socket.end(Buffer.concat([head, fields])));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { url: `postgresql://kit:pw@127.0.0.1:${port}/kit`, close: () => new Promise((r) => server.close(() => r())) };
}

describe("what PostgreSQL answers while it restarts, through the kit's Prisma client", () => {
  it.each([
    ["57P03", "the database system is starting up", true],
    ["57P01", "terminating connection due to administrator command", true],
    ["28P01", 'password authentication failed for user "kit"', false],
    ["3D000", 'database "kit" does not exist', false],
  ])("%s %s: unreachable %s", async (sqlstate, message, unreachable) => {
    const server = await serverAnswering(sqlstate, message);
    const database = openDatabase(server.url, { poolSize: 1 });
    try {
      const e = await createPrismaStorage(database)
        .activations.byId("x")
        .then(
          () => expect.fail("answered"),
          (err: unknown) => err,
        );
      expect(databaseUnreachable(e)).toBe(unreachable);
    } finally {
      await database.close();
      await server.close();
    }
  });
});

const run = process.env.TEST_POSTGRES_URL ? describe : describe.skip;

run("a token call answered while PostgreSQL cannot be reached", () => {
  let h: Harness;
  let proxy: StoreProxy;
  let link: TcpForwarder;
  const logLines: string[] = [];
  beforeEach(async () => {
    logLines.length = 0;
    const behind = await databaseBehindForwarder();
    link = behind.link;
    const destination = new Writable({
      write: (chunk: Buffer, _enc, done) => (logLines.push(chunk.toString()), done()),
    });
    // The parked call must outlast the outage on a busy machine: no token-call timeout gets in the way. Leases of
    // 20 s (JOB_LEASE_SECONDS): a job that failed during the outage runs again (resumed) before the test settles.
    h = await startHarness({
      database: behind.database,
      kit: { tokenTimeoutMs: 60_000, maxLeaseSeconds: 20, log: createLogger({ level: "warn", destination }) },
    });
    proxy = await startStoreProxy(h.store.storeBaseUrl);
    h.mutate = (form) => {
      form.set("store_base_url", proxy.url);
      return form;
    };
  });
  afterEach(async () => {
    proxy.park("request", false);
    proxy.park("access", false);
    await link.open().catch(() => undefined);
    await h.close();
    await proxy.close();
  });

  const waitLines = () => logLines.filter((l) => l.includes("the database cannot be reached to record"));

  /** Activate, park the store's `held` answer, cut the database, release the answer, restore the database. */
  async function answerDuringOutage(held: TokenEndpoint) {
    const integ = await h.createIntegration(`answered during an outage (${held})`);
    proxy.park(held, true);
    expect((await h.activate(integ.id)).callback?.status).toBe(200);
    await until(`the ${held}-token call`, () => proxy.parked() === 1);
    await link.close();
    proxy.park(held, false);
    // the kit has the store's answer and met the outage: it waits (or, without the wait, its job failed)
    await until(
      "the exchange meeting the outage",
      () => waitLines().length > 0 || logLines.some((l) => /"msg":"job (bookkeeping )?failed"/.test(l)),
    );
    await new Promise((r) => setTimeout(r, OUTAGE_AFTER_ANSWER_MS)); // the outage's length, not a wait for a condition
    await link.open();
    await h.settle();
    return integ;
  }

  /** Active with the store's credentials, a signed call that works, one call of each kind. */
  async function expectActiveOnce(integ: { id: number; consumer_key: string }) {
    const inst = await h.installation(integ.consumer_key);
    const activations = await h.db.activation.findMany();
    expect({ installation: inst.state, activations: activations.map((a) => [a.state, a.failureReason]) }).toEqual({
      installation: "active",
      activations: [["succeeded", null]],
    });
    const view = await h.admin<{ status: string; access_token?: string }>("GET", `/admin/api/integrations/${integ.id}`);
    expect(view.status).toBe("Active");
    expect(h.box.open(inst.accessTokenEnc!)).toBe(view.access_token);
    const client = await h.clientFor(integ.consumer_key);
    expect((await client.request({ method: "GET", path: "/V1/store/storeViews" })).status).toBe(200);
    expect(proxy.requestTokenCalls.get(integ.consumer_key)).toBe(1);
    expect(proxy.accessTokenCalls.get(integ.consumer_key)).toBe(1);
    // one line per wait, naming what is being recorded, with ids and an error code, and nothing secret
    const lines = waitLines().map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      expect(l).toMatchObject({
        activationId: activations[0]!.id,
        code: expect.any(String),
        retryInMs: expect.any(Number),
      });
      expect(JSON.stringify(l)).not.toContain(view.access_token!);
    }
  }

  it("the access token: recorded once the database is back, the installation active", async () => {
    const integ = await answerDuringOutage("access");
    await expectActiveOnce(integ);
    expect(waitLines().some((l) => l.includes("record the access token"))).toBe(true);
  });

  it("the request token: recorded once the database is back, then the access-token step runs", async () => {
    const integ = await answerDuringOutage("request");
    await expectActiveOnce(integ);
    expect(waitLines().some((l) => l.includes("record the request token"))).toBe(true);
  });
});

describe.each(PROVIDERS)("the final write tried again after its commit's answer was lost, on %s", (provider) => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ provider });
  });
  afterEach(async () => {
    await h.close();
  });

  it("is recognised as done: active, one 'activated' event, not reported as superseded", async () => {
    // the store's callback, kept from the app (answered 200, not recorded), then an activation made from it by hand
    h.drop = true;
    const integ = await h.createIntegration("commit answer lost");
    await h.activate(integ.id);
    const cb = new URLSearchParams(h.bodies[0]!);
    const { storage, box } = h;
    const store = await storage.stores.ensure(cb.get("store_base_url")!);
    const secretEnc = box.seal(cb.get("oauth_consumer_secret")!);
    const inst = await storage.installations.create({
      consumerKey: integ.consumer_key,
      storeId: store.id,
      state: "pending",
      mode: "oauth",
      consumerSecretEnc: secretEnc,
      activationCount: 1,
    });
    const activation = await storage.activations.create({
      installationId: inst.id,
      seq: 1,
      fingerprint: "fp",
      storeBaseUrl: store.baseUrl,
      consumerSecretEnc: secretEnc,
      verifierEnc: box.seal(cb.get("oauth_verifier")!),
      callbackAt: new Date(),
    });
    // the first transaction (the final one: a first activation needs no other) commits, then its answer is lost
    let lost = 0;
    const brokenOnce = new Proxy(storage, {
      get: (target, key) =>
        key === "transaction"
          ? async (fn: Parameters<Storage["transaction"]>[0]) => {
              const result = await target.transaction(fn);
              if (lost++ === 0) throw new Error("Connection terminated unexpectedly");
              return result;
            }
          : Reflect.get(target, key),
    });
    const outcome = await runExchange({ ...h.deps, storage: brokenOnce }, activation.id);
    expect(lost).toBe(2);
    expect(outcome).toEqual({ kind: "succeeded", superseded: false });
    expect((await h.installation(integ.consumer_key)).state).toBe("active");
    const events = await h.db.installationEvent.findMany({
      where: { activationId: activation.id },
      select: { kind: true },
    });
    expect(events.map((e) => e.kind).filter((k) => k === "activated" || k === "exchange_superseded")).toEqual([
      "activated",
    ]);
    const client = await h.clientFor(integ.consumer_key);
    expect((await client.request({ method: "GET", path: "/V1/store/storeViews" })).status).toBe(200);
  });
});
