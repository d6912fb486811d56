/**
 * `npm run dev` (scripts/dev.mjs) when the dev store cannot start (its state file is corrupt): it stops with the
 * dev store's message and exit code, and takes the app's dev server down with it, so nothing is left holding the
 * ports for the next `npm run dev`.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { freePort } from "../helpers/servers";

const dir = mkdtempSync(path.join(tmpdir(), "dev-command-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Processes whose command line contains `text`. */
function processesWith(text: string): string[] {
  return execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.includes(text));
}

it("a corrupt dev store state file stops npm run dev (exit 2, the message) and leaves no next dev running", async () => {
  const file = path.join(dir, "devstore-state.json");
  writeFileSync(file, '{"version": 1, "tables": ');
  const [port, devstorePort] = [await freePort(), await freePort()];
  // Its own process group: whatever it leaves behind is killed at the end, even if the test fails.
  const child = spawn(process.execPath, ["scripts/dev.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      DEVSTORE_PORT: String(devstorePort),
      DEVSTORE_STATE: file,
      DATABASE_URL: `file:${path.join(dir, "dev.db")}`,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  try {
    const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
    expect(code, output).toBe(2);
    expect(output).toContain(`Dev store state file ${file} is not valid JSON`);
    expect(output).toContain(`rm ${file}`);
    const nextDev = `next dev -H 127.0.0.1 -p ${port}`;
    const deadline = Date.now() + 20_000;
    while (processesWith(nextDev).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(processesWith(nextDev), "next dev outlived npm run dev").toEqual([]);
  } finally {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // the group is gone: nothing was left
    }
  }
});
