/** Child processes for multi-instance tests and benchmarks: started with their own env, killed by pid. */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { WORKER_NODE_FLAGS } from "@magento-integration/storage/jobs";

const ROOT = join(__dirname, "..", "..");

export interface Child {
  pid: number;
  url: string | null;
  output: () => string;
  /** SIGKILL (kill -9): no cleanup runs. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
  exited: Promise<number | null>;
}

/**
 * Runs a script in a process of its own; resolves once it printed `READY …` (or, with `ready: "started"`, at once).
 * The kit's own scripts (`scripts/*.ts`) run the way their npm commands run them, compiled by scripts/run-ts.mjs;
 * test helpers run through `node --import tsx` (not the tsx CLI: it runs the script in a child process, and a
 * kill -9 of the CLI would leave that child running).
 */
export async function startChild(
  script: string,
  env: Record<string, string>,
  opts: { ready?: RegExp | "started"; timeoutMs?: number } = {},
): Promise<Child> {
  // BENCH_CHILD_PROF=<dir>: the kit's scripts (a benchmark's worker) write a V8 CPU profile there when they exit
  const prof = process.env.BENCH_CHILD_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CHILD_PROF}`] : [];
  // a worker gets the node flags `npm run worker` gives it (its heap setting: packages/storage/src/jobs/worker-heap.ts)
  const nodeFlags = script === "scripts/worker.ts" ? [...WORKER_NODE_FLAGS] : [];
  const argv = script.startsWith("scripts/")
    ? [...nodeFlags, ...prof, "scripts/run-ts.mjs", script]
    : ["--import", "tsx", script];
  const child: ChildProcess = spawn(process.execPath, argv, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  let url: string | null = null;
  const ready = opts.ready ?? /READY (\S+)/;
  if (ready !== "started") {
    const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
    for (;;) {
      const m = ready.exec(out);
      if (m) {
        url = m[1] ?? null;
        break;
      }
      if (child.exitCode !== null) throw new Error(`${script} exited (${child.exitCode}):\n${out}`);
      if (Date.now() > deadline) throw new Error(`${script} did not get ready:\n${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(sig);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
  };
  return {
    pid: child.pid!,
    url,
    output: () => out,
    kill9: () => signal("SIGKILL"),
    async stop() {
      await signal("SIGTERM");
      await signal("SIGKILL");
    },
    exited,
  };
}
