/**
 * `startDevStore(opts)`: the dev store on 127.0.0.1 (fastify). Routes: merchant admin (/admin), admin JSON
 * API (/admin/api), OAuth provider (/oauth/token/*), REST (/rest/*, delegated to the REST layer after the
 * token endpoints), developer portal (/devportal). Every request keeps its raw URI and Host for signatures.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { AddressInfo } from "node:net";
import { registerAdminApi } from "./admin/api-routes.ts";
import { registerChurnApi } from "./admin/churn.ts";
import { registerSourceItemsApi } from "./admin/source-items.ts";
import { guardAdmin } from "./admin/admin-guard.ts";
import { registerAdminPages } from "./admin/pages-routes.ts";
import { handleOAuthTokenRequest } from "./auth/oauth-routes.ts";
import { DEFAULT_PROFILE, getProfile, type ProfileName } from "./config/profiles.ts";
import { registerPortalRoutes } from "./portal/portal-routes.ts";
import { mountRest } from "./rest-mount.ts";
import type { Edition } from "./rest/route.ts";
import type { InputLimits } from "./rest/search-criteria.ts";
import { keepStateIn } from "./integrations/state-file.ts";
import { createStoreContext, type StoreContext } from "./store-context.ts";
import { CommerceWebhooks } from "./events/commerce-webhooks.ts";
import { IoEvents } from "./events/io-events.ts";
import { registerEventRoutes, webhookRestRoutes } from "./events/routes.ts";
import { storeWriteEvents, writeHooks } from "./events/write-events.ts";

export interface StoreEvents {
  webhooks: CommerceWebhooks;
  io: IoEvents;
}

function createStoreEvents(ctx: StoreContext, o: { retryBaseMs?: number | undefined }): StoreEvents {
  return {
    webhooks: new CommerceWebhooks(ctx.clock.nowMs),
    io: new IoEvents({
      nowMs: ctx.clock.nowMs,
      ...(o.retryBaseMs !== undefined ? { retryBaseMs: o.retryBaseMs } : {}),
    }),
  };
}

export interface DevStoreOptions {
  port?: number;
  host?: string;
  profile?: ProfileName;
  /** oauth/consumer/expiration_period (request step), seconds. */
  consumerExpirySeconds?: number;
  /** oauth/consumer/enable_integration_as_bearer */
  integrationAsBearer?: boolean;
  /** Web API input limits (pageSize default 20, max 300), passed to the REST layer. */
  inputLimits?: boolean | InputLimits;
  /** store_base_url ends in `index.php/` (URL rewrites off). */
  indexPhp?: boolean;
  /** Clock base, ms since the epoch (default Date.now); `POST /admin/api/clock` adds an offset. */
  now?: () => number;
  /** oauth/consumer/post_timeout in ms (Magento: 5000). */
  callbackTimeoutMs?: number;
  /** Developer-portal session-token lifetime and cap, seconds (default 7200). */
  portalTokenTtlSeconds?: number;
  /** Catalogue size (default 2,118); deterministic at every size (data/seed-catalog.ts `seedCatalogue`). */
  products?: number;
  /** `commerce` adds the Adobe Commerce-only modules' routes (gift cards, reward points, RMA, …); default open-source. */
  edition?: Edition;
  /** MSI's modules (Magento_Inventory*): on by default; off, `/V1/inventory/*` routes answer 404 no route. */
  msi?: boolean;
  /**
   * JSON file keeping the integration tables across restarts (integrations/state-file.ts); loaded at start, written
   * after each request that changed them. Unset (tests): every start is the seed. A bad file throws StateFileError.
   */
  stateFile?: string;
  /** The bulk consumer (`async.operations.all`): off = accepted operations stay open (status 4); speed in ops/s. */
  bulkConsumer?: { running?: boolean; operationsPerSecond?: number };
  /** Commerce edition: first retry delay of a failed I/O Events delivery, doubling (default 60 000 ms, as Adobe). */
  ioRetryBaseMs?: number;
}

export interface DevStore {
  url: string;
  storeBaseUrl: string;
  portalUrl: string;
  profile: ProfileName;
  edition: Edition;
  /** Commerce edition: the webhooks module and I/O Events sender (tests wait on `io.settle()`). */
  events?: StoreEvents;
  close(): Promise<void>;
}

function keepRawBodies(app: FastifyInstance): void {
  // Every body stays text: the OAuth helper parses forms itself, the REST layer gets the raw JSON.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));
}

