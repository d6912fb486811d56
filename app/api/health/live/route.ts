/**
 * Liveness: the process is up and its event loop answers (nothing else is checked, so a database outage never gets
 * a healthy process restarted). Readiness, whether to send it traffic, is /api/health/ready.
 */
export const dynamic = "force-dynamic";

export function GET(): Response {
  return new Response("ok\n", {
    status: 200,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
