/**
 * `authenticate(req)` for the REST layer: Magento's user contexts in one place.
 * - OauthUserContext: an `Authorization: OAuth …` header is validated (errors thrown as RestError); an
 *   inactive integration leaves the caller a guest.
 * - TokenUserContext: `Bearer <token>` admin/customer tokens; an integration access token as Bearer is ignored
 *   (guest) unless oauth/consumer/enable_integration_as_bearer is on, or the profile predates that flag (docs/magento-integration-flow.md#integration-tokens-as-bearer).
 * - Anything else: guest.
 */
import type { Authenticate, Caller, RawRestRequest } from "../rest/types.ts";
import type { IntegrationState } from "../integrations/state.ts";
import { OauthException, OauthInputException, toRestError } from "./oauth-errors.ts";
import type { OAuthProvider } from "./oauth-provider.ts";
import { prepareRequest, requestUrlParts } from "./oauth-request.ts";
import type { UserTokens } from "./user-tokens.ts";

export interface AuthenticateDeps {
  provider: OAuthProvider;
  state: IntegrationState;
  userTokens: UserTokens;
  /** Integration access tokens accepted as Bearer (the flag, or a 2.4.3 profile). */
  integrationAsBearer: boolean;
}

function headerValue(req: RawRestRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** TokenUserContext: `explode(" ", $header)` must give exactly two pieces, the first `bearer` in any case. */
function bearerToken(header: string | undefined): string | undefined {
  const pieces = (header ?? "").split(" ");
  return pieces.length === 2 && pieces[0]!.toLowerCase() === "bearer" ? pieces[1] : undefined;
}

export function createAuthenticate(deps: AuthenticateDeps): Authenticate {
  const integrationCaller = (consumerId: number): Caller => {
    const integration = deps.state.integrationByConsumerId(consumerId);
    // findActiveIntegrationByConsumerId: an inactive integration is no user at all.
    if (!integration || integration.status !== "Active") return { kind: "guest" };
    return { kind: "integration", integrationId: integration.id, consumerId, resources: integration.resources };
  };

  return (req: RawRestRequest): Caller => {
    const oauthReq = { method: req.method, rawUri: req.rawUrl, headers: req.headers, body: req.body };
    const params = prepareRequest(oauthReq);
    if (params.size > 0) {
      try {
        const consumerId = deps.provider.validateAccessTokenRequest({
          subject: { method: req.method, ...requestUrlParts(oauthReq) },
          params,
        });
        return integrationCaller(consumerId);
      } catch (e) {
        if (e instanceof OauthException || e instanceof OauthInputException) throw toRestError(e);
        throw e;
      }
    }
    const token = bearerToken(headerValue(req, "authorization"));
    if (token === undefined) return { kind: "guest" };
    const owner = deps.userTokens.lookup(token);
    if (owner)
      return owner.kind === "admin"
        ? { kind: "admin", username: owner.username }
        : { kind: "customer", customerId: owner.customerId };
    const row = deps.state.tokenByValueOf(token);
    if (row && row.type === "access" && !row.revoked && deps.integrationAsBearer)
      return integrationCaller(row.consumerId);
    return { kind: "guest" };
  };
}
