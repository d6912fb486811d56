import { kit } from "@/app/_kit";
import { eventAnswer } from "@/app/_kit/event-answer";

/**
 * Commerce webhook intake of one installation (packages/sync/src/events/intake.ts): the store posts here synchronously, inside
 * its own request, and waits up to the hook's timeout. Verified notifications are queued and answered
 * `{"op":"success"}` at once; decision hooks answer inline.
 */
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  return eventAnswer(await kit().events.intake.commerce(id, { headers: request.headers, body: request.body }));
}
