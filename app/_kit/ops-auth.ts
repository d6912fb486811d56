import { getEnv } from "@/lib/env";
import { opsRefusal } from "@magento-integration/storage/ops";

/**
 * The operators' endpoints (/api/ops/*) answer only `Authorization: Bearer <OPS_TOKEN>`, compared in constant
 * time; without OPS_TOKEN they do not exist (404). Returns the refusal, or null when the caller may proceed.
 */
export function refuseUnlessOps(request: Request): Response | null {
  const refused = opsRefusal(request.headers.get("authorization"), getEnv().opsToken);
  return refused
    ? Response.json({ error: refused.error }, { status: refused.status, headers: { "Cache-Control": "no-store" } })
    : null;
}
