/**
 * Benchmark plumbing: the built app (`next start`, production) on a free 127.0.0.1 port against a given database,
 * a throwaway PostgreSQL when the bench needs one, fresh databases, and percentiles. Every process started here
 * is stopped by pid.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { startThrowawayPostgres } from "../../scripts/lib/throwaway-postgres.mjs";
import { freePort } from "../../tests/helpers/servers";

export const ROOT = join(__dirname, "..", "..");
export const DIST = process.env.NEXT_DIST_DIR || ".next";

export function hasBuild(): boolean {
  return existsSync(join(ROOT, DIST, "BUILD_ID"));
}

export const pct = (xs: readonly number[], p: number): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(s.length * p) - 1))]!;
};

export const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

export interface BenchDatabase {
  provider: "sqlite" | "postgresql";
  url: string;
  dispose(): Promise<void>;
}

let server: { url: string; stop(): void } | null = null;

/** A PostgreSQL server: TEST_POSTGRES_URL when set, else a throwaway one (stopped at exit). */
async function postgresServer(): Promise<string> {
  if (process.env.TEST_POSTGRES_URL) return process.env.TEST_POSTGRES_URL;
  if (!server) {
    const s = await startThrowawayPostgres();
    server = { url: s.url, stop: s.stop };
    process.once("exit", () => server?.stop());
  }
  return server.url;
}

export function stopPostgres(): void {
  server?.stop();
  server = null;
}

/** A fresh, migrated database of that provider. */
export async function benchDatabase(provider: "sqlite" | "postgresql"): Promise<BenchDatabase> {
  if (provider === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "kit-bench-"));
    const url = `file:${join(dir, "bench.db")}`;
    execFileSync(process.execPath, [join(ROOT, "scripts", "setup.mjs"), "--migrate-only"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      stdio: ["ignore", "ignore", "inherit"],
    });
    return { provider, url, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = await postgresServer();
  const name = `kit_bench_${process.pid}_${Date.now()}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE "${name}"`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  const url = u.toString();
  execFileSync(process.execPath, ["--import", "tsx", join(ROOT, "scripts", "migrate.ts")], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return {
    provider,
    url,
    async dispose() {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await d.end();
    },
  };
}

/** Secrets shared by the app processes of one run (a worker must open what the web instance sealed). */
export function benchSecrets(): Record<string, string> {
  return {
    SESSION_SECRET: randomBytes(32).toString("base64"),
    ENCRYPTION_KEY: `bench:${randomBytes(32).toString("base64")}`,
  };
}

export interface AppProcess {
  url: string;
  pid: number;
  kill9(): void;
  stop(): Promise<void>;
  log(): string;
}

/**
 * `next start` (the production build) on a free port; extra env e.g. WORKER=off; `nodeArgs` go to the app's node
 * process (e.g. `--cpu-prof`).
 */
export async function startApp(
  databaseUrl: string,
  extra: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<AppProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const nextBin = join(ROOT, "node_modules", "next", "dist", "bin", "next");
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, nextBin, "start", "-H", "127.0.0.1", "-p", String(port)],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        NEXT_DIST_DIR: DIST,
        APP_URL: url,
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        ...benchSecrets(),
        ALLOW_PRIVATE_STORE_URLS: "true",
        LOG_LEVEL: "warn",
        ...extra,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited (${child.exitCode}):\n${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`next start did not answer:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    kill9: () => child.kill("SIGKILL"),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 8_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
    log: () => out,
  };
}
