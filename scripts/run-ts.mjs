#!/usr/bin/env node
// `node scripts/run-ts.mjs <script.ts> [args…]`: runs one of the kit's TypeScript scripts compiled to JavaScript
// (scripts/lib/compile-ts.mjs says why), as if `node <script> [args…]` had been run: the script sees itself as
// process.argv[1] and its own arguments after it.
import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";
import { compileTs } from "./lib/compile-ts.mjs";

const [entry, ...args] = process.argv.slice(2);
if (!entry || !/\.tsx?$/.test(entry)) {
  console.error("usage: node scripts/run-ts.mjs <script.ts> [args…]");
  process.exit(2);
}
// the Prisma clients are generated code (not committed): a fresh clone (`npm ci` alone) has none until this
if (
  !existsSync("packages/storage/src/generated/prisma/client.ts") ||
  !existsSync("packages/storage/src/generated/prisma-pg/client.ts")
) {
  const { generateClients } = await import("./setup.mjs");
  generateClients({ quiet: true });
}
const url = await compileTs(entry);
process.setSourceMapsEnabled(true);
process.argv = [process.argv[0], fileURLToPath(url), ...args];
await import(url);
