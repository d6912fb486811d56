/**
 * Mounts REST on `/rest/*` and `/index.php/rest/*` (the REST layer's `createRestHandler`, which routes the
 * admin/customer token endpoints to the auth layer's token services like every other route), and the REST
 * layer's `/swagger` page.
 */
import type { InputLimits } from "./rest/search-criteria.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { issueUserToken } from "./auth/token-endpoints.ts";
import { createStoreData, type StoreData } from "./data/index.ts";
import { createRestHandler, type RestHandlerOptions } from "./rest/handler.ts";
import { swaggerPageHtml } from "./rest/swagger-page.ts";
import type { Edition, RouteDef } from "./rest/route.ts";
import { RestError, type RawRestRequest, type RestResponse } from "./rest/types.ts";
import type { StoreContext } from "./store-context.ts";

function send(reply: FastifyReply, res: RestResponse) {
  reply.code(res.status);
  for (const [k, v] of Object.entries(res.headers ?? {})) reply.header(k, v);
  if (res.rawBody !== undefined) return reply.send(res.rawBody);
  if (!res.headers || !Object.keys(res.headers).some((h) => h.toLowerCase() === "content-type")) {
    reply.header("content-type", "application/json; charset=utf-8");
  }
  return reply.send(JSON.stringify(res.body ?? null));
}

/** Mounts the REST layer; returns the store's data (the admin churn API changes it directly). */
export function mountRest(
  app: FastifyInstance,
  ctx: StoreContext,
  opts: {
    inputLimits: boolean | InputLimits;
    products?: number;
    edition: Edition;
    msi?: boolean;
    extraRoutes?: readonly RouteDef[];
    writeHooks?: RestHandlerOptions["writeHooks"];
  },
): StoreData {
  const data = createStoreData({ products: opts.products });
  ctx.resetData = () => {
    data.reset();
    ctx.bulk.clear();
  };
  const tokenDeps = {
    userTokens: ctx.userTokens,
    throttler: ctx.throttler,
    authenticateCustomer: (email: string, password: string) =>
      data.verifyCustomerPassword(email, password) ?? undefined,
  };
  const restHandler = createRestHandler({
    data,
    authenticate: ctx.authenticate,
    profile: ctx.options.profile.name,
    edition: opts.edition,
    msi: opts.msi ?? true,
    inputLimits: opts.inputLimits,
    baseUrl: () => ctx.options.urls.storeBaseUrl,
    now: ctx.clock.nowMs,
    bulk: ctx.bulk,
    issueUserToken: (kind, rawBody) => issueUserToken(tokenDeps, kind, rawBody).body as string,
    ...(opts.extraRoutes ? { extraRoutes: opts.extraRoutes } : {}),
    ...(opts.writeHooks ? { writeHooks: opts.writeHooks } : {}),
  });

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const raw: RawRestRequest = {
      method: req.method,
      rawUrl: req.raw.url ?? "/",
      headers: req.headers,
      body: typeof req.body === "string" ? req.body : "",
    };
    try {
      return send(reply, await restHandler(raw));
    } catch (e) {
      if (e instanceof RestError) return send(reply, { status: e.status, body: e.toBody() });
      return send(reply, {
        status: 500,
        body: { message: "Internal Error. Details are available in Magento log file. Report ID: webapi-devstore" },
      });
    }
  };
  app.all("/rest/*", handler);
  app.all("/index.php/rest/*", handler);

  // The interactive reference (the REST layer renders it from its route table).
  const swagger = async (_req: FastifyRequest, reply: FastifyReply) =>
    reply
      .header("content-type", "text/html; charset=UTF-8")
      .send(swaggerPageHtml(ctx.options.urls.storeBaseUrl, "default", opts.edition));
  app.get("/swagger", swagger);
  app.get("/index.php/swagger", swagger);
  return data;
}
