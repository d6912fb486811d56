/**
 * Installation states (docs/magento-integration-flow.md#installation-states): pending → exchanging → active | failed(reason); an active one can later
 * become needs_reauthorization (token deleted by Reauthorize) or revoked (token revoked / integration deleted).
 * A new activation callback never takes an active installation out of `active`: only a successful exchange
 * replaces its credentials (a callback is unauthenticated and may be forged).
 */
export const INSTALLATION_STATES = [
  "pending",
  "exchanging",
  "active",
  "failed",
  "revoked",
  "needs_reauthorization",
] as const;
export type InstallationState = (typeof INSTALLATION_STATES)[number];

export type InstallationEventKind =
  | "callback" // an activation POST arrived
  | "exchange_started"
  | "exchange_succeeded"
  | "exchange_failed"
  | "token_missing" // 401 Specified token does not exist
  | "token_revoked" // 401 Access token has been revoked
  | "consumer_missing" // 401 A consumer having the specified key does not exist
  | "call_succeeded";

export type RevocationEvent = Extract<InstallationEventKind, "token_missing" | "token_revoked" | "consumer_missing">;

/**
 * The kinds of rows in an installation's log (InstallationEvent.kind, the diagnostics page's Events table): what
 * happened, never the state it led to (a state is on the installation itself). A revocation is logged as the
 * refusal the store answered (token_missing, token_revoked, consumer_missing).
 */
export type InstallationLogKind =
  | RevocationEvent
  | "callback"
  | "callback_duplicate"
  | "callback_refused"
  | "request_token"
  | "activated"
  | "exchange_failed"
  | "exchange_duplicate"
  | "exchange_superseded"
  | "recovered"
  | "manual_added"
  | "probe_ok"
  | "probe_failed"
  | "identity_linked"
  | "link_requested"
  | "link_approved"
  | "link_denied"
  | "admin_origin";

/**
 * The event a refused-token error code means (Magento sends no uninstall webhook: a dead token shows up only as
 * a 401 on a signed call):
 * - `Specified token does not exist` → the token was deleted (Reauthorize) → needs_reauthorization
 * - `Access token has been revoked` / `A consumer having the specified key does not exist` → revoked
 */
export function revocationEventOfCode(code: string | undefined): RevocationEvent | null {
  return code === "token_missing" || code === "token_revoked" || code === "consumer_missing" ? code : null;
}

export function isInstallationState(s: string): s is InstallationState {
  return (INSTALLATION_STATES as readonly string[]).includes(s);
}

/** The next state, or the same state when the event does not move it. Pure. */
export function nextState(current: InstallationState, event: InstallationEventKind): InstallationState {
  switch (event) {
    case "callback":
      return current === "active" ? "active" : "pending";
    case "exchange_started":
      return current === "active" ? "active" : "exchanging";
    case "exchange_succeeded":
      return "active";
    case "exchange_failed":
      return current === "active" ? "active" : "failed";
    case "token_missing":
      return current === "active" ? "needs_reauthorization" : current;
    case "token_revoked":
    case "consumer_missing":
      return current === "active" || current === "needs_reauthorization" ? "revoked" : current;
    case "call_succeeded":
      return current === "needs_reauthorization" || current === "revoked" ? "active" : current;
  }
}
