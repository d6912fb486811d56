/**
 * Developer-portal (EQP) API under /devportal (docs/spec/store-rest-service.md "Developer-portal API"): session tokens by HTTP Basic app credentials,
 * user profiles by Bearer ust. Errors are `{code, message}`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { StoreContext } from "../store-context.ts";
import { SUMMARY_FIELDS } from "./portal-state.ts";

const TokenBody = z.object({ grant_type: z.string(), expires_in: z.number().int().positive().optional() });

function fail(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.code(status).header("content-type", "application/json").send(JSON.stringify({ code, message }));
}

function basicCredentials(req: FastifyRequest): { id: string; secret: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(req.headers.authorization ?? "");
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? undefined : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export function registerPortalRoutes(app: FastifyInstance, ctx: StoreContext): void {
  const sessionToken = (idField: "platform_id" | "mage_id") => async (req: FastifyRequest, reply: FastifyReply) => {
    const creds = basicCredentials(req);
    const portalApp = creds ? ctx.portal.authenticateApp(creds.id, creds.secret) : undefined;
    if (!portalApp) return fail(reply, 401, 1201, "Invalid application credentials.");
    let json: unknown;
    try {
      json = JSON.parse(typeof req.body === "string" && req.body !== "" ? req.body : "null");
    } catch {
      return fail(reply, 400, 1101, "Malformed JSON request body.");
    }
    const parsed = TokenBody.safeParse(json);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0];
      if (field === "expires_in")
        return fail(reply, 400, 1104, "expires_in must be a positive integer number of seconds.");
      return fail(reply, 400, 1102, "grant_type is required.");
    }
    if (parsed.data.grant_type !== "session")
      return fail(reply, 400, 1103, "Unsupported grant_type; only session is supported.");
    const { ust, expiresIn } = ctx.portal.issue(portalApp, parsed.data.expires_in);
    return reply.code(200).send({ [idField]: portalApp.mageId, ust, expires_in: expiresIn });
  };
  app.post("/devportal/rest/v1/apps/session/token", sessionToken("platform_id"));
  app.post("/devportal/rest/v1/app/session/token", sessionToken("mage_id"));

  app.get("/devportal/rest/v1/users/:id", async (req, reply) => {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
    if (!m) return fail(reply, 401, 1208, "Session token is missing.");
    const check = ctx.portal.check(m[1]!);
    if (!check.ok)
      return fail(
        reply,
        401,
        1208,
        check.reason === "expired" ? "Session token has expired." : "Invalid session token.",
      );
    const { id } = req.params as { id: string };
    const user = ctx.portal.users.get(id);
    if (!user || id !== check.mageId) return fail(reply, 403, 1209, "Access to the requested user is not allowed.");
    const style = (req.query as { style?: string }).style;
    if (style === "summary") return Object.fromEntries(SUMMARY_FIELDS.map((f) => [f, user[f]]));
    return user;
  });
}
