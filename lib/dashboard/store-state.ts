/**
 * Which row of the one advice table (packages/client/src/magento/store-advice.ts, whose state rows hold the words a person reads
 * and the one thing to do) a store is in, from what the database holds (installation state + failure reason).
 * Every screen that shows a store's state uses it: the stores list, the store header and its banner, the identity
 * popup and diagnostics.
 */
// the plain modules, not their indexes: client components draw state badges (app/components/ui/Badge.tsx)
import {
  stateAdvice,
  STORE_STATE_KEYS,
  type StateAction,
  type StateAdvice,
  type StateTone,
  type StoreStateKey,
} from "@magento-integration/client/advice";
// the states vocabulary alone: this module is also read by client components (lib/dashboard/client.ts)
import { nextState, revocationEventOfCode } from "@magento-integration/storage/states";

export type { StateAction, StateTone };

export interface StateView extends StateAdvice {
  /** Stable key for tests and CSS (never shown). */
  key: StoreStateKey;
}

function keyOf(state: string, reason: string | null): StoreStateKey {
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
  // a failed activation shows the handshake's own advice: the store's message and its fix
  return { key, ...stateAdvice(key, s.failureReason) };
}

/** Every row, for the diagnostics page's "what each state means". */
export function allStateViews(): StateView[] {
  return STORE_STATE_KEYS.map((key) => ({ key, ...stateAdvice(key) }));
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

/** The state a refused-token error puts an active installation in (packages/handshake/src/integration/revocation.ts), or null. */
export function stateOfRevocation(code: string | undefined): { state: string; failureReason: string } | null {
  const event = revocationEventOfCode(code);
  return event ? { state: nextState("active", event), failureReason: event } : null;
}
