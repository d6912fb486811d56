import { kit } from "@/app/_kit";
import { eventAnswer } from "@/app/_kit/event-answer";

/**
 * Adobe I/O Events webhook intake of one installation (packages/sync/src/events/intake.ts): at-least-once CloudEvents, retried
 * by Adobe for a day; `GET ?challenge=` when the registration is saved.
 */
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  return eventAnswer(await kit().events.intake.io(id, { headers: request.headers, body: request.body }));
}

export function GET(request: Request): Response {
  return eventAnswer(kit().events.intake.challenge(new URL(request.url).searchParams.get("challenge")));
}
