import { readiness } from "@/app/_kit";

/**
 * Readiness: 200 when this instance may take traffic, 503 otherwise (shutting down, database unreachable,
 * migrations pending, or no job worker beating). The body names each check (docs/operations.md, "Health").
 */
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const r = await readiness();
  return Response.json(
    { ready: r.ready, ...r.checks, ...(r.pending.length ? { pendingMigrations: r.pending } : {}) },
    { status: r.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
