/** Runs `npm run devstore` (packages/devstore/src/main.ts) as a child process: its banner, stderr and exit code. */
import { spawn } from "node:child_process";

export function runCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["--import", "tsx", "packages/devstore/src/main.ts", ...args], {
    cwd: process.cwd(),
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr.on("data", (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const banner = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      if (/Ctrl\+C stops it/.test(out)) {
        clearInterval(timer);
        resolve(out);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`exited ${code}: ${err}`));
    });
  });
  return { child, banner, exited, stderr: () => err };
}
