import { describe, expect, it, vi } from "vitest";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { USAGE } from "../../scripts/export";
import { ENTITY_NAMES } from "@/lib/exports/options";

// A forker's grid declared with `export` (README recipe 1) joins the exportable entities: the usage must name it.
vi.mock("@/lib/exports/options", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/exports/options")>();
  return { ...actual, ENTITY_NAMES: [...actual.ENTITY_NAMES, "sales-rules"] };
});

const run = promisify(execFile);

/** `npm run export -- … > file.ndjson` put npm's two banner lines into the file: the usage line must not. */
describe("export CLI usage", () => {
  it("tells the command whose stdout holds only the rows", async () => {
    const command = /Usage: (npm run \S+ export --)/.exec(USAGE)?.[1];
    expect(command).toBe("npm run --silent export --");
    const args = command!.split(" ").slice(1); // run --silent export --
    // an unknown store: the CLI fails, and says so on stderr; stdout (the file) stays empty
    const dir = mkdtempSync(join(tmpdir(), "export-usage-"));
    const silent = await run("npm", [...args, "--store", "nope", "products"], {
      env: { ...process.env, DATABASE_URL: `file:${join(dir, "none.db")}` },
    })
      .catch((e: { stdout: string; stderr: string }) => e)
      .finally(() => rmSync(dir, { recursive: true, force: true }));
    expect(silent.stdout).toBe("");
    const loud = await run("npm", ["run", "export", "--", "--help"]).catch((e: { stdout: string }) => e);
    expect(loud.stdout).toContain("> magento-integration-kit"); // what the usage line avoids
  }, 60_000);

  it("names every exportable entity, a grid added with `export` included", async () => {
    expect(ENTITY_NAMES).toContain("sales-rules");
    // the usage is built when the script loads: load it afresh, on the mocked entities (another test file in this
    // worker may have loaded it on the real ones)
    vi.resetModules();
    const fresh = await import("../../scripts/export");
    expect(/--store <installationId> (\S+)/.exec(fresh.USAGE)?.[1]?.split("|")).toEqual([...ENTITY_NAMES]);
  });
});
