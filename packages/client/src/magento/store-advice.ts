/**
 * The one table of merchant advice: for every problem of the kit's one vocabulary, a short title and the fix, in
 * the words of the store admin (or of the developer, for the kit's own refusals). Every error the kit throws
 * carries one of these codes (packages/client/src/kit-error.ts); the client's error hints, the API error view, the handshake's
 * failure events, the store-state banner (whose state rows point here), the identity popup, the Sync page and the
 * diagnostics page all read it (the not_authorized row is refined per ACL resource by
 * lib/dashboard/acl-resources.ts, which knows the admin's resource tree). A row either holds its advice or points
 * at the row whose advice it shares (`same`), so no text is written twice. ./error-codes.ts decides which problem
 * a store's message is; packages/client/src/net/network-problem.ts which problem a failed connection is; the kit's own failures
 * (private address, …) are named where they are detected.
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
  | "dns_failed"
  | "connection_refused"
  | "connection_lost"
  | "tls_failed"
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
  | "sync_data"
  | "portal_refused"
  // the kit's own refusals (a developer reads these: a value to fix, a setting, the database)
  | "invalid_input"
  | "misconfigured"
  | "stored_value_unknown"
  | "write_conflict"
  // store events (packages/sync/src/events)
  | "webhook_key_mismatch"
  | "webhooks_not_installed"
  | "webhooks_token_refused"
  | "open_source_no_events"
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

/** A row: its own advice, or the problem whose advice it shares. */
type AdviceRow = Advice | { same: StoreProblem };

