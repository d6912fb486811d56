/** No module of the kit, the dev store, the scripts or the tests imports itself back through others. */
import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { importCycles, importGraph, sourceFiles } from "../../helpers/import-graph";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const DIRS = ["app", "lib", "packages", "scripts", "bench", "tests"];
const TOP_LEVEL = [
  "proxy.ts",
  "instrumentation.ts",
  "next.config.mjs",
  "playwright.config.ts",
  "vitest.config.mts",
].map((f) => `${root}/${f}`);

describe("import cycles", () => {
  it("the graph is read from the sources (imports of app/, lib/ and packages/devstore/ are all seen)", () => {
    const graph = importGraph(root, [...sourceFiles(root, DIRS), ...TOP_LEVEL]);
    expect(graph.get("packages/client/src/magento/types.ts")).toContain("packages/client/src/magento/http-method.ts");
    expect(graph.get("proxy.ts")?.length).toBeGreaterThan(0);
    expect([...graph.values()].flat().length).toBeGreaterThan(1000);
  });

  it("a cycle is found when there is one (type-only imports included)", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["d.ts"]],
      ["e.ts", ["a.ts"]],
    ]);
    expect(importCycles(graph)).toEqual([["a.ts", "b.ts", "c.ts"], ["d.ts"]]);
  });

  it("there are none", () => {
    const graph = importGraph(root, [...sourceFiles(root, DIRS), ...TOP_LEVEL]);
    expect(importCycles(graph)).toEqual([]);
  });
});
