/**
 * The dev store's event surfaces (`--edition commerce`):
 * - REST `GET /V1/webhooks/list`, `POST /V1/webhooks/subscribe`, `POST /V1/webhooks/unsubscribe` (admin token or
 *   an integration with Magento_AdobeCommerceWebhooks::webhooks);
 * - admin JSON API `/admin/api/webhooks*` and `/admin/api/io-events/*` for scripts and tests;
 * - admin page `/admin/webhooks` (System › Webhooks and the Webhooks configuration's "Regenerate key pair");
 * - `/prod/keys/<file>.pem`: the stand-in for Adobe's I/O Events key host (same paths as Adobe's).
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { RouteDef } from "../rest/route.ts";
import { RestError } from "../rest/types.ts";
import { esc, layout } from "../admin/html.ts";
import { webhookSchema, type CommerceWebhooks } from "./commerce-webhooks.ts";
import type { IoEvents } from "./io-events.ts";

export const WEBHOOKS_RESOURCE = "Magento_AdobeCommerceWebhooks::webhooks";

const unsubscribeSchema = z.object({
  webhook_method: z.string(),
  webhook_type: z.string(),
  batch_name: z.string().optional(),
  hook_name: z.string(),
});

export function webhookRestRoutes(webhooks: CommerceWebhooks): RouteDef[] {
  const webhookOf = (body: Record<string, unknown>) =>
    body.webhook && typeof body.webhook === "object" ? body.webhook : undefined;
  return [
    {
      method: "GET",
      path: "/V1/webhooks/list",
      service: "adobeCommerceWebhooksWebhookListV1",
      operation: "getList",
      aclResource: WEBHOOKS_RESOURCE,
      edition: "commerce",
      summary: "Webhook subscriptions",
      returns: "Webhook[]",
      handler: () => webhooks.list(),
    },
    {
      method: "POST",
      path: "/V1/webhooks/subscribe",
      service: "adobeCommerceWebhooksWebhookSubscribeV1",
      operation: "subscribe",
      aclResource: WEBHOOKS_RESOURCE,
      edition: "commerce",
      summary: "Subscribe a webhook",
      returns: "[]",
      body: [
        {
          name: "webhook",
          type: "object",
          required: true,
          description: "webhook_method, webhook_type, batch_name, hook_name, url, …",
        },
      ],
      handler: (ctx) => {
        const parsed = webhookSchema.safeParse(webhookOf(ctx.body));
        if (!parsed.success)
          throw new RestError(
            400,
            `Invalid webhook: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
          );
        webhooks.subscribe(parsed.data);
        return [];
      },
    },
    {
      method: "POST",
      path: "/V1/webhooks/unsubscribe",
      service: "adobeCommerceWebhooksWebhookUnsubscribeV1",
      operation: "unsubscribe",
      aclResource: WEBHOOKS_RESOURCE,
      edition: "commerce",
      summary: "Unsubscribe a webhook",
      returns: "[]",
      body: [
        {
          name: "webhook",
          type: "object",
          required: true,
          description: "webhook_method, webhook_type, batch_name, hook_name",
        },
      ],
      handler: (ctx) => {
        const parsed = unsubscribeSchema.safeParse(webhookOf(ctx.body));
        if (!parsed.success)
          throw new RestError(400, "Invalid webhook: webhook_method, webhook_type and hook_name are required.");
        if (!webhooks.unsubscribe(parsed.data)) throw new RestError(404, "The webhook was not found.");
        return [];
      },
    },
  ];
}

function jsonBody(body: unknown): unknown {
  if (typeof body !== "string" || body.trim() === "") return {};
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

const registerSchema = z.object({ url: z.url({ protocol: /^https?$/ }), clientId: z.string().min(1).max(255) });
const bad = (reply: FastifyReply, message: string) => reply.code(400).send({ message });

export function registerEventRoutes(app: FastifyInstance, webhooks: CommerceWebhooks, io: IoEvents): void {
  app.get("/admin/api/webhooks", async () => webhooks.list());
  app.post("/admin/api/webhooks", async (req, reply) => {
    const parsed = webhookSchema.safeParse(jsonBody(req.body));
    if (!parsed.success)
      return bad(reply, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    return webhooks.subscribe(parsed.data);
  });
  app.post("/admin/api/webhooks/unsubscribe", async (req, reply) => {
    const parsed = unsubscribeSchema.safeParse(jsonBody(req.body));
    if (!parsed.success) return bad(reply, "webhook_method, webhook_type and hook_name are required");
    return { removed: webhooks.unsubscribe(parsed.data) };
  });
  app.get("/admin/api/webhooks/key", async () => ({ publicKey: webhooks.publicKeyPem, signing: webhooks.signing }));
  app.post("/admin/api/webhooks/key/regenerate", async () => ({ publicKey: webhooks.regenerateKeyPair() }));
  app.post("/admin/api/webhooks/signing", async (req, reply) => {
    const parsed = z.object({ enabled: z.boolean() }).safeParse(jsonBody(req.body));
    if (!parsed.success) return bad(reply, 'expected {"enabled": true|false}');
    webhooks.signing = parsed.data.enabled;
    return { signing: webhooks.signing };
  });
  app.get("/admin/api/webhooks/calls", async () => webhooks.calls);

  app.get("/admin/api/io-events/registrations", async () => io.list());
  app.post("/admin/api/io-events/registrations", async (req, reply) => {
    const parsed = registerSchema.safeParse(jsonBody(req.body));
    if (!parsed.success) return bad(reply, 'expected {"url": "https://…", "clientId": "…"}');
    return io.register(parsed.data.url, parsed.data.clientId);
  });
  app.get("/admin/api/io-events/deliveries", async () => io.deliveries);

  // The stand-in for Adobe's key host: the kit's DEV_IO_EVENTS_KEY_ORIGIN is the dev store's origin in development.
  app.get("/prod/keys/:file", async (req, reply) => {
    const path = `/prod/keys/${(req.params as { file: string }).file}`;
    const pem = io.publicKeyAt(path);
    if (!pem) return reply.code(404).header("content-type", "text/plain").send("Not Found");
    return reply.header("content-type", "application/x-pem-file").send(pem);
  });

  const page = async (_req: unknown, reply: FastifyReply) => {
    const rows = webhooks
      .list()
      .map(
        (h) =>
          `<tr><td>${esc(h.webhook_method)}</td><td>${esc(h.webhook_type)}</td><td>${esc(h.hook_name)}</td><td class="mono">${esc(h.url)}</td><td>${esc(h.timeout)} ms</td><td>${h.required ? "Yes" : "No"}</td></tr>`,
      )
      .join("");
    const regs = io
      .list()
      .map((r) => `<tr><td class="mono">${esc(r.url)}</td><td>${esc(r.clientId)}</td><td>${esc(r.status)}</td></tr>`)
      .join("");
    const body = `<section><h2>Webhooks</h2>
<table class="grid"><thead><tr><th>Webhook method</th><th>Type</th><th>Hook name</th><th>URL</th><th>Timeout</th><th>Required</th></tr></thead>
<tbody>${rows || `<tr><td colspan="6">No webhooks subscribed.</td></tr>`}</tbody></table>
<form method="post" action="/admin/webhooks/add"><h3>Add webhook</h3>
<label>Webhook method <input name="webhook_method" value="observer.catalog_product_save_after" required></label>
<label>Type <select name="webhook_type"><option>after</option><option>before</option></select></label>
<label>Hook name <input name="hook_name" value="app_hook" required></label>
<label>URL <input name="url" type="url" required></label>
<label>Timeout (ms) <input name="timeout" type="number" value="5000"></label>
<label><input type="checkbox" name="required" value="1"> Required</label>
<button type="submit">Save</button></form>
<h2>Adobe Services › Webhooks: digital signature</h2>
<p>Signing: ${webhooks.signing ? "enabled" : "disabled"}. Public key:</p><pre>${esc(webhooks.publicKeyPem)}</pre>
<form method="post" action="/admin/webhooks/regenerate"><button type="submit">Regenerate key pair</button></form>
<h2>Adobe I/O Events registrations</h2>
<table class="grid"><thead><tr><th>Webhook URL</th><th>Client id</th><th>Status</th></tr></thead><tbody>${regs || `<tr><td colspan="3">None.</td></tr>`}</tbody></table></section>`;
    return reply.header("content-type", "text/html; charset=UTF-8").send(layout({ title: "Webhooks", body }));
  };
  app.get("/admin/webhooks", page);
  app.post("/admin/webhooks/regenerate", async (_req, reply) => {
    webhooks.regenerateKeyPair();
    return reply.redirect("/admin/webhooks", 303);
  });
  app.post("/admin/webhooks/add", async (req, reply) => {
    const form = new URLSearchParams(typeof req.body === "string" ? req.body : "");
    const parsed = webhookSchema.safeParse({ ...Object.fromEntries(form), required: form.get("required") === "1" });
    if (!parsed.success)
      return reply
        .code(400)
        .header("content-type", "text/plain")
        .send(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
    webhooks.subscribe(parsed.data);
    return reply.redirect("/admin/webhooks", 303);
  });
}
