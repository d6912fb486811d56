/**
 * The kit splits into packages that import each other one way (docs/architecture.md, "Packages"): every file of
 * lib/, app/_kit and app/components belongs to one package, by the longest prefix of its path in PACKAGE_OF; the
 * packages' imports form no cycle; and each package imports only the packages it builds on (MAY_IMPORT). The
 * handshake, the sync and the dashboard never import one another, and nothing below the kit imports it.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importCycles, importGraph, sourceFiles } from "../../helpers/import-graph";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const graph = importGraph(
  root,
  sourceFiles(root, [
    "packages/client/src",
    "packages/storage/src",
    "packages/handshake/src",
    "packages/sync/src",
    "lib",
    "app/_kit",
    "app/components",
  ]),
);

const PACKAGES = ["client", "storage", "handshake", "sync", "dashboard", "kit", "next"] as const;
type Package = (typeof PACKAGES)[number];

/** Where each file belongs: the longest prefix that starts its path wins (a folder ends in "/"). */
const PACKAGE_OF: ReadonlyArray<readonly [prefix: string, pkg: Package]> = [
  // the store client and what it stands on
  ["packages/client/src/", "client"],
  // the database, its storage interfaces, the job engine, operations
  ["packages/storage/src/", "storage"],
  // the handshake, accounts and sessions
  ["packages/handshake/src/", "handshake"],
  // records that move between the store and the app
  ["packages/sync/src/", "sync"],
  // what the store pages show
  ["lib/dashboard/", "dashboard"],
  ["lib/exports/", "dashboard"],
  // the composition: createKit, its verbs, the kit's job kinds, the environment
  ["lib/kit.ts", "kit"],
  // the app's own sync handlers, which createKit hands to the sync
  ["lib/sync/handlers.ts", "kit"],
  ["lib/kit-from-env.ts", "kit"],
  ["lib/kit-scrape-sources.ts", "kit"],
  ["lib/env.ts", "kit"],
  ["lib/log.ts", "kit"],
  ["lib/process-env.ts", "kit"],
  ["lib/verbs/", "kit"],
  ["lib/jobs/kinds/", "kit"],
  ["lib/forms/", "kit"],
  ["lib/security-headers.ts", "kit"],
  ["lib/body-limit.ts", "kit"],
  // the Next.js adapter and the page parts it serves
  ["app/_kit/", "next"],
  ["app/components/", "next"],
];

/** What each package may import besides itself. */
const MAY_IMPORT: Readonly<Record<Package, readonly Package[]>> = {
  client: [],
  storage: ["client"],
  handshake: ["storage", "client"],
  sync: ["storage", "client"],
  dashboard: ["storage", "client"],
  kit: ["handshake", "sync", "dashboard", "storage", "client"],
  next: ["kit", "handshake", "sync", "dashboard", "storage", "client"],
};

function packageOf(file: string): Package | undefined {
  let best: readonly [string, Package] | undefined;
  for (const entry of PACKAGE_OF)
    if (file.startsWith(entry[0]) && entry[0].length > (best?.[0].length ?? -1)) best = entry;
  return best?.[1];
}

/** Files read, and files they import, that no prefix of PACKAGE_OF claims. */
function unmappedFiles(g: Map<string, string[]>): string[] {
  const files = new Set([...g.keys(), ...[...g.values()].flat()]);
  return [...files].filter((f) => packageOf(f) === undefined).sort();
}

/** Every import from one package into another, as `file -> imported file`, with both packages. */
function crossImports(g: Map<string, string[]>): Array<{ from: Package; to: Package; edge: string }> {
  return [...g].flatMap(([file, deps]) => {
    const from = packageOf(file);
    return deps.flatMap((dep) => {
      const to = packageOf(dep);
      return from && to && from !== to ? [{ from, to, edge: `${file} -> ${dep}` }] : [];
    });
  });
}