const ROWS: Readonly<Record<StoreProblem, AdviceRow>> = {
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
  open_source_no_events: {
    title: "This store runs Magento Open Source: it has neither webhooks nor I/O Events",
    fix: "There is nothing to set up here. Store events are Adobe Commerce modules; the app keeps this store in step by polling (see its Sync page).",
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
  // a network failure told apart by its cause (packages/client/src/net/network-problem.ts): the same advice as `network`
  dns_failed: { same: "network" },
  connection_refused: { same: "network" },
  connection_lost: { same: "network" },
  tls_failed: { same: "network" },
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
  sync_data: {
    title: "The store's answer does not fit the sync declaration",
    fix: "Nothing of that page was kept. Fix the declaration in packages/sync/src/sync/entities/ if a field is wrong; if the store's clock was set back, use Resync from scratch once it is right.",
    action: "none",
  },
  portal_refused: {
    title: "The developer portal refused the request",
    fix: "Check the app id, the secret and the token path saved on the Portal page; the portal's own message says which.",
    action: "none",
  },
  invalid_input: {
    title: "The app refused a value",
    fix: "The message names the value and what is expected: correct it and try again.",
    action: "none",
  },
  misconfigured: {
    title: "The app is not configured correctly",
    fix: "The message names the setting (an environment variable, a key, a declaration) and what it must be: correct it and restart the app.",
    action: "none",
  },
  stored_value_unknown: {
    title: "The database holds a value this version of the app does not know",
    fix: "A newer version of the app wrote it, or the row was edited by hand: run the version that wrote it, or correct the row.",
    action: "none",
  },
  write_conflict: {
    title: "Someone else changed the same record at the same time",
    fix: "Reload and try again.",
    action: "retry",
  },
  other: {
    title: "Something went wrong while talking to the store",
    fix: "See the store's message. Try again; if it keeps failing, open Diagnostics (and click Reauthorize in the store admin for a failed activation).",
    action: "retry",
  },
};

function resolve(problem: StoreProblem, seen: readonly StoreProblem[] = []): Advice {
  const row = ROWS[problem];
  if (!("same" in row)) return row;
  if (seen.includes(row.same))
    throw new Error(`store advice rows point at each other: ${[...seen, problem].join(" → ")}`);
  return resolve(row.same, [...seen, problem]);
}

/** Every problem's advice (a pointer row resolved to the row it points at). */
export const STORE_ADVICE: Readonly<Record<StoreProblem, Advice>> = Object.freeze(
  Object.fromEntries((Object.keys(ROWS) as StoreProblem[]).map((p) => [p, resolve(p)])) as Record<StoreProblem, Advice>,
);

/** Every problem of the vocabulary (a test checks each has advice). */
export const STORE_PROBLEMS: readonly StoreProblem[] = Object.freeze(Object.keys(ROWS) as StoreProblem[]);

export function isStoreProblem(code: string): code is StoreProblem {
  return Object.hasOwn(ROWS, code);
}

/** The problem whose advice a row shows: itself, or the row it points at. */
export function adviceRowOf(problem: StoreProblem): StoreProblem {
  const row = ROWS[problem];
  return "same" in row ? adviceRowOf(row.same) : problem;
}

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

/** The states a store is shown in (lib/dashboard/store-state.ts decides which from what the database holds). */
export type StoreStateKey =
  "active" | "connecting" | "activation_failed" | "needs_reauthorization" | "access_revoked" | "integration_deleted";

export type StateTone = "success" | "info" | "warning" | "danger";

/** What the person should do next. */
export type StateAction =
  | { kind: "none" }
  | { kind: "wait"; text: string }
  | { kind: "reauthorize"; text: string }
  | { kind: "remove_and_activate_new"; text: string };

export interface StateAdvice {
  /** Badge words. */
  label: string;
  tone: StateTone;
  /** One sentence: what is true now. */
  title: string;
  /** Why, in the merchant's terms. */
  detail: string;
  action: StateAction;
}

const REAUTHORIZE =
  "In the store admin open System › Extensions › Integrations, click Reauthorize on this integration and complete the popup.";

/**
 * The state rows. What a state says about the store's refusal behind it is not repeated here: a failed activation
 * points at the problem row of its stored failure reason (stateAdvice), whose title and fix it shows.
 */
const STATE_ROWS: Readonly<Record<StoreStateKey, StateAdvice>> = {
  active: {
    label: "Active",
    tone: "success",
    title: "Connected: signed calls to the store work",
    detail: "The app holds a working access token for this store.",
    action: { kind: "none" },
  },
  connecting: {
    label: "Connecting",
    tone: "info",
    title: "Exchanging tokens with the store",
    detail: "The store sent its activation; the app is fetching the access token (the store allows 300 s).",
    action: { kind: "wait", text: "Wait a few seconds, then reload this page." },
  },
  activation_failed: {
    label: "Activation failed",
    tone: "danger",
    title: "The token exchange failed",
    detail: "The store's activation did not end with a working access token.",
    action: { kind: "reauthorize", text: REAUTHORIZE },
  },
  needs_reauthorization: {
    label: "Needs reauthorization",
    tone: "warning",
    title: "The store no longer accepts this app's access token",
    detail: "The token was replaced, usually by a Reauthorize in the store admin whose popup was not completed.",
    action: { kind: "reauthorize", text: REAUTHORIZE },
  },
  access_revoked: {
    label: "Access revoked",
    tone: "danger",
    title: "The store revoked this app's access token",
    detail: "Someone revoked the integration's token in the store admin.",
    action: { kind: "reauthorize", text: REAUTHORIZE },
  },
  integration_deleted: {
    label: "Integration deleted",
    tone: "danger",
    title: "The integration was deleted in the store",
    detail:
      "The store no longer knows this integration's consumer key, so this entry can never work again (Reauthorize is not possible).",
    action: {
      kind: "remove_and_activate_new",
      text: "Remove this store from the app. To connect the store again, add a new integration in the store admin (System › Extensions › Integrations) and Activate it.",
    },
  },
};

/**
 * The words and action of a state. A failed activation with a stored reason points at that problem's row: its
 * title, and its fix as the Reauthorize action (an unknown reason reads as `other`).
 */
export function stateAdvice(key: StoreStateKey, failureReason?: string | null): StateAdvice {
  const row = STATE_ROWS[key];
  if (key !== "activation_failed" || !failureReason) return row;
  const advice = STORE_ADVICE[isStoreProblem(failureReason) ? failureReason : "other"];
  return { ...row, title: advice.title, action: { kind: "reauthorize", text: advice.fix } };
}

/** Every state, in the table's order. */
export const STORE_STATE_KEYS: readonly StoreStateKey[] = Object.freeze(Object.keys(STATE_ROWS) as StoreStateKey[]);

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
