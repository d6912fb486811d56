/**
 * Runs once when the Next.js server starts (`next dev`, `next start`). On the Node.js runtime it hands over to
 * app/_kit/server-start.ts: refuse an invalid environment, then start the job queue and the in-process worker.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServer } = await import("@/app/_kit/server-start");
  await startServer();
}
