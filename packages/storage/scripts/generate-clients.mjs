#!/usr/bin/env node
// Generates this package's two Prisma clients into src/generated: SQLite (prisma/schema.prisma) and PostgreSQL
// (prisma/postgresql/schema.prisma). `npm run generate` runs it; the app's setup calls generateClient for a stale one.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const configs = { sqlite: "prisma.config.ts", postgresql: "prisma/postgresql/prisma.config.ts" };
// Prisma 6 checks DATABASE_URL against the schema's provider even to generate, and on a mismatch (a caller's
// DATABASE_URL=file:… for the PostgreSQL schema) falls back to downloading its Rust engine: each gets its own.
const placeholderUrls = { sqlite: "file:./data/dev.db", postgresql: "postgresql://unused@127.0.0.1:1/unused" };

/** Generates one client; `database` is "sqlite" or "postgresql". */
export function generateClient(database, { stdio = "inherit" } = {}) {
  const cli = createRequire(import.meta.url).resolve("prisma/build/index.js");
  execFileSync(process.execPath, [cli, "generate", "--config", configs[database]], {
    cwd: packageDir,
    env: {
      ...process.env,
      DATABASE_URL: placeholderUrls[database],
      CHECKPOINT_DISABLE: "1",
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
    },
    stdio,
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  generateClient("sqlite");
  generateClient("postgresql");
}
