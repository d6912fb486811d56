import { metrics } from "@magento-integration/storage/ops";
import { refuseUnlessOps } from "@/app/_kit/ops-auth";
import { kit } from "@/app/_kit";

/**
 * Prometheus metrics of this web process (and its in-process worker), for operators:
 * `curl -H "Authorization: Bearer $OPS_TOKEN" {APP_URL}/api/ops/metrics`. Exists only when OPS_TOKEN is set.
 * The metrics and the alerts worth setting: docs/operations.md.
 */
export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const refused = refuseUnlessOps(request);
  if (refused) return refused;
  kit(); // the database gauges read through this process's queue
  const registry = metrics().registry;
  return new Response(await registry.metrics(), {
    status: 200,
    headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" },
  });
}
