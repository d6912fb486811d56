/**
 * The storefront controllers `oauth/token/request` and `oauth/token/access` (Controller\Token\Request,
 * Access): parse like Helper\Request, run the provider, answer `oauth_token=…&oauth_token_secret=…`
 * (text/html) or Helper\Request::prepareErrorResponse's `oauth_problem=…`.
 */
import { tokenEndpointError } from "./oauth-errors.ts";
import type { OAuthProvider } from "./oauth-provider.ts";
import { prepareRequest, requestUrlParts, type OAuthHttpRequest } from "./oauth-request.ts";
import { httpBuildQuery } from "./php-strings.ts";

export interface TokenEndpointResponse {
  status: number;
  contentType: string;
  body: string;
}

export function handleOAuthTokenRequest(
  provider: OAuthProvider,
  step: "request" | "access",
  req: OAuthHttpRequest,
): TokenEndpointResponse {
  try {
    const params = prepareRequest(req);
    const providerReq = { subject: { method: req.method, ...requestUrlParts(req) }, params };
    const pair = step === "request" ? provider.getRequestToken(providerReq) : provider.getAccessToken(providerReq);
    return { status: 200, contentType: "text/html; charset=UTF-8", body: httpBuildQuery(pair) };
  } catch (e) {
    const { status, body } = tokenEndpointError(e);
    return { status, contentType: "text/html; charset=UTF-8", body };
  }
}
