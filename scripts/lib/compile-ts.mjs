// Runs the kit's TypeScript scripts as plain JavaScript. `npm run worker`, `npm run export`, `npm run db:migrate`,
// `npm run keys:reseal` and `npm start`'s environment check bundle their entry file (with lib/ and the tsconfig
// paths; npm packages stay imports) into node_modules/.cache/kit-scripts and import it in this process. A process
// that loaded TypeScript through tsx keeps tsx's module hooks (a second V8 heap on a thread of their own) for its
// whole life: a worker measured about 220 MB of RSS that way against 135 MB compiled (README, "Worker").
// esbuild (the compiler tsx itself uses) takes about 0.2 s and is stopped before the script runs.
import { createHash } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync, existsSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";

const ROOT = resolve(import.meta.dirname, "..", "..");
const CACHE = join(ROOT, "node_modules", ".cache", "kit-scripts");

/**
 * Bundles `entry` (a path from the project root) and returns the file URL of the JavaScript. The file is named by
 * its content's hash, so processes compiling at the same time never see each other's half-written file, and an
 * unchanged script is not written again.
 */
export async function compileTs(entry) {
  const result = await esbuild.build({
    entryPoints: [join(ROOT, entry)],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: join(ROOT, "tsconfig.json"),
    sourcemap: "inline",
    sourcesContent: false,
    write: false,
    logLevel: "error",
  });
  await esbuild.stop();
  const code = result.outputFiles[0].contents;
  const hash = createHash("sha256").update(code).digest("hex").slice(0, 16);
  const file = join(CACHE, `${basename(entry).replace(/\.[cm]?tsx?$/, "")}.${hash}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(CACHE, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  return pathToFileURL(file).href;
}

/** Compiles `entry` and imports it: its exports, with stack traces pointing at the TypeScript lines. */
export async function importTs(entry) {
  process.setSourceMapsEnabled(true);
  return import(await compileTs(entry));
}
