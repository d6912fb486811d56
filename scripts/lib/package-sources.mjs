// The kit's packages (packages/*) as the repository itself resolves them: every public entry point of a package
// (an `exports` subpath with a `source` condition) → its TypeScript source. vitest.config.mts aliases the names to
// these files and tests/helpers/import-graph.ts follows them; tsconfig.json's `paths` list the same entries (a test
// in tests/unit/codebase/packages.test.ts holds them equal). A fork's app resolves the names to each package's dist/.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * @param {string} root the repository's root folder
 * @returns {Array<{ name: string, dir: string, specifier: string, source: string }>} one row per entry point;
 *   `dir` and `source` are absolute paths
 */
export function packageSources(root) {
  const packagesDir = join(root, "packages");
  if (!existsSync(packagesDir)) return [];
  const rows = [];
  for (const folder of readdirSync(packagesDir).sort()) {
    const manifestPath = join(packagesDir, folder, "package.json");
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      if (typeof target !== "object" || target === null || typeof target.source !== "string") continue;
      rows.push({
        name: manifest.name,
        dir: join(packagesDir, folder),
        specifier: subpath === "." ? manifest.name : `${manifest.name}/${subpath.replace(/^\.\//, "")}`,
        source: join(packagesDir, folder, target.source),
      });
    }
  }
  return rows;
}
