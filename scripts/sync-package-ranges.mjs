#!/usr/bin/env node
// `npm run packages:version` runs this after `changeset version`: the app (this repository's root) depends on each of
// the kit's packages by `^<version>`, as an app created from the template does, and Changesets does not bump the
// dependencies of the root, which is not a workspace. Prints each range it moved.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { packageSources } from "./lib/package-sources.mjs";

const root = resolve(import.meta.dirname, "..");
const appPath = join(root, "package.json");
const app = JSON.parse(readFileSync(appPath, "utf8"));
let moved = 0;
for (const dir of new Set(packageSources(root).map((p) => p.dir))) {
  const { name, version } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const range = `^${version}`;
  // the dev store is a development dependency of the app, the rest are dependencies
  const field = app.devDependencies?.[name] !== undefined ? "devDependencies" : "dependencies";
  if (app[field]?.[name] === range) continue;
  console.log(`${name}: ${app[field]?.[name] ?? "(none)"} -> ${range}`);
  app[field] = { ...app[field], [name]: range };
  moved++;
}
if (moved) writeFileSync(appPath, `${JSON.stringify(app, null, 2)}\n`);
