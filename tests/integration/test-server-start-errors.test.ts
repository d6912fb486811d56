/**
 * A browser-test server that fails to start says which port it was on and where its log is, and the log file holds
 * what the process printed (a failing CI run is read from that message alone).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { serverOf } from "../e2e/fixtures/kit-servers";
import { freePort } from "../helpers/servers";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function failedStart(
  script: string,
  readyWithinMs: number,
): Promise<{ message: string; port: number; child: ReturnType<typeof spawn> }> {
  const dir = mkdtempSync(join(tmpdir(), "kit-start-error-"));
  dirs.push(dir);
  const port = await freePort();
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "pipe"] });
  const logs: string[] = [];
  try {
    await serverOf(
      child,
      `http://127.0.0.1:${port}`,
      "file:unused.db",
      dir,
      logs,
      readyWithinMs,
      () => child.kill("SIGTERM"),
      () => child.kill("SIGKILL"),
    );
  } catch (e) {
    return { message: (e as Error).message, port, child };
  }
  throw new Error("the server was reported ready");
}

describe("a test server that fails to start", () => {
  it("names its port and its log when the process exits", async () => {
    const { message, port } = await failedStart(
      `console.error("DATABASE_URL is not a database: fix it"); process.exit(3)`,
      10_000,
    );
    expect(message).toContain(`port ${port}`);
    expect(message).toContain("exited (code 3)");
    const logFile = /its log: (\S+)/.exec(message)?.[1];
    expect(logFile && existsSync(logFile)).toBe(true);
    expect(readFileSync(logFile!, "utf8")).toContain("DATABASE_URL is not a database: fix it");
  });

  it("names its port and its log when it never answers, and stops the process", async () => {
    const { message, port, child } = await failedStart(`console.log("starting"); setInterval(() => {}, 1000)`, 1_500);
    expect(message).toContain(`port ${port}`);
    expect(message).toContain("did not answer");
    const logFile = /its log: (\S+)/.exec(message)?.[1];
    expect(readFileSync(logFile!, "utf8")).toContain("starting");
    if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once("exit", r));
    expect(child.signalCode).toBe("SIGKILL");
  });
});