/**
 * Each cycle of packages: its packages, then the imports between them, file by file (`file -> imported file`) where
 * MAY_IMPORT does not allow them and as a count where it does (the allowed direction has dozens).
 */
function packageCycles(g: Map<string, string[]>): string[][] {
  const cross = crossImports(g);
  const packages = new Map<string, string[]>(PACKAGES.map((p) => [p, []]));
  for (const { from, to } of cross) if (!packages.get(from)!.includes(to)) packages.get(from)!.push(to);
  return importCycles(packages).map((cycle) => {
    const inside = cross.filter(({ from, to }) => cycle.includes(from) && cycle.includes(to));
    const allowed = new Map<string, number>();
    const lines: string[] = [];
    for (const { from, to, edge } of inside) {
      if (MAY_IMPORT[from].includes(to)) allowed.set(`${from} -> ${to}`, (allowed.get(`${from} -> ${to}`) ?? 0) + 1);
      else lines.push(`${from} -> ${to}: ${edge}`);
    }
    for (const [pair, n] of allowed) lines.push(`${pair}: ${n} imports (allowed)`);
    return [cycle.join(" <-> "), ...lines.sort()];
  });
}

/** The imports MAY_IMPORT does not allow, as `file -> imported file`. */
function forbiddenImports(g: Map<string, string[]>): string[] {
  return crossImports(g)
    .filter(({ from, to }) => !MAY_IMPORT[from].includes(to))
    .map(({ edge }) => edge)
    .sort();
}

describe("the package graph", () => {
  it("is read from the sources: every package has files, and their imports are seen", () => {
    for (const p of PACKAGES)
      expect(
        [...graph.keys()].some((f) => packageOf(f) === p),
        p,
      ).toBe(true);
    expect(graph.get("lib/kit.ts")).toContain("packages/storage/src/jobs/index.ts");
    expect(graph.get("app/_kit/index.ts")).toContain("lib/kit.ts");
    // a package is reached through its entries, so many files of one package meet one file of another
    expect(crossImports(graph).length).toBeGreaterThan(150);
  });

  it("allows a layered order of packages (the table itself has no cycle)", () => {
    expect(importCycles(new Map(Object.entries(MAY_IMPORT).map(([p, deps]) => [p, [...deps]])))).toEqual([]);
  });

  it("a forbidden import and the cycle it closes are caught, and a file no prefix claims", () => {
    const planted = new Map(graph);
    planted.set("packages/storage/src/storage/storage.ts", [
      ...(graph.get("packages/storage/src/storage/storage.ts") ?? []),
      "packages/handshake/src/integration/jobs.ts",
    ]);
    planted.set("packages/sync/src/sync/apply.ts", [
      ...(graph.get("packages/sync/src/sync/apply.ts") ?? []),
      "lib/dashboard/grid.ts",
    ]);
    planted.set("lib/brand-new.ts", []);
    expect(forbiddenImports(planted)).toEqual([
      "packages/storage/src/storage/storage.ts -> packages/handshake/src/integration/jobs.ts",
      "packages/sync/src/sync/apply.ts -> lib/dashboard/grid.ts",
    ]);
    const cycles = packageCycles(planted);
    expect(cycles.map((c) => c[0])).toEqual(["handshake <-> storage"]);
    expect(cycles[0]).toContain(
      "storage -> handshake: packages/storage/src/storage/storage.ts -> packages/handshake/src/integration/jobs.ts",
    );
    expect(unmappedFiles(planted)).toEqual(["lib/brand-new.ts"]);
  });

  it("every file belongs to a package (a new file or folder of lib/ gets a line in PACKAGE_OF)", () => {
    expect(unmappedFiles(graph)).toEqual([]);
  });

  it("has no cycle", () => {
    expect(packageCycles(graph)).toEqual([]);
  });

  it("each package imports only the packages it builds on", () => {
    expect(forbiddenImports(graph)).toEqual([]);
  });
});
