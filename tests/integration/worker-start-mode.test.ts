/**
 * `npm run worker` without NODE_ENV on a database that is not the dev default, with the secrets unset, refuses to
 * start (exit 1, naming what to set) instead of running on the dev-only secrets; and `npm start` in production
 * without TRUST_PROXY says so in one line at start-up. The Procfile's worker states NODE_ENV=production.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(__dirname, "..", "..");
const dir = mkdtempSync(join(tmpdir(), "kit-worker-mode-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a script; its exit code and output, or null as the code when it was still running after `ms`. */
function run(args: string[], env: Record<string, string>, ms = 30_000): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child: ChildProcess = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } as unknown as NodeJS.ProcessEnv, // NODE_ENV unset on purpose
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve({ code: null, out });
    }, ms);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe("start-up mode", () => {
  it("npm run worker without NODE_ENV, secrets unset, a production database: refuses", async () => {
    const r = await run(["scripts/run-ts.mjs", "scripts/worker.ts"], {
      DATABASE_URL: `file:${join(dir, "prod.db")}`,
      APP_URL: "https://app.example.com",
    });
    expect(r.out).not.toContain("worker running");
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/The worker cannot start: .*SESSION_SECRET/s);
  }, 60_000);

  it("npm start in production without TRUST_PROXY warns in one line", async () => {
    const r = await run(["scripts/start.mjs"], {
      DATABASE_URL: `file:${join(dir, "start.db")}`,
      APP_URL: "http://127.0.0.1:9",
      SESSION_SECRET: "k9Vq2mXr7LpT4wYb8NcZ1hJd6FsA3gQe",
      ENCRYPTION_KEY: Buffer.from("0123456789abcdefghijklmnopqrstuv").toString("base64"),
      NEXT_DIST_DIR: join(dir, "no-build"), // it stops at "not built", after the checks
    });
    const lines = r.out.split("\n").filter((l) => l.includes("TRUST_PROXY"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^npm start: TRUST_PROXY is unset: .*set TRUST_PROXY=true/);
    const quiet = await run(["scripts/start.mjs"], {
      DATABASE_URL: `file:${join(dir, "start.db")}`,
      APP_URL: "http://127.0.0.1:9",
      SESSION_SECRET: "k9Vq2mXr7LpT4wYb8NcZ1hJd6FsA3gQe",
      ENCRYPTION_KEY: Buffer.from("0123456789abcdefghijklmnopqrstuv").toString("base64"),
      TRUST_PROXY: "true",
      NEXT_DIST_DIR: join(dir, "no-build"),
    });
    expect(quiet.out).not.toContain("TRUST_PROXY");
  }, 60_000);

  it("the Procfile's worker states NODE_ENV=production", () => {
    const worker = readFileSync(join(ROOT, "Procfile"), "utf8")
      .split("\n")
      .find((l) => l.startsWith("worker:"));
    expect(worker).toMatch(/^worker: NODE_ENV=production npm run worker$/);
  });
});
