/**
 * Scripts run compiled (scripts/run-ts.mjs bundles a script with what it imports): a script module that is only
 * imported must not run its own command line. Before, `npm run worker` and `npm run db:migrate` also ran
 * `scripts/setup.mjs`'s (client generation and a second migration of DATABASE_URL at the same moment as their own:
 * on a fresh PostgreSQL database the two collided and the process exited with "setup: duplicate key value…").
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "..", "..", "..");

describe("compiled scripts", () => {
  it("run only their own code, not the command line of a script they import", () => {
    // setup's own command line would try to migrate this URL and exit 1 saying so
    const r = spawnSync(process.execPath, ["scripts/run-ts.mjs", "tests/helpers/imports-setup-script.ts"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: "unsupported://nothing" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.stderr).not.toContain("setup:");
    expect(r.stdout).toContain("imported migrate: function");
    expect(r.status).toBe(0);
  }, 60_000); // a child process that compiles a script: seconds, past vitest's 5 s default on a loaded machine
});
