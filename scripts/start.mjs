#!/usr/bin/env node
// `npm start`: the production web server. Checks the environment with the app's own parser (lib/env.ts) before
// the server starts, and exits non-zero saying what to set when something is missing or weak (SESSION_SECRET,
// ENCRYPTION_KEY, APP_URL…), instead of printing "Ready" and answering 500. Then runs the web entry of the
// standalone output (.next/standalone/ops/web.mjs, as the image does: Next's server with the kit's graceful stop,
// scripts/web.mjs) on 127.0.0.1 (HOST; put a TLS reverse proxy in front). The server checks again at start
// (instrumentation.ts). Exits with the server's code: 0 after a graceful SIGTERM.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { importTs } from "./lib/compile-ts.mjs";
import { secureSqliteFile } from "./setup.mjs";

// the same check `npm run worker` makes (lib/process-env.ts), with production as the default mode
const { withNodeEnv, parseProcessEnv, trustProxyWarning, EnvError } = await importTs("lib/process-env.ts");
const env = withNodeEnv(process.env, "production");
let parsed;
try {
  parsed = parseProcessEnv(env, "production");
} catch (e) {
  if (e instanceof EnvError || e?.name === "EnvError") {
    console.error(
      `\nThe app cannot start: ${e.message}\n\nSet what is listed above in the environment and run npm start again.\n`,
    );
    process.exit(1);
  }
  throw e;
}
const proxyWarning = trustProxyWarning(env);
if (proxyWarning) console.warn(`npm start: ${proxyWarning}`);
if (parsed.databaseUrl.startsWith("file:")) {
  secureSqliteFile(parsed.databaseUrl);
  // the standalone server runs in its own folder: a relative SQLite path keeps meaning this checkout's file
  const [path, query] = parsed.databaseUrl.slice("file:".length).split(/\?(.*)/s);
  if (!isAbsolute(path)) env.DATABASE_URL = `file:${resolve(path)}${query ? `?${query}` : ""}`;
}

const distDir = process.env.NEXT_DIST_DIR || ".next";
const web = join(process.cwd(), distDir, "standalone", "ops", "web.mjs");
const buildId = (file) => (existsSync(file) ? readFileSync(file, "utf8").trim() : null);
const built = buildId(join(distDir, "BUILD_ID"));
if (!existsSync(web) || !built || buildId(join(distDir, "standalone", "ops", "BUILD_ID")) !== built) {
  console.error("\nThe app is not built (or was built by `next build` alone). Run: npm run build\n");
  process.exit(1);
}

const child = spawn(process.execPath, [web], {
  env: { ...env, PORT: String(parsed.port), HOSTNAME: process.env.HOST ?? "127.0.0.1" },
  stdio: "inherit",
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
