/**
 * What Magento does when the merchant activates or reauthorizes an integration (Integration/Controller/Adminhtml/Integration/TokensExchange.php, Model/OauthService.php::postToConsumer):
 * `OauthService::postToConsumer` (stamp the consumer, create/reuse the verifier, POST four form fields),
 * `OauthService::createAccessToken` for manual mode (TokensDialog), and the identity-link URL the admin page opens.
 */
import type { Profile } from "../config/profiles.ts";
import { OauthException } from "../auth/oauth-errors.ts";
import { httpBuildQuery } from "../auth/php-strings.ts";
import type { Integration, IntegrationState } from "./state.ts";

export const POST_TO_CONSUMER_FAILED =
  "The attempt to post data to consumer failed due to an unexpected error. Please try again later.";
export const CONSUMER_NOT_FOUND = 'A consumer with "%1" ID doesn\'t exist. Verify the ID and try again.';

export interface ActivationDeps {
  state: IntegrationState;
  profile: Profile;
  nowMs: () => number;
  /** store_base_url (known once the server listens). */
  storeBaseUrl: () => string;
  /** oauth/consumer/post_timeout, ms (Magento: 5 s). */
  callbackTimeoutMs: number;
}

/** Integration has both URLs: the OAuth handshake path (Activate.php renderer, Save::isTokenExchange). */
export function usesTokenExchange(integration: Integration): boolean {
  return integration.endpoint !== "" && integration.identityLinkUrl !== "";
}

/**
 * POSTs the credentials to the Callback URL: 4 form fields in Magento's order, 5 s timeout, no redirect
 * followed, HTTP status never checked. Any transport failure, including a timeout while the response body is
 * still arriving (the HTTP client reads the whole response), becomes Magento's generic Oauth exception.
 */
export async function postToConsumer(
  deps: ActivationDeps,
  integration: Integration,
): Promise<{ verifier: string; status: number }> {
  const consumer = deps.state.consumers.get(integration.consumerId);
  if (!consumer) throw new OauthException({ template: CONSUMER_NOT_FOUND, parameters: [integration.consumerId] });
  consumer.updatedAt = deps.nowMs(); // starts the consumer-expiry window of the request-token step
  const verifier = deps.state.createVerifierToken(consumer.id);
  const body = httpBuildQuery({
    oauth_consumer_key: consumer.key,
    [deps.profile.consumerSecretField]: consumer.secret,
    store_base_url: deps.storeBaseUrl(),
    oauth_verifier: verifier.verifier,
  });
  try {
    const res = await fetch(integration.endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
      redirect: "manual", // oauth/consumer/post_maxredirects = 0
      signal: AbortSignal.timeout(deps.callbackTimeoutMs),
    });
    await res.arrayBuffer();
    return { verifier: verifier.verifier, status: res.status };
  } catch {
    throw new OauthException({ template: POST_TO_CONSUMER_FAILED });
  }
}

/**
 * `OauthService::createAccessToken($consumerId, $clearExistingToken)` (manual mode): the consumer's token row is
 * deleted first when clearing (Reauthorize); if a row of any type is left, nothing is created and false is
 * returned; otherwise verifier → request → access at once and true.
 */
export function createAccessToken(state: IntegrationState, consumerId: number, clearExistingToken: boolean): boolean {
  const existing = state.integrationToken(consumerId);
  if (existing && clearExistingToken) state.deleteToken(existing);
  else if (existing) return false;
  const row = state.createVerifierToken(consumerId);
  state.convertToken(row, "request");
  state.convertToken(row, "access");
  return true;
}

/** jQuery `$.param`: encodeURIComponent with `%20` as `+`. */
function jqueryParam(pairs: Record<string, string>): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");
  return Object.entries(pairs)
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join("&");
}

/** `IdentityLogin.invokePopup`: identity URL + "?" (always, even if it has a query) + the two params. */
export function identityPopupUrl(integration: Integration, consumerKey: string, successCallBack: string): string {
  return `${integration.identityLinkUrl}?${jqueryParam({ oauth_consumer_key: consumerKey, success_call_back: successCallBack })}`;
}
