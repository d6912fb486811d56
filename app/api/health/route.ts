/**
 * Liveness: the process answers HTTP (nothing else is checked; a POST's body is read, at most 64 KiB, and dropped).
 * For load balancers, and the callback benchmark's yardstick: the same server answering a route that does no work
 * (bench/callback-burst).
 */
import { CALLBACK_BODY_MAX_BYTES, readBodyCapped } from "@/app/_kit/request";

export const dynamic = "force-dynamic";

const plain = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
const ok = () => plain(200, "ok\n");

export function GET(): Response {
  return ok();
}

export async function POST(request: Request): Promise<Response> {
  // the same body a callback carries is read (never more than the callback route reads), then nothing is done with it
  if ((await readBodyCapped(request, CALLBACK_BODY_MAX_BYTES)) === null)
    return plain(413, "The body is too large: this route takes at most 64 KiB.\n");
  return ok();
}
