import {
  type Storage,
  nextState,
  revocationEventOfCode,
  type InstallationLogKind,
  type InstallationState,
  type RevocationEvent,
} from "@magento-integration/storage";
import { MagentoApiError, STORE_ADVICE } from "@magento-integration/client";

/**
 * The revocation a failed call reports: a 401 with one of the three refusals (which event each is:
 * packages/storage/src/storage/installation-states.ts revocationEventOfCode), or null.
 */
export function revocationEventFor(error: unknown): RevocationEvent | null {
  if (!(error instanceof MagentoApiError) || error.status !== 401) return null;
  return revocationEventOfCode(error.code);
}

/** Marks the installation after a revocation 401 (only credentials that are still the ones that failed). */
export async function markRevocation(
  storage: Storage,
  installation: { id: string; state: InstallationState; credentialsSeq: number },
  event: RevocationEvent,
  storeMessage: string | undefined,
  now: Date,
): Promise<InstallationState> {
  const current = installation.state;
  const next = nextState(current, event);
  if (next !== current) {
    const reason = event;
    // logged as what happened (the store's refusal), not as the state it led to
    const kind: InstallationLogKind = event;
    // Conditional: a Reauthorize exchange that just replaced the credentials must not be undone.
    const moved = await storage.installations.transition(
      installation.id,
      { state: current, credentialsSeq: installation.credentialsSeq },
      { state: next, failureReason: reason },
    );
    if (!moved) return current;
    await storage.events.add({
      installationId: installation.id,
      kind,
      message: `${STORE_ADVICE[reason].title}: ${STORE_ADVICE[reason].fix}`,
      storeMessage: storeMessage ?? null,
      at: now,
    });
  }
  return next;
}
