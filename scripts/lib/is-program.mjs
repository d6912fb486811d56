// Whether a script module is the program node was started with (`node scripts/setup.mjs …`), not a module some
// other script imported. Comparing `import.meta.url` with process.argv[1] alone is not enough: scripts/run-ts.mjs
// bundles a TypeScript script with everything it imports into one file (scripts/lib/compile-ts.mjs) that is then
// both process.argv[1] and every bundled module's `import.meta.url`, so an imported script (setup.mjs under
// `npm run worker`) would run its own command line too. The file name tells them apart: the module's own name, or
// the bundle compile-ts names after it (`<name>.<hash>.mjs`).
import { basename } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** True when the module at `moduleUrl`, whose source file is `fileName` (e.g. "setup.mjs"), is the program. */
export function isProgram(moduleUrl, fileName) {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return false;
  const running = basename(fileURLToPath(moduleUrl));
  const stem = fileName.replace(/\.[cm]?[jt]sx?$/, "");
  return (
    running === fileName ||
    new RegExp(`^${stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.[0-9a-f]{16}\\.mjs$`).test(running)
  );
}