/** The request as Magento's OAuth helper sees it: raw REQUEST_URI, headers (raw Host), raw body. */
export function oauthHttpRequest(req: FastifyRequest) {
  return {
    method: req.method,
    rawUri: req.raw.url ?? "/",
    headers: req.headers,
    body: typeof req.body === "string" ? req.body : "",
  };
}

function registerOAuthRoutes(app: FastifyInstance, ctx: StoreContext): void {
  for (const step of ["request", "access"] as const) {
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const res = handleOAuthTokenRequest(ctx.provider, step, oauthHttpRequest(req));
      return reply.code(res.status).header("content-type", res.contentType).send(res.body);
    };
    for (const prefix of ["", "/index.php"]) {
      app.all(`${prefix}/oauth/token/${step}`, handler);
      app.all(`${prefix}/oauth/token/${step}/`, handler);
    }
  }
}

export async function startDevStore(opts: DevStoreOptions = {}): Promise<DevStore> {
  const profileName = opts.profile ?? DEFAULT_PROFILE;
  const profile = getProfile(profileName);
  const host = opts.host ?? "127.0.0.1";
  const urls = { url: "", storeBaseUrl: "", portalUrl: "" };
  const ctx = createStoreContext({
    profile,
    urls,
    consumerExpirySeconds: opts.consumerExpirySeconds ?? 300,
    integrationAsBearer: opts.integrationAsBearer ?? false,
    callbackTimeoutMs: opts.callbackTimeoutMs ?? 5000,
    portalTokenTtlSeconds: opts.portalTokenTtlSeconds ?? 7200,
    now: opts.now,
    bulkConsumer: opts.bulkConsumer,
  });

  const persisted = opts.stateFile === undefined ? undefined : keepStateIn(opts.stateFile, ctx.state);

  const app = Fastify({ logger: false, bodyLimit: 20 * 1024 * 1024, exposeHeadRoutes: false });
  keepRawBodies(app);
  if (persisted) {
    // Before the response leaves: a client that saw the activation or token answer finds it in the file.
    app.addHook("onSend", async (_req, _reply, payload) => {
      persisted.save();
      return payload;
    });
  }
  // The Date header comes from the store's clock (moved by POST /admin/api/clock), as a drifting server's would.
  app.addHook("onSend", async (_req, reply, payload) => {
    reply.header("date", new Date(ctx.clock.nowMs()).toUTCString());
    return payload;
  });
  guardAdmin(app, () => urls.url);
  registerOAuthRoutes(app, ctx);
  registerAdminApi(app, ctx);
  registerAdminPages(app, ctx);
  registerPortalRoutes(app, ctx);
  const edition = opts.edition ?? "open-source";
  // Adobe Commerce only: the webhooks module and I/O Events (Magento Open Source has neither).
  const events = edition === "commerce" ? createStoreEvents(ctx, { retryBaseMs: opts.ioRetryBaseMs }) : undefined;
  if (events) registerEventRoutes(app, events.webhooks, events.io);
  const data = mountRest(app, ctx, {
    inputLimits: opts.inputLimits ?? false,
    products: opts.products,
    edition,
    msi: opts.msi ?? true,
    ...(events
      ? { extraRoutes: webhookRestRoutes(events.webhooks), writeHooks: writeHooks(events.webhooks, events.io) }
      : {}),
  });
  // Churn's changes raise the same webhooks and events as the REST writes they stand for.
  registerChurnApi(app, ctx, data, events ? storeWriteEvents(events.webhooks, events.io) : undefined);
  registerSourceItemsApi(app, data);

  await app.listen({ port: opts.port ?? 0, host });
  ctx.bulk.start();
  const port = (app.server.address() as AddressInfo).port;
  const hostForUrl = host.includes(":") ? `[${host}]` : host;
  urls.url = `http://${hostForUrl}:${port}`;
  urls.storeBaseUrl = `${urls.url}/${opts.indexPhp ? "index.php/" : ""}`;
  urls.portalUrl = `${urls.url}/devportal`;

  return {
    url: urls.url,
    storeBaseUrl: urls.storeBaseUrl,
    portalUrl: urls.portalUrl,
    profile: profileName,
    edition,
    ...(events ? { events } : {}),
    close: async () => {
      ctx.bulk.stop();
      await app.close();
      persisted?.save();
    },
  };
}
