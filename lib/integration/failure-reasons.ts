/**
 * Why a handshake or call failed, in words a merchant can act on. The store's own strings
 * (docs/magento-integration-flow.md#token-endpoint-errors) map to a reason code and a fix.
 */
export const FAILURE_REASONS = [
  "consumer_expired",
  "signature_invalid",
  "method_not_supported",
  "verifier_invalid",
  "consumer_missing",
  "token_already_used",
  "token_missing",
  "token_revoked",
  "not_authorized",
  "store_unreachable",
  "timeout",
  "redirect",
  "private_address",
  "bad_response",
  "interrupted",
  "other",
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/**
 * Magento's own sentences first, then the standard OAuth problem codes (the OAuth "Problem Reporting" extension:
 * `oauth_problem=consumer_key_expired`, …), which other stores and proxies in front of Magento answer with.
 */
const RULES: ReadonlyArray<readonly [RegExp, FailureReason]> = [
  [/Consumer key has expired|^consumer_key_expired$/i, "consumer_expired"],
  [/^(consumer_key_unknown|consumer_key_rejected)$/i, "consumer_missing"],
  [/^signature_invalid$/i, "signature_invalid"],
  [/^signature_method_rejected$/i, "method_not_supported"],
  [/^token_used$/i, "token_already_used"],
  [/^token_revoked$/i, "token_revoked"],
  [/^(token_expired|token_rejected)$/i, "token_missing"],
  [/^permission_denied$/i, "not_authorized"],
  [/signature is invalid/i, "signature_invalid"],
  [/Signature method .* is not supported/i, "method_not_supported"],
  [/not a verifier token|Token is already being used/i, "token_already_used"],
  [/verifier/i, "verifier_invalid"],
  [/consumer having the specified key does not exist|Consumer key is not the correct length/i, "consumer_missing"],
  [/Specified token does not exist/i, "token_missing"],
  [/Access token has been revoked/i, "token_revoked"],
  [/isn't authorized to access|is not authorized to access/i, "not_authorized"],
];

export function reasonFromStoreMessage(message: string | undefined): FailureReason | undefined {
  if (!message) return undefined;
  const text = message.trim();
  return RULES.find(([re]) => re.test(text))?.[1];
}

export const FAILURE_FIXES: Record<FailureReason, { title: string; fix: string }> = {
  consumer_expired: {
    title: "Consumer key has expired",
    fix: "The token exchange started more than 300 seconds after the store posted the activation. Check that the store can reach the Callback URL quickly and that the app was running, then click Reauthorize (or Activate) in System › Extensions › Integrations.",
  },
  signature_invalid: {
    title: "The signature is invalid",
    fix: "The store computed a different OAuth signature. Usually a proxy changes the Host, scheme or path (http→https, missing index.php/). Check the store's Base URL settings, then click Reauthorize.",
  },
  method_not_supported: {
    title: "Signature method not supported",
    fix: "Magento 2.4.4+ accepts only HMAC-SHA256. The kit switches automatically; if this persists, reset the store's signature method on this page and Reauthorize.",
  },
  verifier_invalid: {
    title: "Verifier does not match",
    fix: "The activation verifier did not match the store's. Another activation may have replaced it: click Reauthorize once and wait for the popup to close.",
  },
  consumer_missing: {
    title: "A consumer having the specified key does not exist",
    fix: "The integration was deleted in the store (or the callback was not from this store). Create the integration again and Activate it.",
  },
  token_already_used: {
    title: "Activation already used",
    fix: "This activation was already exchanged (a repeated callback). Nothing to do if the store shows Active; otherwise click Reauthorize.",
  },
  token_missing: {
    title: "Specified token does not exist",
    fix: "The access token was deleted, usually by Reauthorize in the store admin. Finish the Reauthorize popup (or click Reauthorize again) so the app receives the new token.",
  },
  token_revoked: {
    title: "Access token has been revoked",
    fix: "The merchant revoked the integration's token. Click Reauthorize on the integration in System › Extensions › Integrations.",
  },
  not_authorized: {
    title: "The consumer isn't authorized to access a resource",
    fix: "The integration lacks an ACL resource, or is inactive. Edit the integration › API, grant the resource named in the message, then Reauthorize.",
  },
  store_unreachable: {
    title: "Store unreachable",
    fix: "The app could not connect to the store's base URL. Check that the store is up and reachable from the app server (DNS, firewall, TLS certificate), then click Reauthorize.",
  },
  timeout: {
    title: "Store did not answer in time",
    fix: "The store took too long to answer. Check its load and network, then click Reauthorize.",
  },
  redirect: {
    title: "The store answered with a redirect",
    fix: "Signed requests are never redirected. Set the store's Base URL to the final address (https, with or without index.php/) and Reauthorize.",
  },
  private_address: {
    title: "Store address is private",
    fix: "The store's host resolves to a private or loopback address, which the app refuses. For local development set ALLOW_PRIVATE_STORE_URLS=true.",
  },
  bad_response: {
    title: "Unexpected answer from the store",
    fix: "The store's token endpoint did not answer with oauth_token and oauth_token_secret. Check that store_base_url points at the Magento storefront, not a proxy error page.",
  },
  interrupted: {
    title: "The token exchange was interrupted",
    fix: "The app stopped (restart or crash) while exchanging tokens with the store. Click Reauthorize on the integration in System › Extensions › Integrations to run the handshake again.",
  },
  other: {
    title: "The handshake failed",
    fix: "See the store message below. Click Reauthorize in the store admin to try again; if it keeps failing, copy this page for support.",
  },
};

/** Other strings merchants see in the Magento admin, with what to do (shown on diagnostics pages). */
export const ADMIN_SIDE_PROBLEMS: ReadonlyArray<{ message: string; fix: string }> = [
  {
    message: "Unable to post data to consumer due to an unexpected error / The attempt to post data to consumer failed",
    fix: "The store could not reach the Callback URL within 5 seconds. It must be reachable from the store server (not localhost of your laptop), with a valid TLS certificate, and must not redirect.",
  },
  {
    message: "Popup Blocker is enabled! Please add this site to your exception list.",
    fix: "Allow pop-ups for the Magento admin, then click Activate or Reauthorize again.",
  },
  {
    message: "The integration stays Inactive after the popup closes",
    fix: "The token exchange failed: look at the events on this page for the store's message.",
  },
];
