/**
 * The production server's graceful stop (scripts/web.mjs, scripts/lib/http-drain.mjs; docs/operations.md,
 * "Graceful stop"), run as `npm start` runs it (scripts/start.mjs, the standalone output), 20 times: a burst of
 * callbacks and health checks, each on a fresh connection as Magento's curl posts it, with SIGTERM in the middle
 * (two servers at a time, each on its own database).
 * Every request either gets its full answer or is refused (ECONNREFUSED, which a load balancer retries elsewhere):
 * none is reset. An idle keep-alive connection is closed, a keep-alive connection with a request in flight (its
 * body still arriving after new connections are already refused) gets its answer with `Connection: close`, and the
 * process exits 0.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { Agent, request, type ClientRequest } from "node:http";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabaseUrl } from "../helpers/databases";
import { freePort } from "../helpers/servers";

const ROOT = join(__dirname, "..", "..");
const CYCLES = 20;
const BURST = 60;
const GRACE_SECONDS = 10;

type Outcome = { status: number; connection: string | undefined } | { error: string };

/**
 * One request (sent whole, unless `hold`: then the caller writes the body); its outcome once the answer's last byte
 * arrived, or the client's error code.
 */
function send(
  url: string,
  opts: { body?: string; agent?: Agent | false; hold?: boolean } = {},
): { req: ClientRequest; done: Promise<Outcome> } {
  let req!: ClientRequest;
  const done = new Promise<Outcome>((resolve) => {
    const body = opts.body;
    req = request(
      url,
      {
        method: body === undefined ? "GET" : "POST",
        agent: opts.agent ?? false,
        headers:
          body === undefined
            ? {}
            : { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        res.on("error", (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
      },
    );
    req.on("error", (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    if (!opts.hold) req.end(body);
  });
  return { req, done };
}

const callbackBody = (i: number) =>
  new URLSearchParams({
    oauth_consumer_key: `k${i}`.padEnd(32, "0"),
    oauth_consumer_secret: "s".repeat(32),
    store_base_url: "http://store.invalid/",
    oauth_verifier: "v".repeat(32),
  }).toString();

/** The standalone output of this checkout, with the web entry's current graceful stop copied in. */
function ensureBuilt(): void {
  const id = (f: string) => (existsSync(f) ? readFileSync(f, "utf8").trim() : null);
  const ops = join(ROOT, ".next", "standalone", "ops");
  const built = id(join(ROOT, ".next", "BUILD_ID"));
  if (!built || id(join(ops, "BUILD_ID")) !== built) {
    execFileSync("npm", ["run", "build"], {
      cwd: ROOT,
      stdio: "ignore",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    return;
  }
  const copies = [
    ["scripts/web.mjs", "web.mjs"],
    ["scripts/lib/http-drain.mjs", "lib/http-drain.mjs"],
    ["scripts/lib/listen-queue.mjs", "lib/listen-queue.mjs"],
  ];
  const stale = copies.some(([from, to]) => id(join(ROOT, from!)) !== id(join(ops, to!)));
  if (stale) execFileSync(process.execPath, ["scripts/build-standalone.mjs"], { cwd: ROOT, stdio: "ignore" });
}

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function startServer(databaseUrl: string): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      APP_URL: url,
      PORT: String(port),
      HOST: "127.0.0.1",
      SESSION_SECRET: randomBytes(32).toString("base64"),
      ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      TRUST_PROXY: "false",
      WORKER: "off",
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) {
      child.kill("SIGTERM"); // npm start passes it on to the server it runs (a SIGKILL would orphan that)
      throw new Error(`npm start did not answer within 30 s:\n${out}`);
    }
    const r = await send(`${url}/api/health/live`).done;
    if ("status" in r && r.status === 200) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await send(`${url}/api/integration/callback`, { body: callbackBody(-1) }).done; // its route loaded once
  return { child, url, output: () => out, exited };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("graceful stop of the production server", () => {
  let db: { url: string; dispose(): Promise<void> };
  let db2: { url: string; dispose(): Promise<void> };
  beforeAll(async () => {
    ensureBuilt();
    db = await freshDatabaseUrl("sqlite");
    db2 = await freshDatabaseUrl("sqlite");
  }, 300_000);
  afterAll(async () => {
    await db?.dispose();
    await db2?.dispose();
  });

  it(`SIGTERM during a burst on fresh connections, ${CYCLES} times: no reset, keep-alive drained, exit 0`, async () => {
    const tally: Record<string, number> = {};
    // two lanes side by side, each with its own database and its servers one after the other: a cycle mostly waits
    // on a server starting and draining, and the burst of one lane is the other lane's neighbour load
    const lane = async (laneDb: { url: string }, cycles: number[]) => {
      for (const cycle of cycles) {
        const t0 = Date.now();
        const server = await startServer(laneDb.url);
        const t1 = Date.now();
        try {
          // a keep-alive connection that will be idle at the stop, and one that will have a request in flight
          const idleAgent = new Agent({ keepAlive: true, maxSockets: 1 });
          const busyAgent = new Agent({ keepAlive: true, maxSockets: 1 });
          const idle = send(`${server.url}/api/health/live`, { agent: idleAgent });
          const idleClosed = new Promise<boolean>((resolve) =>
            idle.req.on("socket", (s) => s.once("close", (hadError) => resolve(!hadError))),
          );
          expect(await idle.done).toMatchObject({ status: 200 });
          expect(await send(`${server.url}/api/health/live`, { agent: busyAgent }).done).toMatchObject({ status: 200 });
          const slowBody = callbackBody(-2);
          const slow = send(`${server.url}/api/integration/callback`, { body: slowBody, agent: busyAgent, hold: true });
          slow.req.write(slowBody.slice(0, 20)); // headers and part of the body: the request is in flight

          const burst: Promise<Outcome>[] = [];
          for (let i = 0; i < BURST; i++) {
            if (i === BURST / 2) server.child.kill("SIGTERM");
            const path = i % 2 ? "/api/health/live" : "/api/integration/callback";
            burst.push(send(`${server.url}${path}`, i % 2 ? {} : { body: callbackBody(i) }).done);
            await sleep(1);
          }
          // keep connecting until one is refused: the listener is closed while the slow request is still open
          let refused = false;
          for (let i = 0; !refused && i < 3000; i++) {
            const r = await send(`${server.url}/api/health/live`).done;
            burst.push(Promise.resolve(r));
            refused = "error" in r && r.error === "ECONNREFUSED";
            if (!refused) await sleep(5);
          }
          expect(refused).toBe(true);
          expect(await idleClosed).toBe(true); // the idle keep-alive connection, closed by the server without error
          slow.req.end(slowBody.slice(20));
          const slowAnswer = await slow.done;

          const outcomes = await Promise.all(burst);
          for (const o of outcomes) {
            const k = "status" in o ? "answered" : o.error;
            tally[k] = (tally[k] ?? 0) + 1;
          }
          const resets = outcomes.flatMap((o, i) =>
            "error" in o && o.error !== "ECONNREFUSED" ? [`#${i} ${o.error}`] : [],
          );
          expect(resets, `cycle ${cycle}, request ${BURST / 2} sent after SIGTERM:\n${server.output()}`).toEqual([]);
          // the keep-alive request in flight: answered in full, and told the connection closes
          expect(slowAnswer).toMatchObject({ connection: "close" });
          expect("status" in slowAnswer && slowAnswer.status >= 200).toBe(true);
          expect(await server.exited).toBe(0);
          expect(server.output()).toContain("web: stopped");
          console.log(`cycle ${cycle}: start ${t1 - t0} ms, stop ${Date.now() - t1} ms`);
          idleAgent.destroy();
          busyAgent.destroy();
        } finally {
          if (server.child.exitCode === null) server.child.kill("SIGTERM"); // passed on to the server; it exits in the grace
        }
      }
    };
    const cycles = Array.from({ length: CYCLES }, (_, i) => i);
    await Promise.all([
      lane(
        db,
        cycles.filter((c) => c % 2 === 0),
      ),
      lane(
        db2,
        cycles.filter((c) => c % 2 === 1),
      ),
    ]);
    console.log(`graceful stop, ${CYCLES} cycles: ${JSON.stringify(tally)}`);
    expect(tally.answered).toBeGreaterThan(0);
    expect(tally.ECONNREFUSED).toBeGreaterThanOrEqual(CYCLES);
  }, 600_000);
});
