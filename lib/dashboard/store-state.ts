/**
 * The one table of store states: what the database holds (installation state + failure reason) → the words a
 * person reads → the one thing to do. Every screen that shows a store's state uses it: the stores list, the
 * store header and its banner, the identity popup and diagnostics. Handshake failures reuse the merchant advice
 * of lib/magento/store-advice.ts (one table of advice); this module only decides which applies.
 */
// the plain modules, not their indexes: client components draw state badges (app/components/ui/Badge.tsx)
import { STORE_ADVICE, type StoreProblem } from "@/lib/magento/store-advice";
import { nextState, revocationEventOfCode } from "@/lib/storage/installation-states";

export type StateTone = "success" | "info" | "warning" | "danger";

/** What the person should do next; `where` says where (the app or the store admin). */
export type StateAction =
  | { kind: "none" }
  | { kind: "wait"; text: string }
  | { kind: "reauthorize"; text: string }
  | { kind: "remove_and_activate_new"; text: string };

export interface StateView {
  /** Stable key for tests and CSS (never shown). */
  key:
    "active" | "connecting" | "activation_failed" | "needs_reauthorization" | "access_revoked" | "integration_deleted";
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

const TABLE: Record<StateView["key"], Omit<StateView, "key">> = {
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

function keyOf(state: string, reason: string | null): StateView["key"] {
  if (reason === "consumer_missing" && state !== "active") return "integration_deleted";
  switch (state) {
    case "active":
      return "active";
    case "pending":
    case "exchanging":
      return "connecting";
    case "needs_reauthorization":
      return "needs_reauthorization";
    case "revoked":
      return "access_revoked";
    default:
      return "activation_failed";
  }
}

/** The words and action for an installation's state (unknown states read as a failed activation). */
export function describeStoreState(s: { state: string; failureReason: string | null }): StateView {
  const key = keyOf(s.state, s.failureReason);
  const row = { key, ...TABLE[key] };
  if (key === "activation_failed" && s.failureReason) {
    // the handshake's own advice names the store's message and its fix
    const fix = Object.hasOwn(STORE_ADVICE, s.failureReason)
      ? STORE_ADVICE[s.failureReason as StoreProblem]
      : STORE_ADVICE.other;
    return { ...row, title: fix.title, action: { kind: "reauthorize", text: fix.fix } };
  }
  return row;
}

/** Every row, for the diagnostics page's "what each state means". */
export function allStateViews(): StateView[] {
  return (Object.keys(TABLE) as Array<StateView["key"]>).map((key) => ({ key, ...TABLE[key] }));
}

/** "checked 3 min ago" / "never checked": how fresh the state the database holds is. */
export function checkedAgo(lastCheckedAt: Date | null, now: Date): string {
  if (!lastCheckedAt) return "not checked yet";
  const s = Math.max(0, Math.round((now.getTime() - lastCheckedAt.getTime()) / 1000));
  if (s < 60) return `checked ${s} s ago`;
  const m = Math.round(s / 60);
  if (m < 120) return `checked ${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 48) return `checked ${h} h ago`;
  return `checked ${Math.round(h / 24)} days ago`;
}

/** The state a refused-token error puts an active installation in (lib/integration/revocation.ts), or null. */
export function stateOfRevocation(code: string | undefined): { state: string; failureReason: string } | null {
  const event = revocationEventOfCode(code);
  return event ? { state: nextState("active", event), failureReason: event } : null;
}
