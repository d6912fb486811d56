/**
 * A deploy, as the image runs it (Dockerfile, compose.yaml), outside a container: `npm run build`'s standalone
 * output; `release` twice at once against a fresh PostgreSQL (one applies the migrations, the other finds them
 * applied; both exit 0); two `web` and one `worker` started with the image's command lines; an activation with the
 * dev store; the metrics endpoint scraped and parsed as Prometheus text; then SIGTERM to one web instance during a
 * burst of 100 activation callbacks: every callback is answered 200 by one instance or the other (posted again to
 * the other only when the first refused the connection, as a load balancer does), every installation ends
 * active, and both web processes exit 0 (the worker too, on its own SIGTERM).
 */
import { test, expect } from "@playwright/test";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { startDevStore, type DevStore } from "../../packages/devstore/src/server";
import { freePort } from "../helpers/servers";
import { WORKER_NODE_FLAGS } from "@magento-integration/storage/jobs";
import { ensureStandalone, freshPostgres, parsePrometheus, runEntry, type Proc } from "./fixtures/standalone";

const BURST = 100;

/** One POST on a connection of its own (as Magento's curl posts the callback). */
function post(url: string, body: string): Promise<{ status: number } | { error: string }> {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: "POST",
        agent: false,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.on("error", (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    req.end(body);
  });
}

