#!/usr/bin/env node
// The web process, as the image and `npm start` run it: Next's standalone server (`next build` with output
// "standalone" writes .next/standalone/server.js; `npm run build` copies this file beside it as ops/web.mjs) with
// the kit's graceful stop. On SIGTERM or SIGINT:
//   1. readiness answers 503 at once (GET /api/health/ready), for SHUTDOWN_DELAY_SECONDS (default 0) while the
//      server still answers, so a load balancer that polls readiness stops sending traffic first;
//   2. the listening socket closes (new connections are refused) and every connection already accepted gets its
//      answer, for at most SHUTDOWN_GRACE_SECONDS (default 25): scripts/lib/http-drain.mjs;
//   3. the in-process worker stops fetching and lets its running jobs finish (the same grace; a job cut short is
//      handed to another worker when its 15 s hold ends);
//   4. the process exits 0 (1 when the grace ran out with requests still open).
// Next's own signal handling is turned off (NEXT_MANUAL_SIG_HANDLE): it exits 143 without waiting for the worker.
import http from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { drainable } from "./lib/http-drain.mjs";

const standalone = join(dirname(fileURLToPath(import.meta.url)), "..");
const seconds = (name, fallback) => {
  const v = process.env[name]?.trim();
  return v && /^\d+$/.test(v) ? Number(v) : fallback;
};

process.env.NEXT_MANUAL_SIG_HANDLE = "true";
const lifecycle = (globalThis.__kitLifecycle = { draining: false, managed: true, hooks: [] });

// the HTTP server(s) Next creates, to close them ourselves
const servers = [];
const createServer = http.createServer;
http.createServer = function (...args) {
  const server = createServer.apply(this, args);
  servers.push(drainable(server));
  return server;
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let stopping = false;

async function stop(signal) {
  if (stopping) return;
  stopping = true;
  lifecycle.draining = true;
  const graceMs = seconds("SHUTDOWN_GRACE_SECONDS", 25) * 1000;
  console.log(
    `web: ${signal}: draining (readiness 503), then finishing requests in flight (at most ${graceMs / 1000} s)`,
  );
  await sleep(seconds("SHUTDOWN_DELAY_SECONDS", 0) * 1000);
  const deadline = Date.now() + graceMs;
  const drained = await Promise.all(
    servers.map((server) =>
      server.drain(graceMs, (waitedMs) =>
        console.log(`web: new connections refused from now (${waitedMs} ms to accept what was queued)`),
      ),
    ),
  );
  const clean = drained.every(Boolean);
  for (const hook of lifecycle.hooks) {
    await Promise.race([
      hook().catch((e) => console.error(`web: shutdown: ${e.message}`)),
      sleep(Math.max(1000, deadline - Date.now())),
    ]);
  }
  console.log(clean ? "web: stopped" : "web: stopped; the grace period ran out with requests still open");
  process.exit(clean ? 0 : 1);
}

process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));

await import(pathToFileURL(join(standalone, "server.js")).href);
