/**
 * What the Node.js server does once at start (called from instrumentation.ts, Node runtime only): refuse to serve
 * with an invalid environment (exit 1 with what to set), then prepare the job queue and, unless WORKER=off, start
 * a worker in this process. Kept out of instrumentation.ts so the Edge build of that file sees no Node-only API.
 */
import { EnvError, getEnv } from "@/lib/env";
import { startTracing } from "@magento-integration/storage/ops";
import { startBackgroundWork } from "./kit";

export async function startServer(): Promise<void> {
  try {
    getEnv();
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(`\nThe app cannot start: ${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  // traces only when an OTLP endpoint is set (docs/operations.md); spans of this process's worker included
  await startTracing({ serviceName: "magento-integration-kit" }).catch((e: unknown) =>
    console.error("tracing could not start:", (e as Error).message),
  );
  // not awaited: a database that is not reachable yet is waited for while the app already answers
  void startBackgroundWork().catch((e: unknown) =>
    console.error("the job worker could not start:", (e as Error).message),
  );
}
