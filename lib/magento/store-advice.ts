/**
 * The one table of merchant advice: for every way a store call or a handshake can fail, a short title and the
 * fix, in the words of the store admin. The client's error hints, the API error view, the handshake's failure
 * events, the store-state banner, the identity popup and the diagnostics page all read it (the not_authorized
 * row is refined per ACL resource by lib/dashboard/acl-resources.ts, which knows the admin's resource tree).
 * ./error-codes.ts decides which problem a store's message is; the kit's own failures (unreachable, private
 * address, …) are named where they are detected.
 */

export type StoreProblem =
  // the store's own refusals (./error-codes.ts)
  | "not_authorized"
  | "token_missing"
  | "token_revoked"
  | "consumer_missing"
  | "consumer_expired"
  | "signature_invalid"
  | "method_not_supported"
  | "verifier_invalid"
  | "token_already_used"
  | "timestamp_rejected"
  | "admin_2fa_required"
  | "sign_in_failed"
  | "rate_limited"
  | "not_found"
  // what the client saw on the way
  | "redirect"
  | "network"
  | "store_unreachable"
  | "private_address"
  | "timeout"
  | "bad_response"
  | "response_too_large"
  | "bulk_consumer_stalled"
  // the app's side
  | "interrupted"
  | "installation_not_usable"
  | "linked_by_someone_else"
  // store events (lib/events)
  | "webhook_key_mismatch"
  | "webhooks_not_installed"
  | "webhooks_token_refused"
  | "other";

/** What the page offers next to the advice. */
export type AdviceAction = "reauthorize" | "grant_resource" | "retry" | "check_store" | "none";

export interface Advice {
  /** One line: what happened. */
  title: string;
  /** What to do, in one or two sentences. */
  fix: string;
  action: AdviceAction;
}

const INTEGRATIONS = "System › Extensions › Integrations";

const WEBHOOK_SETTINGS = "Stores › Settings › Configuration › Adobe Services › Webhooks";

