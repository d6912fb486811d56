/**
 * Runs once when the Next.js server starts (`next dev`, `next start`): refuses to serve with an invalid
 * environment (exit 1 with what to set), then prepares the job queue and, unless WORKER=off, starts a worker in
 * this process (app/_kit/kit.ts startBackgroundWork).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { getEnv, EnvError } = await import("@/lib/env");
  try {
    getEnv();
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(`\nThe app cannot start: ${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  const { startBackgroundWork } = await import("@/app/_kit/kit");
  await startBackgroundWork().catch((e: unknown) => console.error("the job worker could not start:", (e as Error).message));
}
