/**
 * A worker's heap setting is a node flag (packages/storage/src/jobs/worker-heap.ts): V8 sizes its young generation only as the
 * process starts, so every way the kit documents to start a worker must pass WORKER_NODE_FLAGS. One that does not
 * still runs, on the slower fallback (`--optimize-for-size`), and says so when it starts.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WORKER_NODE_FLAGS, youngGenerationCapped } from "@magento-integration/storage/jobs";

const ROOT = join(__dirname, "..", "..", "..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const FLAGS = WORKER_NODE_FLAGS.join(" ");

describe("the worker's start command", () => {
  it("passes the worker's node flags in package.json, compose.yaml, the Dockerfile and docs/operations.md", () => {
    const pkg = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
    expect(pkg.scripts.worker).toMatch(new RegExp(`^node ${FLAGS} `));
    const compose = read("compose.yaml").split("\n");
    const workerCommands = compose.filter((l) => l.includes("ops/worker.mjs"));
    expect(workerCommands.length).toBeGreaterThan(0);
    for (const line of workerCommands) expect(line).toContain(WORKER_NODE_FLAGS.map((f) => `"${f}"`).join(", "));
    for (const file of ["Dockerfile", "docs/operations.md", "README.md"])
      for (const line of read(file)
        .split("\n")
        .filter((l) => /node (\S+ )*ops\/worker\.mjs/.test(l)))
        expect(line, `${file}: ${line}`).toContain(`node ${FLAGS} ops/worker.mjs`);
  });

  it("recognises a cap given on the command line or in NODE_OPTIONS, and nothing else", () => {
    expect(youngGenerationCapped([...WORKER_NODE_FLAGS], undefined)).toBe(true);
    expect(youngGenerationCapped([], `--enable-source-maps ${FLAGS}`)).toBe(true);
    expect(youngGenerationCapped(["--max-semi-space-size", "4"], undefined)).toBe(true);
    expect(youngGenerationCapped([], undefined)).toBe(false);
    expect(youngGenerationCapped(["--max-old-space-size=512"], "--min-semi-space-size=2")).toBe(false);
  });

  it("falls back to --optimize-for-size only when started without the flags", () => {
    const script = [
      'const { settleWorkerHeap } = require("./packages/storage/src/jobs/worker-heap.ts");',
      "console.log(settleWorkerHeap());",
    ].join("\n");
    const without = spawnSync(process.execPath, ["--import", "tsx", "-e", script], { cwd: ROOT, encoding: "utf8" });
    expect(without.stdout.trim()).toBe("optimize-for-size");
    const withFlags = spawnSync(process.execPath, [...WORKER_NODE_FLAGS, "--import", "tsx", "-e", script], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(withFlags.stdout.trim()).toBe("capped");
  }, 30_000); // two Node processes that load tsx: about 3 s idle, more than vitest's 5 s default on a loaded machine
});
