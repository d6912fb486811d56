/**
 * What Magento sends in the handshake and where it sends it, written once: every module that checks a consumer
 * key, secret or verifier, or decides whether a path is the identity link, reads it here. A leaf: it imports
 * nothing, so the proxy, the verbs, the jobs and the pages can all use it.
 */

/**
 * Magento generates consumer key, secret, verifier and tokens as 32 characters of [0-9a-z]
 * (docs/magento-integration-flow.md#fields); the kit refuses anything else before it touches the database.
 */
export const MAGENTO_TOKEN = /^[0-9a-z]{32}$/;
/** The rule above in words, for the message that names a field which breaks it. */
export const MAGENTO_TOKEN_RULE = "32 characters of [0-9a-z]";

/** Is `value` shaped like a key, secret or verifier Magento generated? */
export function isMagentoToken(value: string): boolean {
  return MAGENTO_TOKEN.test(value);
}

/**
 * The app's identity link (the integration's Identity link URL): Magento opens it in a popup with
 * `?oauth_consumer_key=…&success_call_back=…` (docs/magento-integration-flow.md#identity-link-popup).
 */
export const IDENTITY_PATH = "/integration/identity";
/** The app's callback URL (the integration's Callback URL): Magento POSTs the activation here. */
export const CALLBACK_PATH = "/api/integration/callback";

/** Is `pathname` the identity link page? */
export function isIdentityPath(pathname: string): boolean {
  return pathname === IDENTITY_PATH;
}

/** The identity link with its query (a sign-in's `next` that returns to the popup). */
export function identityLinkPath(query: URLSearchParams): string {
  return `${IDENTITY_PATH}?${query.toString()}`;
}
