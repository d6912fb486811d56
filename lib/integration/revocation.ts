import type { Storage } from "@/lib/storage/storage";
import { FAILURE_FIXES } from "@/lib/integration/failure-reasons";
import { nextState, type InstallationEventKind, type InstallationState } from "@/lib/integration/states";

/**
 * Magento sends no uninstall webhook: a dead token shows up only as a 401 on a signed call.
 * - `Specified token does not exist` → the token was deleted (Reauthorize) → needs_reauthorization
 * - `Access token has been revoked` / `A consumer having the specified key does not exist` → revoked
 */
export function revocationEventFor(error: unknown): Extract<InstallationEventKind, "token_missing" | "token_revoked" | "consumer_missing"> | null {
  const e = (error ?? {}) as { status?: number; code?: string; renderedMessage?: string; template?: string; message?: string };
  if (e.status !== undefined && e.status !== 401) return null;
  if (e.code === "token_missing") return "token_missing";
  if (e.code === "token_revoked") return "token_revoked";
  if (e.code === "consumer_missing") return "consumer_missing";
  const text = `${e.template ?? ""} ${e.renderedMessage ?? ""} ${e.message ?? ""}`;
  if (/Specified token does not exist/i.test(text)) return "token_missing";
  if (/Access token has been revoked/i.test(text)) return "token_revoked";
  if (/consumer having the specified key does not exist/i.test(text)) return "consumer_missing";
  return null;
}

/** Marks the installation after a revocation 401 (only credentials that are still the ones that failed). */
export async function markRevocation(
  storage: Storage,
  installation: { id: string; state: InstallationState; credentialsSeq: number },
  event: "token_missing" | "token_revoked" | "consumer_missing",
  storeMessage: string | undefined,
  now: Date,
): Promise<InstallationState> {
  const current = installation.state;
  const next = nextState(current, event);
  if (next !== current) {
    const reason = event;
    // Conditional: a Reauthorize exchange that just replaced the credentials must not be undone.
    const moved = await storage.installations.transition(installation.id, { state: current, credentialsSeq: installation.credentialsSeq }, { state: next, failureReason: reason });
    if (!moved) return current;
    await storage.events.add({
      installationId: installation.id,
      kind: next,
      message: `${FAILURE_FIXES[reason].title}: ${FAILURE_FIXES[reason].fix}`,
      storeMessage: storeMessage ?? null,
      at: now,
    });
  }
  return next;
}
