import type { Db } from "@/lib/db";
import { addEvent } from "@/lib/integration/deps";
import { FAILURE_FIXES } from "@/lib/integration/failure-reasons";
import { isInstallationState, nextState, type InstallationEventKind } from "@/lib/integration/states";

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
  db: Db,
  installation: { id: string; state: string; credentialsSeq: number },
  event: "token_missing" | "token_revoked" | "consumer_missing",
  storeMessage: string | undefined,
  now: Date,
): Promise<string> {
  const current = isInstallationState(installation.state) ? installation.state : "failed";
  const next = nextState(current, event);
  if (next !== current) {
    const reason = event === "consumer_missing" ? "consumer_missing" : event;
    // Conditional: a Reauthorize exchange that just replaced the credentials must not be undone.
    await db.installation.updateMany({
      where: { id: installation.id, credentialsSeq: installation.credentialsSeq, state: current },
      data: { state: next, failureReason: reason },
    });
    await addEvent(db, {
      installationId: installation.id,
      kind: next,
      message: `${FAILURE_FIXES[reason].title}: ${FAILURE_FIXES[reason].fix}`,
      storeMessage: storeMessage ?? null,
      at: now,
    });
  }
  return next;
}
