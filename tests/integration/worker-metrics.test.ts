/**
 * `npm run worker` serves its own metrics (it has no web server): GET /metrics on WORKER_METRICS_PORT, to the
 * operators' bearer token only, the same registry as the web app's /api/ops/metrics, and it stops with the worker.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { freshDatabaseUrl, PROVIDERS } from "../helpers/databases";
import { freePort } from "../helpers/servers";
import { startChild, type Child } from "../helpers/processes";

const TOKEN = "ops-token-for-the-worker-metrics-test-0123456789";

/** A process's niceness, field 19 of /proc/<pid>/stat (after the command name in parentheses). */
const niceOf = (pid: number): number =>
  Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[16]);

describe.each(PROVIDERS)("the worker's metrics on %s", (provider) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  it("answers the token holder only, counts every worker's open jobs, and goes away with the worker", async () => {
    const db = await freshDatabaseUrl(provider);
    cleanup.push(() => db.dispose());
    const worker: Child = await startChild(
      "scripts/worker.ts",
      { DATABASE_URL: db.url, OPS_TOKEN: TOKEN, WORKER_METRICS_PORT: String(await freePort()), JOB_POLL_MS: "50" },
      { ready: /worker metrics at (\S+)\/metrics/, timeoutMs: 120_000 },
    );
    cleanup.push(() => worker.stop());
    // a worker of its own runs below the web process's CPU priority (WORKER_NICE, default 10)
    if (process.platform === "linux") expect(niceOf(worker.pid)).toBe(10);
    const url = `${worker.url}/metrics`;
    expect(new URL(url).hostname).toBe("127.0.0.1"); // not on every interface unless WORKER_METRICS_HOST says so

    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await fetch(`${worker.url}/api/ops/jobs`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(
      404,
    );
    const res = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    // the database-wide gauges are read by this process too, and the process's own figures are there
    for (const name of [
      "kit_jobs_open",
      "kit_sync_lag_seconds",
      "kit_sync_changes",
      "kit_process_resident_memory_bytes",
    ])
      expect(text).toContain(`# TYPE ${name} `);
    expect(text).toMatch(/^kit_sync_changes\{state="parked"\} 0$/m);
    expect(text).not.toContain(TOKEN);

    await worker.stop();
    expect(await worker.exited).toBe(0);
    await expect(fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } })).rejects.toThrow();
  });

  it("refuses to start with WORKER_METRICS_PORT and no OPS_TOKEN, saying what to set", async () => {
    const db = await freshDatabaseUrl(provider);
    cleanup.push(() => db.dispose());
    const worker = await startChild(
      "scripts/worker.ts",
      { DATABASE_URL: db.url, WORKER_METRICS_PORT: String(await freePort()) },
      { ready: "started" },
    );
    cleanup.push(() => worker.stop());
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain("WORKER_METRICS_PORT needs OPS_TOKEN");
  });
});