export const STORE_ADVICE: Readonly<Record<StoreProblem, Advice>> = {
  webhook_key_mismatch: {
    title: "Webhook signatures do not match the public key the app holds",
    fix: `The key pair was probably regenerated in ${WEBHOOK_SETTINGS}. Copy the public key shown there and paste it on this store's Events page (or run npm run events -- --store <id> --commerce-key <file>).`,
    action: "check_store",
  },
  webhooks_not_installed: {
    title: "The store has no Commerce webhooks",
    fix: "Commerce webhooks come with the Adobe Commerce module magento/commerce-webhooks; Magento Open Source has neither webhooks nor I/O Events. Polling keeps this store in step instead.",
    action: "none",
  },
  webhooks_token_refused: {
    title: "The store refused the integration's token for webhook subscriptions",
    fix: `Webhook subscriptions need the Magento_AdobeCommerceWebhooks resources. Grant them to the integration in ${INTEGRATIONS} (then Reauthorize); if the store still refuses, add the webhook in System › Webhooks by hand with the URL shown here.`,
    action: "grant_resource",
  },
  not_authorized: {
    title: "The consumer isn't authorized to access a resource",
    fix: `The integration lacks an ACL resource, or is inactive. In ${INTEGRATIONS} edit the integration, grant the resource named in the message on its API tab, save, then click Reauthorize.`,
    action: "grant_resource",
  },
  token_missing: {
    title: "Specified token does not exist",
    fix: `The access token was deleted, usually by Reauthorize in the store admin. Finish the Reauthorize popup (or click Reauthorize again in ${INTEGRATIONS}) so the app receives the new token.`,
    action: "reauthorize",
  },
  token_revoked: {
    title: "Access token has been revoked",
    fix: `The merchant revoked the integration's token. Click Reauthorize on the integration in ${INTEGRATIONS}.`,
    action: "reauthorize",
  },
  consumer_missing: {
    title: "A consumer having the specified key does not exist",
    fix: "The integration was deleted in the store (or the callback was not from this store). Create the integration again and Activate it.",
    action: "reauthorize",
  },
  consumer_expired: {
    title: "Consumer key has expired",
    fix: `The token exchange must start within 300 s of the store's activation POST. Check that the store can reach the Callback URL quickly and that the app was running, then click Reauthorize (or Activate) in ${INTEGRATIONS}.`,
    action: "reauthorize",
  },
  signature_invalid: {
    title: "The signature is invalid",
    fix: "The store computed a different OAuth signature. Usually a proxy changes the Host, scheme or path (http→https, missing index.php/): check the store's base URL settings and that the consumer and token secrets are current, then click Reauthorize.",
    action: "check_store",
  },
  method_not_supported: {
    title: "Signature method not supported",
    fix: "Magento 2.4.4 and later accept only HMAC-SHA256; 2.4.3 and earlier also HMAC-SHA1. The kit switches automatically; if this persists, reset the store's signature method on the diagnostics page and Reauthorize.",
    action: "check_store",
  },
  verifier_invalid: {
    title: "Verifier does not match",
    fix: "The activation verifier did not match the store's. Another activation may have replaced it: click Reauthorize once and wait for the popup to close.",
    action: "reauthorize",
  },
  token_already_used: {
    title: "Activation already used",
    fix: "This activation was already exchanged (a repeated callback). Nothing to do if the store shows Active; otherwise click Reauthorize.",
    action: "reauthorize",
  },
  timestamp_rejected: {
    title: "The store refused this server's clock",
    fix: "The store refused oauth_timestamp: this server's clock is most likely ahead of the store's by more than 600 s (Magento rejects timestamps later than its own time + 600 s). Synchronise this server's clock (NTP) and retry.",
    action: "check_store",
  },
  admin_2fa_required: {
    title: "Two-factor authentication is required",
    fix: "Two-factor authentication is on for admin users, so /V1/integration/admin/token gives no token: use the provider endpoints (e.g. /V1/tfa/provider/google/authenticate), or better, call the API through the integration's OAuth tokens.",
    action: "none",
  },
  sign_in_failed: {
    title: "The sign-in was refused",
    fix: "Wrong username or password, or the account is locked: Magento locks it for 30 minutes after 6 failed sign-ins. Check the credentials and do not retry in a loop (each try counts towards the lock).",
    action: "none",
  },
  rate_limited: {
    title: "The store asked the app to slow down",
    fix: "Wait a while, then try again.",
    action: "retry",
  },
  not_found: {
    title: "The store has no such record or route",
    fix: "Check the identifier. The operation may also not exist in this store's edition or version.",
    action: "none",
  },
  redirect: {
    title: "The store answered with a redirect",
    fix: "Signed requests are never redirected. Set the store's base URL to the final address (https, with or without index.php/) and Reauthorize.",
    action: "retry",
  },
  network: {
    title: "The store could not be reached",
    fix: "Check that the store is running and its base URL is right (DNS, firewall, TLS certificate), then try again.",
    action: "retry",
  },
  store_unreachable: {
    title: "The store could not be reached",
    fix: "The app could not connect to the store's base URL. Check that the store is up and reachable from the app server (DNS, firewall, TLS certificate), then click Reauthorize.",
    action: "retry",
  },
  private_address: {
    title: "Store address is private",
    fix: "The store's host resolves to a private or loopback address, which the app refuses. For local development set ALLOW_PRIVATE_STORE_URLS=true.",
    action: "check_store",
  },
  timeout: {
    title: "The store is not answering",
    fix: "The store took too long to answer, so the app stopped waiting. Check that it is up (its load and network), then try again.",
    action: "retry",
  },
  bad_response: {
    title: "Unexpected answer from the store",
    fix: "The store did not answer what the API promises (for the handshake: oauth_token and oauth_token_secret). Check that the store base URL points at the Magento storefront, not a proxy error page.",
    action: "check_store",
  },
  response_too_large: {
    title: "The store's answer was too large",
    fix: "The store answered more than the app reads in one call. Ask for less per call (a smaller searchCriteria pageSize, or fields=… to trim items), or raise maxResponseBytes if the store really answers this much.",
    action: "none",
  },
  bulk_consumer_stalled: {
    title: "The store accepted the bulk but is not working through it",
    fix: "Its operations stay open: the store's async.operations.all consumer is not running. In the store, run bin/magento queue:consumers:start async.operations.all (or enable cron's consumers_runner, or a Supervisor program for it) and make sure RabbitMQ or the MySQL queue is configured.",
    action: "check_store",
  },
  interrupted: {
    title: "The token exchange was interrupted",
    fix: `The app stopped (restart or crash) while exchanging tokens with the store. Click Reauthorize on the integration in ${INTEGRATIONS} to run the handshake again.`,
    action: "reauthorize",
  },
  installation_not_usable: {
    title: "This store cannot be called right now",
    fix: "Its link is not active (no working access token). Reauthorize the integration in the store admin; diagnostics shows the state.",
    action: "reauthorize",
  },
  linked_by_someone_else: {
    title: "This store is already linked to other app accounts",
    fix: `If you do not know them, someone who knew the integration's consumer key (any admin of the store sees it, from Save on) linked it before you. In ${INTEGRATIONS} delete this integration, which revokes its tokens so that account reads nothing more, then create a new one and Activate it: it gets a new key, and your popup links it to you.`,
    action: "none",
  },
  other: {
    title: "Something went wrong while talking to the store",
    fix: "See the store's message. Try again; if it keeps failing, open Diagnostics (and click Reauthorize in the store admin for a failed activation).",
    action: "retry",
  },
};

/** The advice for a problem; `resources` names the refused ACL resource(s) of a not_authorized refusal. */
export function adviceFor(problem: StoreProblem, ctx: { resources?: string } = {}): Advice {
  const row = STORE_ADVICE[problem];
  if (problem === "not_authorized" && ctx.resources) {
    return {
      ...row,
      fix:
        `The integration lacks the ACL resource ${ctx.resources} (or it is inactive). In ${INTEGRATIONS} edit the integration, ` +
        "grant that resource on its API tab, save, then click Reauthorize.",
    };
  }
  return row;
}

/** Strings merchants see in the Magento admin itself, with what to do (the diagnostics page lists them). */
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
