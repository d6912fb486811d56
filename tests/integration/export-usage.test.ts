import { describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { USAGE } from "../../scripts/export";

const run = promisify(execFile);

/** `npm run export -- … > file.ndjson` put npm's two banner lines into the file: the usage line must not. */
describe("export CLI usage", () => {
  it("tells the command whose stdout holds only the rows", async () => {
    const command = /Usage: (npm run \S+ export --)/.exec(USAGE)?.[1];
    expect(command).toBe("npm run --silent export --");
    const args = command!.split(" ").slice(1); // run --silent export --
    // an unknown store: the CLI fails, and says so on stderr; stdout (the file) stays empty
    const dir = mkdtempSync(join(tmpdir(), "export-usage-"));
    const silent = await run("npm", [...args, "--store", "nope", "products"], { env: { ...process.env, DATABASE_URL: `file:${join(dir, "none.db")}` } })
      .catch((e: { stdout: string; stderr: string }) => e)
      .finally(() => rmSync(dir, { recursive: true, force: true }));
    expect(silent.stdout).toBe("");
    const loud = await run("npm", ["run", "export", "--", "--help"]).catch((e: { stdout: string }) => e);
    expect(loud.stdout).toContain("> magento-integration-kit"); // what the usage line avoids
  }, 60_000);
});
