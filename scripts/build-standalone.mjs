#!/usr/bin/env node
// After `next build` (`npm run build` runs this as its postbuild): completes Next's standalone output into the
// one folder the image copies and every process layout runs from, with no dev dependency:
//   .next/standalone/server.js          Next's server (written by next build)
//   .next/standalone/ops/web.mjs        the web entry: that server with the kit's graceful stop (scripts/web.mjs,
//                                       with ops/lib/http-drain.mjs and listen-queue.mjs from scripts/lib)
//   .next/standalone/ops/worker.mjs     `npm run worker`, compiled (scripts/worker.ts)
//   .next/standalone/ops/release.mjs    `npm run release`: the migrations, once per deploy (scripts/migrate.ts)
//   .next/standalone/.next/static, public/, the storage package's migrations   what those read at run time
// and copies into .next/standalone/node_modules every file the worker and release need that Next's trace of the
// web server left out (traced the same way, with Next's own @vercel/nft).
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import * as esbuild from "esbuild";

const ROOT = process.cwd();
const NEXT_DIR = process.env.NEXT_DIST_DIR || ".next";
const OUT = join(ROOT, NEXT_DIR, "standalone");
const OPS = join(OUT, "ops");

if (!existsSync(join(OUT, "server.js"))) {
  console.error(
    `build: ${relative(ROOT, OUT)}/server.js is missing: next.config.mjs must keep output: "standalone". Run: npm run build`,
  );
  process.exit(1);
}

mkdirSync(OPS, { recursive: true });
cpSync(join(ROOT, NEXT_DIR, "static"), join(OUT, NEXT_DIR, "static"), { recursive: true });
if (existsSync(join(ROOT, "public"))) cpSync(join(ROOT, "public"), join(OUT, "public"), { recursive: true });
// the storage package's migrations, where an installed package has them (readiness counts them: KIT_PRISMA_DIRS)
const STORAGE_PRISMA = join("packages", "storage", "prisma");
const INSTALLED_PRISMA = join("node_modules", "@magento-integration", "storage", "prisma");
for (const dir of [join("migrations"), join("postgresql", "migrations")]) {
  cpSync(join(ROOT, STORAGE_PRISMA, dir), join(OUT, INSTALLED_PRISMA, dir), { recursive: true, dereference: true });
}
cpSync(join(ROOT, "scripts", "web.mjs"), join(OPS, "web.mjs"));
// what web.mjs imports: its graceful stop
mkdirSync(join(OPS, "lib"), { recursive: true });
for (const file of ["http-drain.mjs", "listen-queue.mjs"])
  cpSync(join(ROOT, "scripts", "lib", file), join(OPS, "lib", file));

const entries = { worker: "scripts/worker.ts", release: "scripts/migrate.ts" };
const built = [];
for (const [name, entry] of Object.entries(entries)) {
  const file = join(OPS, `${name}.mjs`);
  await esbuild.build({
    entryPoints: [join(ROOT, entry)],
    outfile: file,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: join(ROOT, "tsconfig.json"),
    sourcemap: "inline",
    sourcesContent: false,
    logLevel: "error",
    // a bundled module that uses require() (CommonJS packages stay external, but a few helpers need it)
    banner: {
      js: "import { createRequire as __kitRequire } from 'node:module'; const require = __kitRequire(import.meta.url);",
    },
  });
  built.push(file);
}
await esbuild.stop();

// What the worker and release import from node_modules, traced from the bundles and copied when Next left it out.
const { nodeFileTrace } = createRequire(import.meta.url)("next/dist/compiled/@vercel/nft");
const { fileList } = await nodeFileTrace(built, { base: ROOT, processCwd: OUT });
let copied = 0;
for (const file of fileList) {
  if (!file.startsWith("node_modules/")) continue;
  const target = join(OUT, file);
  if (existsSync(target)) continue;
  mkdirSync(join(target, ".."), { recursive: true });
  cpSync(join(ROOT, file), target, { dereference: true });
  copied++;
}
writeFileSync(join(OPS, "BUILD_ID"), readFileSync(join(ROOT, NEXT_DIR, "BUILD_ID")));
console.log(
  `build: standalone output ready in ${relative(ROOT, OUT)} (web, worker, release; ${copied} more files from node_modules)`,
);
