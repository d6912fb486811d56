/**
 * The kit's packages (packages/*) are publishable as they stand: each has a semver version, an exports map whose
 * every entry has its source, types and compiled JavaScript, the files it publishes, a licence, the Node versions it
 * runs on and a README naming every name each entry exports. tsconfig.json's paths resolve exactly those entries
 * (so the app can reach no file a published package would not export), and the app depends on each by a semver
 * range, as an app created from the template does.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { packageSources } from "../../../scripts/lib/package-sources.mjs";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const entries = packageSources(root);
const packageDirs = [...new Set(entries.map((e) => e.dir))];
const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
const SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

describe("the kit's packages", () => {
  it("are found", () => {
    expect(packageDirs.length).toBeGreaterThan(0);
    expect(entries.map((e) => e.specifier)).toContain("@magento-integration/client");
  });

  it.each(packageDirs)("%s has what npm publishes and a fork relies on", (dir) => {
    const m = manifest(dir);
    expect(m.name).toMatch(/^(@magento-integration\/[a-z][a-z0-9-]*|create-magento-integration)$/);
    expect(m.version).toMatch(SEMVER);
    expect(m.private).not.toBe(true);
    expect(m.type).toBe("module");
    expect(m.license).toBe("MIT");
    expect(m.engines?.node).toEqual(expect.any(String));
    expect(m.files).toEqual(expect.arrayContaining(["dist", "README.md", "LICENSE"]));
    expect(existsSync(join(dir, "README.md")) && existsSync(join(dir, "LICENSE"))).toBe(true);
    expect(m.scripts?.build).toEqual(expect.any(String));
    for (const [subpath, target] of Object.entries(m.exports as Record<string, unknown>)) {
      if (subpath === "./package.json") continue;
      const t = target as Record<string, string>;
      expect(Object.keys(t), subpath).toEqual(["source", "types", "default"]);
      expect(existsSync(join(dir, t.source!)), `${subpath} source`).toBe(true);
      // dist mirrors src: the compiled file of src/x.ts is dist/x.js, its types dist/x.d.ts
      expect(t.default).toBe(t.source!.replace(/^\.\/src\//, "./dist/").replace(/\.ts$/, ".js"));
      expect(t.types).toBe(t.default!.replace(/\.js$/, ".d.ts"));
    }
  });

  it("are what tsconfig.json's paths resolve, entry by entry, and nothing else of theirs", () => {
    const config = ts.readConfigFile(join(root, "tsconfig.json"), ts.sys.readFile.bind(ts.sys));
    const paths = config.config.compilerOptions.paths as Record<string, string[]>;
    const kitPaths = Object.fromEntries(
      Object.entries(paths)
        .filter(([k]) => k.startsWith("@magento-integration/"))
        .map(([k, v]) => [k, v.map((p) => join(root, p))]),
    );
    expect(kitPaths).toEqual(Object.fromEntries(entries.map((e) => [e.specifier, [e.source]])));
  });

  it("are dependencies of the app by a semver range", () => {
    const app = manifest(root);
    for (const dir of packageDirs) {
      const m = manifest(dir);
      expect(app.dependencies?.[m.name] ?? app.devDependencies?.[m.name], m.name).toBe(`^${m.version}`);
    }
    expect(app.workspaces).toContain("packages/*");
  });

  it.each(entries.map((e) => [e.specifier, e] as const))(
    "%s: its README names every name the entry exports",
    async (_specifier, entry) => {
      const readme = readFileSync(join(entry.dir, "README.md"), "utf8");
      const names = Object.keys(await import(entry.source));
      expect(names.length).toBeGreaterThan(0);
      expect(names.filter((n) => !readme.includes(`\`${n}\``))).toEqual([]);
    },
    30_000, // importing a whole package's source takes seconds on a loaded machine
  );
});
