/**
 * Developer-portal (Marketplace EQP) client: session tokens by HTTP Basic app credentials, cached until
 * `expires_in` (minus a margin) and refreshed when expired; the user profile by Bearer ust.
 * All I/O (fetch, clock, cache) is injected.
 */
import { z } from "zod";
import { parseStrictUrl, type UrlProblem, readCapped } from "@magento-integration/client/net";
import { KitError } from "@magento-integration/client";

/** The seed's path (default). */
export const SEED_TOKEN_PATH = "/rest/v1/apps/session/token";
/** What the real portal serves (singular `app`, docs/magento-integration-flow.md#developer-portal-session-token). */
export const REAL_TOKEN_PATH = "/rest/v1/app/session/token";

export interface PortalConfig {
  /** e.g. https://commercedeveloper-sandbox-api.adobe.com or the dev store's …/devportal */
  baseUrl: string;
  appId: string;
  appSecret: string;
  tokenPath?: string;
}

export interface SessionToken {
  ust: string;
  /** platform_id (seed) or mage_id (real portal). */
  accountId: string;
  idField: "platform_id" | "mage_id";
  expiresInSeconds: number;
  /** ms since the epoch, by the injected clock. */
  obtainedAt: number;
  /** When the client stops using it (expiry minus the margin). */
  refreshAt: number;
  expiresAt: number;
}

export interface TokenCache {
  get(): Promise<SessionToken | undefined> | SessionToken | undefined;
  set(token: SessionToken): Promise<void> | void;
  clear(): Promise<void> | void;
}

export interface PortalDeps {
  fetch?: typeof fetch;
  now?: () => number;
  cache?: TokenCache;
  /** Seconds before expiry at which a token counts as expired (capped at a tenth of its lifetime). Default 60. */
  marginSeconds?: number;
  timeoutMs?: number;
}

/** The developer portal refused a call (status 0: it could not be reached). */
export class PortalError extends KitError {
  static override readonly brand: string = "PortalError";
  constructor(
    message: string,
    readonly status: number,
    /** The portal's numeric error code (`{code, message}`), when it sent one. */
    readonly portalCode: number | undefined,
    readonly portalMessage: string | undefined,
  ) {
    super(message, { problem: status === 0 ? "network" : "portal_refused" });
  }
}

const tokenResponse = z
  .object({
    platform_id: z.string().min(1).optional(),
    mage_id: z.string().min(1).optional(),
    ust: z.string().min(1),
    expires_in: z.coerce.number().int().positive(),
  })
  .refine(
    (t) => t.platform_id !== undefined || t.mage_id !== undefined,
    "the response has neither platform_id nor mage_id",
  );

const portalErrorBody = z.object({ code: z.coerce.number().optional(), message: z.string().optional() });

export function memoryTokenCache(): TokenCache {
  let token: SessionToken | undefined;
  return {
    get: () => token,
    set: (t) => {
      token = t;
    },
    clear: () => {
      token = undefined;
    },
  };
}

function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

/** The portal URL's problems as the settings form words them; every other problem reads as "not a URL". */
const PORTAL_URL_ERRORS: Partial<Record<UrlProblem, string>> = {
  credentials: "The portal URL must not contain a user name or password",
  query: "Enter the portal's base URL without a query string",
  fragment: "Enter the portal's base URL without a fragment (#)",
  port_zero: "Port 0 is not a port a server listens on",
};

export const portalConfigSchema = z.object({
  baseUrl: z.string().superRefine((raw, ctx) => {
    const parsed = parseStrictUrl(raw, { maxLength: 2048 });
    if (!parsed.ok)
      ctx.addIssue({
        code: "custom",
        message: PORTAL_URL_ERRORS[parsed.problem] ?? "Enter the portal's http(s) base URL",
      });
  }),
  appId: z.string().trim().min(1, "Enter the application ID").max(200),
  appSecret: z.string().min(1, "Enter the application secret").max(500),
  tokenPath: z
    .string()
    .trim()
    .regex(/^\/[A-Za-z0-9/_.-]*$/, "A path such as /rest/v1/apps/session/token")
    .default(SEED_TOKEN_PATH),
});

export interface PortalClient {
  /** A valid token from the cache, or a new one (always new with force). */
  getToken(opts?: { force?: boolean }): Promise<SessionToken & { fromCache: boolean }>;
  /** GET /rest/v1/users/{id} (id defaults to the token's account); one retry with a new token after a 401. */
  getProfile(id?: string): Promise<{ profile: Record<string, unknown>; token: SessionToken }>;
}

/**
 * The most of a portal answer that is read (a token or a profile is a few hundred bytes; an error body is cut to
 * 200 characters anyway). The portal URL is any user's input: a larger answer is refused, never held in memory.
 */
export const PORTAL_RESPONSE_MAX_BYTES = 1024 * 1024;
const PORTAL_ERROR_MAX_BYTES = 64 * 1024;

