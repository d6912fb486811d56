import { createHash, timingSafeEqual } from "node:crypto";
import { getEnv } from "@/lib/env";

/**
 * The operators' endpoints (/api/ops/*) answer only `Authorization: Bearer <OPS_TOKEN>`, compared in constant
 * time; without OPS_TOKEN they do not exist (404). Returns the refusal, or null when the caller may proceed.
 */
export function refuseUnlessOps(request: Request): Response | null {
  const token = getEnv().opsToken;
  const json = (body: unknown, status: number) =>
    Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
  if (!token) return json({ error: "Not found." }, 404);
  const given = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  const digest = (s: string) => createHash("sha256").update(s).digest();
  if (!timingSafeEqual(digest(given), digest(token)))
    return json({ error: "Send Authorization: Bearer <OPS_TOKEN>." }, 401);
  return null;
}
