import type { IntakeAnswer } from "@magento-integration/sync/events";

/** An intake answer as an HTTP response: JSON, never cached, Retry-After when the budget is spent. */
export function eventAnswer(a: IntakeAnswer): Response {
  const headers: Record<string, string> = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
  if (a.retryAfterSeconds) headers["Retry-After"] = String(a.retryAfterSeconds);
  return Response.json(a.json, { status: a.status, headers });
}
