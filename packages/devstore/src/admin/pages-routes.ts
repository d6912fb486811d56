/**
 * Merchant admin pages under /admin (server-rendered): grid, new/edit form, save, delete, tokensExchange
 * (the AJAX call behind Allow), and loginSuccessCallback (the popup's landing page).
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { isKnownResource } from "../acl.ts";
import type { StoreContext } from "../store-context.ts";
import type { FlashMessage } from "./html.ts";
import { ADMIN_BASE, renderForm, renderGrid, type FormValues } from "./pages.ts";

const URL_MESSAGE = "Please enter a valid URL. Protocol is required (http://, https:// or ftp://).";

function html(reply: FastifyReply, body: string, status = 200) {
  return reply.code(status).header("content-type", "text/html; charset=UTF-8").send(body);
}

function formValues(body: string): { values: FormValues; action: string } {
  const f = new URLSearchParams(body);
  const id = f.get("id");
  const resources = f.get("all_resources") === "0" ? f.getAll("resource[]").filter(isKnownResource) : "all";
  return {
    values: {
      ...(id ? { id: Number(id) } : {}),
      name: (f.get("name") ?? "").trim(),
      email: (f.get("email") ?? "").trim(),
      endpoint: (f.get("endpoint") ?? "").trim(),
      identityLinkUrl: (f.get("identity_link_url") ?? "").trim(),
      resources,
    },
    action: f.get("save_action") ?? "save",
  };
}

function validate(v: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.name) errors.name = "This is a required field.";
  if (v.email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v.email))
    errors.email = "Please enter a valid email address (Ex: johndoe@domain.com).";
  for (const [key, value] of [
    ["endpoint", v.endpoint],
    ["identity_link_url", v.identityLinkUrl],
  ] as const) {
    if (value && !/^(https?|ftp):\/\/[^\s]+$/i.test(value)) errors[key] = URL_MESSAGE;
  }
  return errors;
}

export function registerAdminPages(app: FastifyInstance, ctx: StoreContext): void {
  let flash: FlashMessage[] = [];
  const takeFlash = () => {
    const m = flash;
    flash = [];
    return m;
  };
  const toGrid = (reply: FastifyReply, query = "") =>
    reply.code(302).header("location", `${ADMIN_BASE}/${query}`).send();

  const grid = async (req: { query: unknown }, reply: FastifyReply) => {
    const activate = Number((req.query as { activate?: string }).activate);
    return html(
      reply,
      renderGrid(ctx.admin.list(), takeFlash(), Number.isInteger(activate) && activate > 0 ? activate : undefined),
    );
  };
  app.get("/admin", grid);
  app.get("/admin/", grid);
  app.get(`${ADMIN_BASE}/`, grid);
  app.get(ADMIN_BASE, grid);

  app.get(`${ADMIN_BASE}/new/`, async (_req, reply) =>
    html(reply, renderForm({ name: "", email: "", endpoint: "", identityLinkUrl: "", resources: "all" }, {})),
  );

  app.get(`${ADMIN_BASE}/edit/id/:id/`, async (req, reply) => {
    const view = ctx.admin.get(Number((req.params as { id: string }).id));
    if (!view) {
      flash.push({ type: "error", text: "This integration no longer exists." });
      return toGrid(reply);
    }
    const values = {
      id: view.id,
      name: view.name,
      email: view.email,
      endpoint: view.endpoint,
      identityLinkUrl: view.identity_link_url,
      resources: view.resources,
    };
    return html(reply, renderForm(values, {}, view));
  });

  app.post(`${ADMIN_BASE}/save/`, async (req, reply) => {
    const { values, action } = formValues(typeof req.body === "string" ? req.body : "");
    const errors = validate(values);
    const existing = values.id !== undefined ? ctx.admin.get(values.id) : undefined;
    if (Object.keys(errors).length > 0) return html(reply, renderForm(values, errors, existing), 400);
    const input = {
      name: values.name,
      email: values.email,
      endpoint: values.endpoint,
      identityLinkUrl: values.identityLinkUrl,
      resources: values.resources,
    };
    const saved = values.id !== undefined ? ctx.admin.update(values.id, input) : ctx.admin.create(input);
    if (!saved) {
      flash.push({ type: "error", text: "This integration no longer exists." });
      return toGrid(reply);
    }
    flash.push({ type: "success", text: `The integration '${saved.name}' has been saved.` });
    return toGrid(reply, action === "save_activate" ? `?activate=${saved.id}` : "");
  });

  app.post(`${ADMIN_BASE}/delete/id/:id/`, async (req, reply) => {
    const id = Number((req.params as { id: string }).id);
    const view = ctx.admin.get(id);
    if (view && ctx.admin.delete(id))
      flash.push({ type: "success", text: `The integration '${view.name}' has been deleted.` });
    else flash.push({ type: "error", text: "This integration no longer exists." });
    return toGrid(reply);
  });

  // TokensExchange (OAuth) or TokensDialog (manual mode), behind Allow.
  const tokensExchange = (reauthorize: boolean) => async (req: { params: unknown }, reply: FastifyReply) => {
    const id = Number((req.params as { id: string }).id);
    const result = await ctx.admin.activate(id, reauthorize);
    if (!result) {
      flash.push({ type: "error", text: "This integration no longer exists." });
      return reply.send({ error: true });
    }
    if (result.mode === "manual") return reply.send({ tokens: result.tokens });
    if (result.callback.error !== undefined) {
      flash.push({ type: "error", text: result.callback.error });
      return reply.send({ error: true });
    }
    const view = ctx.admin.get(id)!;
    return reply.send({
      identity_link_url: view.identity_link_url,
      oauth_consumer_key: result.oauth_consumer_key,
      success_call_back: ctx.admin.successCallbackUrl(),
    });
  };
  app.post(`${ADMIN_BASE}/tokensExchange/id/:id/`, tokensExchange(false));
  app.post(`${ADMIN_BASE}/tokensExchange/id/:id/reauthorize/1/`, tokensExchange(true));

  // LoginSuccessCallback: the identity popup lands here and closes itself.
  app.get(`${ADMIN_BASE}/loginSuccessCallback/key/:key/`, async (req, reply) => {
    const { key } = req.params as { key: string };
    if (key !== ctx.adminUrlKey) return toGrid(reply);
    return html(reply, '<script>setTimeout("self.close()",1000);</script>');
  });
}
