/** Everything one running dev store holds, wired together once (the composition root of the store). */
import { randomBytes } from "node:crypto";
import { createAuthenticate } from "./auth/authenticate.ts";
import { OAuthProvider } from "./auth/oauth-provider.ts";
import { RequestThrottler } from "./auth/request-throttler.ts";
import { UserTokens } from "./auth/user-tokens.ts";
import { createClock, type StoreClock } from "./clock.ts";
import type { Profile } from "./config/profiles.ts";
import { IntegrationAdmin } from "./integrations/admin-service.ts";
import { IntegrationState } from "./integrations/state.ts";
import { PortalState } from "./portal/portal-state.ts";
import { BulkState } from "./rest/async/bulk-state.ts";
import type { Authenticate } from "./rest/types.ts";

export interface StoreOptions {
  profile: Profile;
  /** Filled in once the server listens (port 0 → a free port). */
  urls: { url: string; storeBaseUrl: string; portalUrl: string };
  consumerExpirySeconds: number;
  integrationAsBearer: boolean;
  callbackTimeoutMs: number;
  portalTokenTtlSeconds: number;
  now?: () => number;
  /** The bulk consumer: running at start (default true) and its speed in operations per second. */
  bulkConsumer?: { running?: boolean; operationsPerSecond?: number };
}

export interface StoreContext {
  options: StoreOptions;
  clock: StoreClock;
  state: IntegrationState;
  provider: OAuthProvider;
  userTokens: UserTokens;
  throttler: RequestThrottler;
  admin: IntegrationAdmin;
  authenticate: Authenticate;
  portal: PortalState;
  /** Accepted bulks and the `async.operations.all` consumer (rest/async/bulk-state.ts). */
  bulk: BulkState;
  /** The admin "secret key" segment of success_call_back URLs. */
  adminUrlKey: string;
  /** Back to the seed state (integrations, tokens, nonces, lockouts, clock offset, portal tokens). */
  resetAuthState(): void;
  /** Back to the seed catalogue/customers/orders (the REST data, set by the server once mounted). */
  resetData: () => void;
}

export function createStoreContext(options: StoreOptions): StoreContext {
  const clock = createClock(options.now);
  const state = new IntegrationState(clock.nowMs);
  const provider = new OAuthProvider({
    state,
    profile: options.profile,
    clock,
    consumerExpirySeconds: options.consumerExpirySeconds,
  });
  const userTokens = new UserTokens(clock.nowSeconds, options.profile.jwtUserTokens);
  const throttler = new RequestThrottler(clock.nowSeconds);
  const adminUrlKey = randomBytes(32).toString("hex");
  const successCallbackUrl = () =>
    `${options.urls.url}/admin/admin/integration/loginSuccessCallback/key/${adminUrlKey}/`;
  const admin = new IntegrationAdmin(
    state,
    {
      state,
      profile: options.profile,
      nowMs: clock.nowMs,
      storeBaseUrl: () => options.urls.storeBaseUrl,
      callbackTimeoutMs: options.callbackTimeoutMs,
    },
    successCallbackUrl,
  );
  const integrationAsBearer = options.integrationAsBearer || options.profile.integrationBearerWithoutFlag;
  const authenticate = createAuthenticate({ provider, state, userTokens, integrationAsBearer });
  const portal = new PortalState(clock.nowSeconds, options.portalTokenTtlSeconds);
  const bulk = new BulkState(clock.nowMs, options.bulkConsumer);
  return {
    options,
    clock,
    state,
    provider,
    userTokens,
    throttler,
    admin,
    authenticate,
    portal,
    bulk,
    adminUrlKey,
    resetAuthState() {
      state.reset();
      userTokens.clear();
      throttler.clear();
      portal.clear();
      clock.setOffsetSeconds(0);
    },
    resetData: () => undefined,
  };
}