/** A portal answer's JSON, read up to PORTAL_RESPONSE_MAX_BYTES; undefined when it is not JSON. */
async function readJson(res: Response, what: string): Promise<unknown> {
  const text = await readCapped(res.body, PORTAL_RESPONSE_MAX_BYTES);
  if (text === null)
    throw new PortalError(
      `${what} is larger than ${PORTAL_RESPONSE_MAX_BYTES / 1024} KiB: not a portal answer`,
      res.status,
      undefined,
      undefined,
    );
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `deps.fetch` is required: the kit passes its guarded store fetch (the portal URL is user-supplied). */
export function createPortalClient(config: PortalConfig, deps: PortalDeps & { fetch: typeof fetch }): PortalClient {
  const doFetch = deps.fetch;
  const now = deps.now ?? Date.now;
  const cache = deps.cache ?? memoryTokenCache();
  const margin = deps.marginSeconds ?? 60;
  const timeoutMs = deps.timeoutMs ?? 15_000;
  const tokenPath = config.tokenPath ?? SEED_TOKEN_PATH;
  let inflight: Promise<SessionToken> | undefined;

  async function readError(res: Response, what: string): Promise<PortalError> {
    const text = (await readCapped(res.body, PORTAL_ERROR_MAX_BYTES).catch(() => "")) ?? "";
    let body: z.infer<typeof portalErrorBody> = {};
    try {
      const parsed = portalErrorBody.safeParse(JSON.parse(text));
      if (parsed.success) body = parsed.data;
    } catch {
      /* not JSON */
    }
    const detail = body.message ?? (text.slice(0, 200) || res.statusText);
    return new PortalError(
      `${what}: HTTP ${res.status}${detail ? ` ${detail}` : ""}`,
      res.status,
      body.code,
      body.message,
    );
  }

  async function requestToken(): Promise<SessionToken> {
    const basic = Buffer.from(`${config.appId}:${config.appSecret}`, "utf8").toString("base64");
    let res: Response;
    try {
      res = await doFetch(joinUrl(config.baseUrl, tokenPath), {
        method: "POST",
        headers: { Authorization: `Basic ${basic}`, "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ grant_type: "session" }),
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      throw new PortalError(`Session token request failed: ${(e as Error).message}`, 0, undefined, undefined);
    }
    if (res.status !== 200) throw await readError(res, "Session token request refused");
    const parsed = tokenResponse.safeParse(await readJson(res, "Session token response"));
    if (!parsed.success)
      throw new PortalError(
        `Session token response not understood: ${parsed.error.issues[0]?.message ?? "bad shape"}`,
        200,
        undefined,
        undefined,
      );
    const t = parsed.data;
    const obtainedAt = now();
    const lifetimeMs = t.expires_in * 1000;
    const marginMs = Math.min(margin * 1000, lifetimeMs / 10);
    // the real portal answers mage_id, the seed platform_id
    const idField = t.platform_id !== undefined ? "platform_id" : "mage_id";
    return {
      ust: t.ust,
      accountId: (t.platform_id ?? t.mage_id)!,
      idField,
      expiresInSeconds: t.expires_in,
      obtainedAt,
      expiresAt: obtainedAt + lifetimeMs,
      refreshAt: obtainedAt + lifetimeMs - marginMs,
    };
  }

  async function getToken(opts: { force?: boolean } = {}) {
    if (!opts.force) {
      const cached = await cache.get();
      if (cached && now() < cached.refreshAt) return { ...cached, fromCache: true };
    }
    inflight ??= requestToken().finally(() => {
      inflight = undefined;
    });
    const token = await inflight;
    await cache.set(token);
    return { ...token, fromCache: false };
  }

  async function fetchProfile(token: SessionToken, id: string): Promise<Response> {
    try {
      return await doFetch(joinUrl(config.baseUrl, `/rest/v1/users/${encodeURIComponent(id)}`), {
        headers: { Authorization: `Bearer ${token.ust}`, Accept: "application/json" },
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      throw new PortalError(`Profile request failed: ${(e as Error).message}`, 0, undefined, undefined);
    }
  }

  return {
    getToken,
    async getProfile(id?: string) {
      let token: SessionToken = await getToken();
      let res = await fetchProfile(token, id ?? token.accountId);
      if (res.status === 401) {
        // the portal expired it earlier than we counted (clock skew): one fresh token, one retry
        await cache.clear();
        token = await getToken({ force: true });
        res = await fetchProfile(token, id ?? token.accountId);
      }
      if (res.status !== 200) throw await readError(res, "Profile request refused");
      const profile = z.record(z.string(), z.unknown()).parse(await readJson(res, "Profile response"));
      return { profile, token };
    },
  };
}

/** ust with only its first and last 4 characters visible. */
export function maskToken(ust: string): string {
  return ust.length <= 12 ? "••••" : `${ust.slice(0, 4)}…${ust.slice(-4)}`;
}
