/**
 * The job engine has one seam to its database and knows no job kind (docs/platform.md, "Jobs"):
 * - the engine (packages/storage/src/jobs and its sql/; the kit's kinds are lib/jobs/kinds) imports nothing of the kit's domain: only the
 *   database handles, operations' metrics and tracing, and the Retry-After parser its rate governor reads;
 * - job kinds reach the worker by registration (createKit), never by an import of lib/jobs/kinds;
 * - every statement on the job tables is a named function of packages/storage/src/jobs/sql/statements.ts, and no code touches
 *   another library's job tables.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importGraph, sourceFiles } from "../../helpers/import-graph";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const graph = importGraph(root, sourceFiles(root, ["packages/storage/src", "lib", "app", "scripts"]));
const isEngine = (f: string) => /^packages\/storage\/src\/jobs\/(sql\/)?[^/]+\.ts$/.test(f);
const ALLOWED_OUTSIDE = [
  /^packages\/storage\/src\/jobs\//,
  /^packages\/storage\/src\/db\.ts$/,
  /^packages\/storage\/src\/db-reachable\.ts$/,
  /^packages\/storage\/src\/ops\//,
  // the client package (below the engine) for its Retry-After parser
  /^packages\/client\/src\/index\.ts$/,
];
const JOB_TABLE_SQL = /\b(FROM|INTO|UPDATE|JOIN)\s+"(Job|JobLane|JobWorker)"/;

/** What the engine files import that they may not. */
function engineDomainImports(g: Map<string, string[]>): string[] {
  return [...g]
    .filter(([file]) => isEngine(file))
    .flatMap(([file, deps]) =>
      deps
        .filter((d) => d.startsWith("lib/jobs/kinds/") || !ALLOWED_OUTSIDE.some((ok) => ok.test(d)))
        .map((d) => `${file} → ${d}`),
    );
}

describe("the job engine's seam", () => {
  it("sees the engine's files and their imports", () => {
    expect(graph.get("packages/storage/src/jobs/sql-queue.ts")).toContain(
      "packages/storage/src/jobs/sql/statements.ts",
    );
    expect([...graph.keys()].filter(isEngine).length).toBeGreaterThan(10);
  });

  it("a domain import in the engine is caught", () => {
    const planted = new Map(graph);
    planted.set("packages/storage/src/jobs/worker.ts", [
      ...(graph.get("packages/storage/src/jobs/worker.ts") ?? []),
      "lib/jobs/kinds/probe.ts",
    ]);
    planted.set("packages/storage/src/jobs/sql/fetch.ts", ["packages/handshake/src/integration/exchange.ts"]);
    expect(engineDomainImports(planted).sort()).toEqual([
      "packages/storage/src/jobs/sql/fetch.ts → packages/handshake/src/integration/exchange.ts",
      "packages/storage/src/jobs/worker.ts → lib/jobs/kinds/probe.ts",
    ]);
  });

  it("the engine imports no domain code and no job kind", () => {
    expect(engineDomainImports(graph)).toEqual([]);
  });

  it("only packages/storage/src/jobs/sql/statements.ts writes SQL on the job tables, and nothing reads pg-boss's", () => {
    const files = [...graph.keys()];
    const offenders = files.filter((f) => {
      const text = readFileSync(`${root}/${f}`, "utf8");
      return (
        (f !== "packages/storage/src/jobs/sql/statements.ts" && JOB_TABLE_SQL.test(text)) || /\bpgboss\./.test(text)
      );
    });
    expect(offenders).toEqual([]);
    expect(readFileSync(`${root}/packages/storage/src/jobs/sql/statements.ts`, "utf8")).toMatch(JOB_TABLE_SQL);
  });
});
