/**
 * `npm run worker`: a job worker alone (no web server): token exchanges, health probes, exports, upkeep. Any
 * number may run next to the app's own in-process workers on one database (docs/platform.md, "Workers").
 * Migrates the database first, like `npm run dev`. SIGTERM or Ctrl+C stops it after its running jobs finish
 * (at most 30 s; a job cut short runs again once its lease is over).
 */
import { getEnv, EnvError } from "@/lib/env";
import { kitFromEnv, workerSettings } from "@/lib/kit-from-env";
import { migrate } from "./setup.mjs";

async function main(): Promise<void> {
  const env = getEnv();
  await migrate({ databaseUrl: env.databaseUrl, quiet: true });
  const kit = kitFromEnv(env);
  await kit.jobs.queue.start();
  const settings = workerSettings(env);
  kit.jobs.startWorker(settings);
  const where = env.databaseUrl.startsWith("file:") ? env.databaseUrl : env.databaseUrl.replace(/\/\/[^@]*@/, "//");
  console.log(`worker running on ${where}: ${settings.concurrency} jobs at once, ${settings.laneCap} per store (pid ${process.pid})`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log("worker stopping: waiting for running jobs…");
    await kit.close(30_000);
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}

main().catch((e: unknown) => {
  console.error(e instanceof EnvError ? `The worker cannot start: ${e.message}` : `worker: ${(e as Error).stack ?? String(e)}`);
  process.exit(1);
});
