/**
 * Each kit package builds as npm would publish it and runs in plain Node from its compiled files: `npm run build`
 * in the package (tsc, relative `.ts` imports rewritten to `.js`) into a copy of the package, each exported entry
 * imported by Node from dist/ in a child process exports the same names as its source, and `npm pack` of the copy
 * holds the compiled files, the README and the licence, and no source or test.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { packageSources } from "../../scripts/lib/package-sources.mjs";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
// inside the repository, so the compiled files find the app's node_modules (undici, zod) as an installed package would
const cacheDir = join(root, "node_modules", ".cache");
mkdirSync(cacheDir, { recursive: true });
const work = mkdtempSync(join(cacheDir, "package-build-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const entries = packageSources(root);
const packageDirs = [...new Set(entries.map((e) => e.dir))];

describe.each(packageDirs)("%s, built", (dir) => {
  const copy = join(work, relative(join(root, "packages"), dir));

  it("compiles, and every entry exports from dist/ what its source exports", async () => {
    cpSync(dir, copy, { recursive: true, filter: (p) => !/\/(dist|node_modules)$/.test(p) });
    await run("npx", ["tsc", "-p", join(copy, "tsconfig.build.json")], { cwd: copy, timeout: 120_000 });
    const manifest = JSON.parse(readFileSync(join(copy, "package.json"), "utf8"));
    for (const entry of entries.filter((e) => e.dir === dir)) {
      const subpath = entry.specifier === manifest.name ? "." : `./${entry.specifier.slice(manifest.name.length + 1)}`;
      const compiled = join(copy, manifest.exports[subpath].default);
      const { stdout } = await run(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `console.log(JSON.stringify(Object.keys(await import(${JSON.stringify(pathToFileURL(compiled).href)})).sort()))`,
        ],
        { timeout: 60_000 },
      );
      const fromSource = Object.keys(await import(entry.source)).sort();
      expect(JSON.parse(stdout), entry.specifier).toEqual(fromSource);
    }
  }, 180_000);

  it("packs its compiled files, types, README and licence, and no source or test", async () => {
    const { stdout } = await run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: copy,
      timeout: 60_000,
    });
    const files = (JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path);
    expect(files).toEqual(
      expect.arrayContaining(["package.json", "README.md", "LICENSE", "dist/index.js", "dist/index.d.ts"]),
    );
    expect(files.filter((f) => !/^(package\.json|README\.md|LICENSE|dist\/.+)$/.test(f))).toEqual([]);
    expect(files.filter((f) => /\.ts$/.test(f) && !/\.d\.ts$/.test(f))).toEqual([]);
  }, 120_000);
});
