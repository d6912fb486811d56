#!/usr/bin/env node
// `npm start`: the production server. Checks the environment with the app's own parser (lib/env.ts) before
// Next starts, and exits non-zero saying what to set when something is missing or weak (SESSION_SECRET,
// ENCRYPTION_KEY, APP_URL…), instead of printing "Ready" and answering 500. Then runs `next start` on
// 127.0.0.1 (put a TLS reverse proxy in front). The server checks again at start (instrumentation.ts).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { importTs } from "./lib/compile-ts.mjs";
import { secureSqliteFile } from "./setup.mjs";

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" };
const { parseEnv, EnvError } = await importTs("lib/env.ts");
let parsed;
try {
  parsed = parseEnv(env);
} catch (e) {
  if (e instanceof EnvError || e?.name === "EnvError") {
    console.error(`\nThe app cannot start: ${e.message}\n\nSet what is listed above in the environment and run npm start again.\n`);
    process.exit(1);
  }
  throw e;
}
if (parsed.databaseUrl.startsWith("file:")) secureSqliteFile(parsed.databaseUrl);

const child = spawn(join(process.cwd(), "node_modules", ".bin", "next"), ["start", "-H", process.env.HOST ?? "127.0.0.1", "-p", String(parsed.port), ...process.argv.slice(2)], {
  env,
  stdio: "inherit",
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
