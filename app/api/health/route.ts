/**
 * Liveness: the process answers HTTP (nothing else is checked, nothing is read). For load balancers, and the
 * callback benchmark's yardstick: the same server answering a route that does no work (bench/callback-burst).
 */
export const dynamic = "force-dynamic";

const ok = () => new Response("ok\n", { status: 200, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export function GET(): Response {
  return ok();
}

export async function POST(request: Request): Promise<Response> {
  await request.text(); // the same body a callback carries is read, then nothing is done with it
  return ok();
}
