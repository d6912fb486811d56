import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { workerCount } from "./tests/helpers/worker-count.cjs";
import { packageSources } from "./scripts/lib/package-sources.mjs";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  // The kit's packages by name, to their sources (as tsconfig.json's paths resolve them); the app's "@/" alias.
  resolve: {
    alias: [
      ...packageSources(root).map((p) => ({
        find: new RegExp(`^${p.specifier.replace(/[/.]/g, "\\$&")}$`),
        replacement: p.source,
      })),
      { find: /^@\//, replacement: root },
    ],
  },
  test: {
    environment: "node",
    // Test files run three at a time: each has its own databases and servers on free ports, and most of a file's
    // time is spent waiting on a store, a child process or a timer. Vitest's default (one fewer than the cores)
    // is one file at a time on a 2-core machine. VITEST_MAX_WORKERS overrides it.
    maxWorkers: workerCount("VITEST_MAX_WORKERS", 3),
    // A PostgreSQL template database when npm test started a server (TEST_POSTGRES_URL); nothing otherwise.
    globalSetup: ["tests/helpers/postgres-template.ts"],
    // Files share their worker's module cache (isolate: false): importing the kit's modules once per worker, not once
    // per file, saves about 170 s of the integration run. Tests therefore keep no state in modules between files:
    // each opens its own databases, servers and clients, and leaves process.env as it found it.
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], isolate: false },
      },
      // each package's own tests (packages/<name>/tests), one project per package: `npm test --workspace <name>`
      ...packageSources(root)
        .filter((p, i, all) => all.findIndex((q) => q.dir === p.dir) === i)
        .map((p) => ({
          extends: true as const,
          test: {
            name: p.dir.split("/").pop()!,
            include: [`${p.dir.slice(root.length)}/tests/**/*.test.ts`],
            isolate: false,
            // a package's tests may start servers and child processes (the dev store's do), as integration tests do
            testTimeout: 60_000,
            hookTimeout: 60_000,
          },
        })),
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          testTimeout: 60_000,
          isolate: false,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
