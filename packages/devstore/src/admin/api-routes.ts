/** The admin JSON API (dev only, loopback, no auth): the merchant's actions for scripts and tests. */
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { isKnownResource, withDescendants } from "../acl.ts";
import { RestError } from "../rest/types.ts";
import type { StoreContext } from "../store-context.ts";

const IntegrationBody = z.object({
  name: z.string().trim().min(1),
  email: z.string().optional(),
  endpoint: z.string().optional(),
  identityLinkUrl: z.string().optional(),
  resources: z.union([z.literal("all"), z.array(z.string())]).default("all"),
});

const ClockBody = z.object({ offsetSeconds: z.number().finite() });
const BulkConsumerBody = z
  .object({
    running: z.boolean().optional(),
    operationsPerSecond: z.number().finite().positive().max(1_000_000).optional(),
    failNextRetriably: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict()
  .refine(
    (b) => b.running !== undefined || b.operationsPerSecond !== undefined || b.failNextRetriably !== undefined,
    "give running (true|false), operationsPerSecond and/or failNextRetriably",
  );
const IdParams = z.object({ id: z.coerce.number().int().positive() });

/** The :id path parameter, or 0 (matches no integration → 404). */
function idOf(params: unknown): number {
  const parsed = IdParams.safeParse(params);
  return parsed.success ? parsed.data.id : 0;
}

function parseJson(body: unknown): unknown {
  if (typeof body !== "string" || body.trim() === "") return {};
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function bad(reply: FastifyReply, message: string) {
  return reply.code(400).send({ message });
}

export function registerAdminApi(app: FastifyInstance, ctx: StoreContext): void {
  const notFound = (reply: FastifyReply, id: number) =>
    reply.code(404).send({ message: `Integration with ID '${id}' does not exist.` });

  app.post("/admin/api/integrations", async (req, reply) => {
    const parsed = IntegrationBody.safeParse(parseJson(req.body));
    if (!parsed.success)
      return bad(reply, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    const unknown = parsed.data.resources === "all" ? [] : parsed.data.resources.filter((r) => !isKnownResource(r));
    if (unknown.length > 0) return bad(reply, `Unknown ACL resources: ${unknown.join(", ")}`);
    // Granting a parent in the API grants its subtree, as the admin tree does by ticking the children.
    const resources = parsed.data.resources === "all" ? "all" : withDescendants(parsed.data.resources);
    return reply.code(200).send(ctx.admin.create({ ...parsed.data, resources }));
  });

  app.get("/admin/api/integrations", async () => ctx.admin.list());

  app.get("/admin/api/integrations/:id", async (req, reply) => {
    const id = idOf(req.params);
    const view = ctx.admin.get(id);
    return view ?? notFound(reply, id);
  });

  const activate = (reauthorize: boolean) => async (req: { params: unknown }, reply: FastifyReply) => {
    const id = idOf(req.params);
    const result = await ctx.admin.activate(id, reauthorize);
    if (!result) return notFound(reply, id);
    if (result.mode === "manual") return { tokens: result.tokens };
    return {
      identity_url: result.identity_url,
      oauth_consumer_key: result.oauth_consumer_key,
      callback: result.callback,
    };
  };
  app.post("/admin/api/integrations/:id/activate", activate(false));
  app.post("/admin/api/integrations/:id/reauthorize", activate(true));

  app.post("/admin/api/integrations/:id/revoke", async (req, reply) => {
    const id = idOf(req.params);
    if (!ctx.admin.get(id)) return notFound(reply, id);
    return { revoked: ctx.admin.revoke(id) };
  });

  app.delete("/admin/api/integrations/:id", async (req, reply) => {
    const id = idOf(req.params);
    return ctx.admin.delete(id) ? { deleted: true } : notFound(reply, id);
  });

  app.post("/admin/api/reset", async () => {
    ctx.resetAuthState();
    ctx.resetData();
    return { reset: true };
  });

  // Who the REST layer would see for this request (same authenticate as /rest): a debugging aid for apps.
  app.all("/admin/api/whoami", async (req, reply) => {
    try {
      const caller = await ctx.authenticate({
        method: req.method,
        rawUrl: req.raw.url ?? "/",
        headers: req.headers,
        body: typeof req.body === "string" ? req.body : "",
      });
      return { caller };
    } catch (e) {
      if (e instanceof RestError) return reply.code(e.status).send(e.toBody());
      throw e;
    }
  });

  // The bulk consumer (async.operations.all): stop it to leave operations open, as a store without one does.
  const consumerView = () => ({
    running: ctx.bulk.running,
    operationsPerSecond: ctx.bulk.operationsPerSecond,
    open: ctx.bulk.openCount(),
    failNextRetriably: ctx.bulk.failNextRetriably,
  });
  app.get("/admin/api/bulk-consumer", async () => consumerView());
  app.post("/admin/api/bulk-consumer", async (req, reply) => {
    const parsed = BulkConsumerBody.safeParse(parseJson(req.body));
    if (!parsed.success) return bad(reply, parsed.error.issues.map((i) => i.message).join("; "));
    if (parsed.data.running !== undefined) await ctx.bulk.setRunning(parsed.data.running);
    if (parsed.data.operationsPerSecond !== undefined) ctx.bulk.operationsPerSecond = parsed.data.operationsPerSecond;
    if (parsed.data.failNextRetriably !== undefined) ctx.bulk.failNextRetriably = parsed.data.failNextRetriably;
    return consumerView();
  });

  // Every bulk the store accepted, oldest first: tests count submissions with it.
  app.get("/admin/api/bulk", async () =>
    ctx.bulk.all().map((b) => ({
      uuid: b.uuid,
      operation_count: b.operations.length,
      topic_name: b.topicName,
      start_time: b.startTime,
      open: b.operations.filter((o) => o.status === 4).length,
    })),
  );

  app.get("/admin/api/clock", async () => ({ offsetSeconds: ctx.clock.offsetSeconds(), now: ctx.clock.nowSeconds() }));

  app.post("/admin/api/clock", async (req, reply) => {
    const parsed = ClockBody.safeParse(parseJson(req.body));
    if (!parsed.success) return bad(reply, "offsetSeconds must be a number");
    ctx.clock.setOffsetSeconds(parsed.data.offsetSeconds);
    return { offsetSeconds: ctx.clock.offsetSeconds(), now: ctx.clock.nowSeconds() };
  });
}
