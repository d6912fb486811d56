import type { Db } from "@/lib/db";
import { addEvent } from "@/lib/integration/deps";
import { CONSUMER_EXPIRY_MS } from "@/lib/integration/exchange";
import { FAILURE_FIXES } from "@/lib/integration/failure-reasons";

/**
 * Exchanges a previous run of the app left unfinished (crash, `kill -9`, deploy), settled at start-up:
 * - never got its request token and the store's 300 s window is still open → back to `pending`, resumed by the
 *   caller (`resume`);
 * - otherwise → `failed(interrupted)` at once: the window is over, or the request token was issued and is lost
 *   (Magento issues it once per activation: asking again fails), so only a Reauthorize helps.
 * Call it before this process starts exchanges of its own. With several app instances on one database a
 * shared job engine owns this instead (an exchange another instance is running must not be touched).
 */
export async function recoverInterruptedExchanges(
  deps: { db: Db; now: () => Date },
  resume: (activationId: string) => unknown,
): Promise<{ resumed: string[]; failed: string[] }> {
  const now = deps.now();
  const open = await deps.db.activation.findMany({
    where: { state: { in: ["pending", "exchanging"] } },
    select: { id: true, seq: true, installationId: true, callbackAt: true, requestTokenAt: true, state: true },
    orderBy: { callbackAt: "asc" },
  });
  const resumed: string[] = [];
  const failed: string[] = [];
  for (const a of open) {
    const inWindow = now.getTime() - a.callbackAt.getTime() < CONSUMER_EXPIRY_MS;
    if (inWindow && a.requestTokenAt === null) {
      const back = await deps.db.activation.updateMany({ where: { id: a.id, state: a.state }, data: { state: "pending", exchangeStartedAt: null } });
      if (back.count > 0) {
        resumed.push(a.id);
        void resume(a.id);
      }
      continue;
    }
    const moved = await deps.db.$transaction(async (tx) => {
      const m = await tx.activation.updateMany({ where: { id: a.id, state: a.state }, data: { state: "failed", failureReason: "interrupted", finishedAt: now } });
      if (m.count === 0) return false;
      await tx.installation.updateMany({
        where: { id: a.installationId, activationCount: a.seq, state: { in: ["pending", "exchanging"] } },
        data: { state: "failed", failureReason: "interrupted" },
      });
      await addEvent(tx, {
        installationId: a.installationId,
        activationId: a.id,
        kind: "exchange_failed",
        message: `Token exchange failed: ${FAILURE_FIXES.interrupted.title} (the app restarted ${
          inWindow ? "after the store issued the request token" : "and the store's 300 s window is over"
        }).`,
        at: now,
      });
      return true;
    });
    if (moved) failed.push(a.id);
  }
  return { resumed, failed };
}
