import { z } from "zod";
import { kit } from "@/app/_kit";
import { refuseUnlessOps } from "@/app/_kit/ops-auth";
import { JOB_STATES } from "@magento-integration/storage/jobs";

/**
 * Every store's jobs as JSON, for operators: `curl -H "Authorization: Bearer $OPS_TOKEN" {APP_URL}/api/ops/jobs?state=failed`.
 * Exists only when OPS_TOKEN is set (404 otherwise); the token is compared in constant time.
 */
export const dynamic = "force-dynamic";

const query = z.object({
  state: z.array(z.enum(JOB_STATES)).optional(),
  kind: z.array(z.string().max(100)).max(20).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export async function GET(request: Request): Promise<Response> {
  const refused = refuseUnlessOps(request);
  if (refused) return refused;
  const params = new URL(request.url).searchParams;
  const parsed = query.safeParse({
    state: params.getAll("state").length ? params.getAll("state") : undefined,
    kind: params.getAll("kind").length ? params.getAll("kind") : undefined,
    limit: params.get("limit") ?? undefined,
  });
  if (!parsed.success)
    return json(
      { error: `Bad query: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}` },
      400,
    );
  const jobs = await kit().jobs.overview({
    limit: parsed.data.limit,
    ...(parsed.data.state ? { states: parsed.data.state } : {}),
    ...(parsed.data.kind ? { kinds: parsed.data.kind } : {}),
  });
  return json({ jobs });
}
