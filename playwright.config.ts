import { defineConfig } from "@playwright/test";
import { workerCount } from "./tests/helpers/worker-count.cjs";
import { chromiumPath } from "./tests/helpers/chromium-path.cjs";

// Browser tests drive Debian's Chromium, its headless shell when installed (never a downloaded browser). Each spec
// file starts the servers it needs on free 127.0.0.1 ports (see tests/e2e/fixtures), so nothing here binds a fixed port, and spec files run
// side by side, two at a time (the machine this kit is tested on has two cores). The two specs that run `next dev`
// share its build directory (.next-e2e-dev, the one tsconfig.json lists), so they run one after the other.
const DEV_SPECS = /dev-(first-run|mode)\.spec\.ts$/;

export default defineConfig({
  testDir: "./tests/e2e",
  globalSetup: "./tests/e2e/fixtures/global-setup.ts",
  fullyParallel: false,
  workers: workerCount("E2E_WORKERS", 2),
  // next-dev first: its two specs run one after the other on one worker from the start, beside the chromium specs
  // on the other (listed second, they ran last, on one worker, for about 110 s of a 450 s run).
  projects: [
    { name: "next-dev", testMatch: DEV_SPECS, workers: 1 },
    { name: "chromium", testIgnore: DEV_SPECS },
  ],
  retries: 0,
  timeout: 90_000,
  // How long an expectation waits for the page to get there: a bound, never a speed claim (speed is measured in
  // bench/). A server action that calls the store takes more than Playwright's default 5 s on a busy 2-core runner.
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  use: {
    browserName: "chromium",
    headless: true,
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
});
