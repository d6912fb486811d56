/** The operators' bearer token (OPS_TOKEN), checked the same way by the web app's /api/ops/* and the worker's metrics. */
import { createHash, timingSafeEqual } from "node:crypto";

/** Why an operator's request is refused, or null when its `Authorization` header carries the token. */
export function opsRefusal(
  authorization: string | null | undefined,
  token: string | undefined,
): { status: 404 | 401; error: string } | null {
  if (!token) return { status: 404, error: "Not found." };
  const given = /^Bearer (.+)$/.exec(authorization ?? "")?.[1] ?? "";
  // compared as digests of equal length, in constant time: no early exit tells how much of the token matched
  const digest = (s: string) => createHash("sha256").update(s).digest();
  if (!timingSafeEqual(digest(given), digest(token)))
    return { status: 401, error: "Send Authorization: Bearer <OPS_TOKEN>." };
  return null;
}
