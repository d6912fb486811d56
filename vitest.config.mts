import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { workerCount } from "./tests/helpers/worker-count.cjs";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: { alias: { "@": root } },
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
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/devstore/**/*.test.ts"],
          testTimeout: 60_000,
          isolate: false,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
