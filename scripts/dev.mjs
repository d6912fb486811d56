#!/usr/bin/env node
// `npm run dev`: migrates the database (SQLite by default), then runs the app (Next.js dev server, with a job
// worker in its process unless WORKER=off) and the dev store side by side, and prints where to click.
// Ctrl+C stops both.
import { spawn } from "node:child_process";
import { devAddresses } from "./lib/dev-addresses.mjs";
import { answers, warmRoutes } from "./lib/warm-up.mjs";
import { setup } from "./setup.mjs";

let addresses;
try {
  addresses = await devAddresses();
} catch (e) {
  if (e?.name !== "EnvError") throw e;
  console.error(
    `\nnpm run dev cannot start: ${e.message}\n\nSet what is listed above in the environment and run npm run dev again.\n`,
  );
  process.exit(1);
}
const { port: PORT, devstorePort: DEVSTORE_PORT, appUrl: APP_URL } = addresses;

await setup({ quiet: true });

const env = {
  ...process.env,
  APP_URL,
  NEXT_TELEMETRY_DISABLED: "1",
  DEVSTORE_URL: `http://127.0.0.1:${DEVSTORE_PORT}`,
};
// With DEVSTORE_EDITION=commerce the dev store sends I/O Events signed with keys it serves itself (docs/store-events.md).
env.DEV_IO_EVENTS_KEY_ORIGIN ??= env.DEVSTORE_URL;
// Integrations and tokens outlive a restart, as in Magento's database: the app's linked stores keep working.
// DEVSTORE_STATE moves the file (tests point it at a temp file).
const DEVSTORE_STATE = process.env.DEVSTORE_STATE || "data/devstore-state.json";
// Each child leads its own process group, so stopping one stops what npx started under it (next dev's server, tsx's
// node) too: when the other child exits on its own (a bad state file), nothing is left holding the ports.
let stopping = false;
const run = (args, stdio) => spawn("npx", args, { env, stdio, detached: true });
const children = [
  run(
    ["tsx", "packages/devstore/src/main.ts", "--port", String(DEVSTORE_PORT), "--state", DEVSTORE_STATE],
    ["ignore", "inherit", "inherit"],
  ),
  run(["next", "dev", "-H", "127.0.0.1", "-p", String(PORT)], ["ignore", "inherit", "inherit"]),
];

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) {
    try {
      if (c.pid) process.kill(-c.pid, "SIGTERM");
    } catch {
      // the group is already gone
    }
  }
  setTimeout(() => process.exit(code), 500);
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
process.on("SIGHUP", () => stop(0)); // the terminal closed: the children, in their own groups, do not get it
for (const c of children) c.on("exit", (code) => stop(code ?? 1));

// One banner, printed once the dev store answers and every route the store and the popup reach is compiled, so the
// first Save & Activate works (scripts/lib/warm-up.mjs).
console.log("\n  Starting the app and the dev store (the first start compiles the pages the activation needs)…\n");
const [, cold] = await Promise.all([
  answers(`http://127.0.0.1:${DEVSTORE_PORT}/admin`, { withinMs: 120_000 }),
  warmRoutes(`http://127.0.0.1:${PORT}`),
]);
if (cold.length > 0)
  console.log(
    `  These pages did not answer yet: ${cold.join(", ")}. The first Activate may time out; click Activate again.`,
  );
if (!stopping) {
  console.log(`
  ┌─ Magento integration kit ───────────────────────────────────────────────
  │ App:                ${APP_URL}
  │ Dev store admin:    http://127.0.0.1:${DEVSTORE_PORT}/admin
  │ Job worker:         ${process.env.WORKER === "off" ? "off (WORKER=off): run one with npm run worker" : "in the app process (WORKER=off to turn off)"}
  │
  │ In the dev store admin: Add New Integration, then paste
  │   Callback URL:      ${APP_URL}/api/integration/callback
  │   Identity link URL: ${APP_URL}/integration/identity
  │ and click Save & Activate → Allow. Sign up in the popup; the store appears under Stores.
  └─────────────────────────────────────────────────────────────────────────
`);
}
