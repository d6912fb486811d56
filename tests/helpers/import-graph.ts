/**
 * The repo's own import graph, read from source (static `import`/`export … from` and `import()` with a string):
 * relative paths, the `@/` alias and the kit's own packages (packages/*, by name) resolved like tsconfig's `paths`,
 * npm packages left out. Type-only imports count:
 * a cycle through types still ties two modules' designs together. Hand-written because the module-graph tools on
 * npm (madge, dependency-cruiser) pull in a resolver stack per language for what is ~60 lines here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { packageSources } from "../../scripts/lib/package-sources.mjs";

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const SKIPPED = new Set(["node_modules", "dist", "generated", ".next", ".git", "data", "reports", "test-results"]);
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (SKIPPED.has(name) || name.startsWith(".next")) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !name.endsWith(".d.ts")) out.push(path);
    }
  };
  for (const d of dirs) if (existsSync(join(root, d))) walk(join(root, d));
  return out;
}

const PACKAGE_ENTRIES = new Map<string, Map<string, string>>();
/** The kit's package entry points by specifier (`@magento-integration/client/oauth` → its source file). */
function packageEntries(root: string): Map<string, string> {
  let entries = PACKAGE_ENTRIES.get(root);
  if (!entries) {
    entries = new Map(packageSources(root).map((p) => [p.specifier, p.source]));
    PACKAGE_ENTRIES.set(root, entries);
  }
  return entries;
}

function resolveSpecifier(root: string, from: string, spec: string): string | null {
  let base: string;
  const entry = packageEntries(root).get(spec);
  if (entry) return entry;
  if (spec.startsWith("@/")) base = join(root, spec.slice(2));
  else if (spec.startsWith(".")) base = resolve(dirname(from), spec);
  else return null;
  const stripped = base.replace(/\.(js|mjs)$/, "");
  for (const candidate of [
    base,
    ...[".ts", ".tsx", ".mts", ".mjs"].map((e) => stripped + e),
    ...["index.ts", "index.tsx"].map((i) => join(base, i)),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Module → the repo modules it imports (paths relative to root). */
export function importGraph(root: string, files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, "");
    const deps = new Set<string>();
    for (const m of text.matchAll(IMPORT)) {
      const target = resolveSpecifier(root, file, m[1] ?? m[2] ?? "");
      if (target) deps.add(relative(root, target));
    }
    graph.set(relative(root, file), [...deps].sort());
  }
  return graph;
}

/** Strongly connected components with more than one module, or a module importing itself (Tarjan). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
      }
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indexOf.has(v)) visit(v);
  return cycles;
}

/** What a module loads when it runs: repo modules and packages, `import type` / `export type` statements left out. */
export function runtimeImports(root: string, file: string): { modules: string[]; packages: string[] } {
  const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, "");
  const modules = new Set<string>();
  const packages = new Set<string>();
  for (const m of text.matchAll(IMPORT)) {
    if (/^\s*[;]?\s*(import|export)\s+type\s/.test(m[0])) continue;
    const spec = m[1] ?? m[2] ?? "";
    const target = resolveSpecifier(root, file, spec);
    if (target) modules.add(target);
    else if (!spec.startsWith(".") && !spec.startsWith("@/")) packages.add(spec);
  }
  return { modules: [...modules], packages: [...packages] };
}
