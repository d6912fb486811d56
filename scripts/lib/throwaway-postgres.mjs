#!/usr/bin/env node
// A throwaway PostgreSQL server for tests and benchmarks: Debian's PostgreSQL 15 binaries, a temp data dir,
// 127.0.0.1 on a free port, trust auth, no other listener (the Unix socket lives in the temp dir).
//
//   node scripts/lib/throwaway-postgres.mjs start   → prints `<dir> <url>` (then stop it with the dir)
//   node scripts/lib/throwaway-postgres.mjs stop <dir>
//   import { startThrowawayPostgres } from "./throwaway-postgres.mjs"  → { url, dir, stop() }
//
// As root the server runs as the `postgres` user (initdb refuses root); otherwise as the current user.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isProgram } from "./is-program.mjs";

export const INSTALL_HINT = "sudo apt-get install -y postgresql";

/** The newest /usr/lib/postgresql/<major>/bin (Debian's layout), or null. */
export function postgresBin() {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const majors = readdirSync(root).filter((d) => /^\d+$/.test(d) && existsSync(join(root, d, "bin", "pg_ctl")));
  majors.sort((a, b) => Number(b) - Number(a));
  return majors.length ? join(root, majors[0], "bin") : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const asRoot = typeof process.getuid === "function" && process.getuid() === 0;

function run(bin, args) {
  const cmd = asRoot ? "runuser" : bin;
  const argv = asRoot ? ["-u", "postgres", "--", bin, ...args] : args;
  const r = spawnSync(cmd, argv, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${bin} ${args.join(" ")} failed (${r.status}):\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

export async function startThrowawayPostgres({ quiet = true } = {}) {
  const bin = postgresBin();
  if (!bin) throw new Error(`PostgreSQL is not installed. Install it once with: ${INSTALL_HINT}`);
  const dir = mkdtempSync(join(tmpdir(), "kit-pg-"));
  chmodSync(dir, 0o755);
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  const data = join(dir, "data");
  run(join(bin, "initdb"), [
    "-D",
    data,
    "-U",
    "postgres",
    "--auth=trust",
    "-E",
    "UTF8",
    "--no-sync",
    ...(quiet ? ["-N"] : []),
  ]);
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    try {
      // fsync off: a test server's data is thrown away; durability costs time here and proves nothing.
      const opts = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
      run(join(bin, "pg_ctl"), ["-D", data, "-o", opts, "-l", join(dir, "log"), "-w", "-t", "60", "start"]);
      const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
      return { url, dir, stop: () => stopThrowawayPostgres(dir) };
    } catch (e) {
      if (attempt >= 2) throw e; // the port was taken between probing and binding: try another
    }
  }
}

export function stopThrowawayPostgres(dir) {
  const bin = postgresBin();
  if (bin && existsSync(join(dir, "data", "postmaster.pid"))) {
    try {
      run(join(bin, "pg_ctl"), ["-D", join(dir, "data"), "-m", "immediate", "-w", "stop"]);
    } catch {
      /* already stopped */
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

if (isProgram(import.meta.url, "throwaway-postgres.mjs")) {
  const [cmd, arg] = process.argv.slice(2);
  if (cmd === "start") {
    startThrowawayPostgres().then(
      ({ dir, url }) => console.log(`${dir} ${url}`),
      (e) => {
        console.error(e.message);
        process.exit(1);
      },
    );
  } else if (cmd === "stop" && arg) {
    stopThrowawayPostgres(arg);
  } else {
    console.error("usage: throwaway-postgres.mjs start | stop <dir>");
    process.exit(2);
  }
}
