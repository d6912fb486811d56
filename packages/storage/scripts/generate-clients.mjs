#!/usr/bin/env node
// Generates this package's Prisma clients into src/generated: `sqlite` (prisma/schema.prisma) and `postgresql`
// (prisma/postgresql/schema.prisma), the ones named on the command line or both. `npm run generate` runs it for
// both; the app's setup (scripts/setup.mjs) runs it for a client older than its schema.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const configs = { sqlite: "prisma.config.ts", postgresql: join("prisma", "postgresql", "prisma.config.ts") };
// Prisma 6 checks DATABASE_URL against the schema's provider even to generate, and on a mismatch (a caller's
// DATABASE_URL=file:… for the PostgreSQL schema) falls back to downloading its Rust engine: each gets its own.
const placeholderUrls = { sqlite: "file:./data/dev.db", postgresql: "postgresql://unused@127.0.0.1:1/unused" };

const asked = process.argv.slice(2);
const unknown = asked.filter((d) => !(d in configs));
if (unknown.length > 0) {
  console.error(`generate-clients: unknown client ${unknown.join(", ")}; name sqlite, postgresql or nothing (both)`);
  process.exit(2);
}
const cli = createRequire(join(packageDir, "package.json")).resolve("prisma/build/index.js");
for (const database of asked.length > 0 ? asked : Object.keys(configs)) {
  execFileSync(process.execPath, [cli, "generate", "--config", configs[database]], {
    cwd: packageDir,
    env: {
      ...process.env,
      DATABASE_URL: placeholderUrls[database],
      CHECKPOINT_DISABLE: "1",
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
    },
    stdio: "inherit",
  });
}