test("deploy: release twice at once, two web and a worker from the standalone output, metrics, SIGTERM during a callback burst", async () => {
  test.setTimeout(900_000);
  ensureStandalone();
  const db = await freshPostgres();
  const store: DevStore = await startDevStore({ port: 0, host: "127.0.0.1" });
  const bodies: string[] = [];
  const capture: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      bodies.push(body);
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => capture.listen(0, "127.0.0.1", r));
  const procs: Proc[] = [];
  const sql = new pg.Client({ connectionString: db.url });
  try {
    const [portA, portB] = [await freePort(), await freePort()];
    const opsToken = randomBytes(32).toString("base64");
    const env = {
      NODE_ENV: "production",
      DATABASE_URL: db.url,
      APP_URL: `http://127.0.0.1:${portA}`,
      SESSION_SECRET: randomBytes(32).toString("base64"),
      ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      OPS_TOKEN: opsToken,
      ALLOW_PRIVATE_STORE_URLS: "true", // the dev store is on 127.0.0.1
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
    };

    // release, twice at once: one applies, one waits and finds nothing to do; both exit 0
    const releases = [runEntry("release-1", "ops/release.mjs", env), runEntry("release-2", "ops/release.mjs", env)];
    expect(await Promise.all(releases.map((r) => r.exited))).toEqual([0, 0]);
    const said = releases.map((r) => r.output());
    expect(said.filter((o) => /PostgreSQL: \d+ migration\(s\) applied/.test(o))).toHaveLength(1);
    expect(said.filter((o) => o.includes("PostgreSQL: already up to date."))).toHaveLength(1);

    const web = (name: string, port: number) =>
      runEntry(name, "ops/web.mjs", {
        ...env,
        PORT: String(port),
        HOSTNAME: "127.0.0.1",
        WORKER: "off",
        SHUTDOWN_DELAY_SECONDS: "1",
      });
    const a = web("web-a", portA);
    const b = web("web-b", portB);
    const worker = runEntry("worker", "ops/worker.mjs", env, WORKER_NODE_FLAGS); // as compose.yaml starts it
    procs.push(a, b, worker);
    await Promise.all([a.waitFor(/Ready in/), b.waitFor(/Ready in/), worker.waitFor(/worker running/)]);
    // started with its documented flags, the worker caps its young generation (no fallback, no warning)
    expect(worker.output()).not.toContain("started without");
    const [urlA, urlB] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
    await expect.poll(async () => (await fetch(`${urlB}/api/health/ready`)).status, { timeout: 30_000 }).toBe(200);
    expect(await (await fetch(`${urlB}/api/health/ready`)).json()).toMatchObject({
      ready: true,
      database: "ok",
      migrations: "current",
      worker: "alive",
    });

    const scrape = async (url: string) => {
      const r = await fetch(`${url}/api/ops/metrics`, { headers: { Authorization: `Bearer ${opsToken}` } });
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toContain("text/plain");
      return parsePrometheus(await r.text());
    };
    expect((await fetch(`${urlA}/api/ops/metrics`)).status).toBe(401);
    const before = await scrape(urlA);

    // one activation through web A: the dev store posts the callback, the worker exchanges the tokens
    await sql.connect();
    const admin = async <T>(path: string, body: unknown): Promise<T> => {
      const r = await fetch(`${store.url}/admin/api${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      return (await r.json()) as T;
    };
    const first = await admin<{ id: number }>("/integrations", {
      name: "Deploy",
      endpoint: `${urlA}/api/integration/callback`,
      identityLinkUrl: `${urlA}/integration/identity`,
      resources: "all",
    });
    await admin(`/integrations/${first.id}/activate`, {});
    const activeCount = async () =>
      Number((await sql.query(`SELECT count(*) AS n FROM "Installation" WHERE state = 'active'`)).rows[0].n);
    await expect.poll(activeCount, { timeout: 60_000 }).toBe(1);
    const after = await scrape(urlA);
    const accepted = 'kit_callbacks_total{outcome="accepted"}';
    expect(after.get(accepted) ?? 0).toBe((before.get(accepted) ?? 0) + 1);
    expect(after.get('kit_store_lanes_paused{circuit="open"}')).toBe(0);
    expect([...after.keys()].some((k) => k.startsWith("kit_process_"))).toBe(true);

    // 100 genuine callbacks (activations whose posts were captured), then the burst across A and B
    const captureUrl = `http://127.0.0.1:${(capture.address() as AddressInfo).port}/cb`;
    for (let i = 0; i < BURST; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, BURST - i) }, (_, j) =>
          admin<{ id: number }>("/integrations", {
            name: `Burst ${i + j}`,
            endpoint: captureUrl,
            identityLinkUrl: `${urlA}/integration/identity`,
            resources: "all",
          }),
        ),
      );
      await Promise.all(batch.map((x) => admin(`/integrations/${x.id}/activate`, {})));
    }
    expect(bodies).toHaveLength(BURST);
    let answeredByA = 0;
    let sigtermSent = false;
    const results = await Promise.all(
      bodies.map(async (body, i) => {
        const first = i % 2 === 0 ? urlA : urlB;
        const r = await post(`${first}/api/integration/callback`, body);
        if (first === urlA && "status" in r && ++answeredByA === 10 && !sigtermSent) {
          sigtermSent = true;
          a.signal("SIGTERM"); // a deploy replaces instance A in the middle of the burst
        }
        if ("error" in r && first === urlA)
          return { first: r, final: await post(`${urlB}/api/integration/callback`, body) };
        return { first: r, final: r };
      }),
    );
    // anything posted after A stopped accepting was refused before it was read, never dropped half-way
    for (const r of results) if ("error" in r.first) expect(r.first.error).toBe("ECONNREFUSED");
    expect(results.map((r) => ("status" in r.final ? r.final.status : r.final.error))).toEqual(Array(BURST).fill(200));
    expect(sigtermSent).toBe(true);
    expect(await a.exited).toBe(0);
    expect(a.output()).toContain("web: stopped");

    await expect.poll(activeCount, { timeout: 180_000, intervals: [500] }).toBe(BURST + 1);
    const states = (await sql.query(`SELECT state, count(*)::int AS n FROM "Installation" GROUP BY state`)).rows;
    expect(states).toEqual([{ state: "active", n: BURST + 1 }]);

    b.signal("SIGTERM");
    worker.signal("SIGTERM");
    expect(await b.exited).toBe(0);
    expect(await worker.exited).toBe(0);
  } finally {
    for (const p of procs) p.signal("SIGKILL");
    await sql.end().catch(() => undefined);
    await new Promise<void>((r) => capture.close(() => r()));
    await store.close();
    await db.dispose();
  }
});
