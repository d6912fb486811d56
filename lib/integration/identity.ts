import type { IntegrationDeps } from "@/lib/integration/deps";
import { addEvent } from "@/lib/integration/deps";
import { identityQuerySchema } from "@/lib/integration/callback-schema";
import { validateSuccessCallback } from "@/lib/integration/success-callback";
import { FAILURE_FIXES, type FailureReason } from "@/lib/integration/failure-reasons";
import { originOf } from "@/lib/integration/store-url";

/** How long after its exchange succeeded an activation can still link an app account (one account per activation). */
export const CLAIM_WINDOW_MS = 30 * 60 * 1000;
/** An exchange still `exchanging` after this long was cut off by a restart: even every fallback takes far less. */
export const STALE_EXCHANGE_MS = 10 * 60 * 1000;

export type IdentityOutcome =
  | { kind: "invalid"; message: string }
  | { kind: "unknown_key" }
  | { kind: "refused_redirect"; reason: string; installationId: string }
  | { kind: "sign_in_required" }
  | { kind: "confirm_link"; installationId: string; storeUrl: string; storeName: string | null }
  | { kind: "waiting"; state: string; secondsSinceCallback: number; stalledActivationId: string | null }
  | { kind: "failed"; installationId: string; reason: FailureReason; title: string; fix: string; storeMessage: string | null }
  | { kind: "claimed_by_other"; installationId: string }
  | { kind: "claim_expired"; installationId: string }
  | { kind: "redirect"; url: string; installationId: string };

export type IdentityQuery = { oauth_consumer_key?: string | string[]; success_call_back?: string | string[] };

export function parseIdentityQuery(q: IdentityQuery): { ok: true; key: string; successCallBack: string } | { ok: false; message: string } {
  if (Array.isArray(q.oauth_consumer_key) || Array.isArray(q.success_call_back)) {
    return { ok: false, message: "The link has a parameter more than once." };
  }
  const parsed = identityQuerySchema.safeParse(q);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "The link is incomplete." };
  return { ok: true, key: parsed.data.oauth_consumer_key, successCallBack: parsed.data.success_call_back };
}

/**
 * The identity popup, after the user is signed in: wait for the exchange of the newest activation, link the
 * installation to the user (a successful activation links one account; an already linked user is fine, so
 * opening the link twice is harmless), then hand back `success_call_back` unchanged once it is proven to be
 * the store's own admin `loginSuccessCallback` page.
 *
 * Linking a new account needs `consented`: the user signed in inside this popup, or confirmed the link on the
 * page. A GET alone never links (another site could open the link for a signed-in victim with its own store).
 */
export async function completeIdentityFor(
  deps: IntegrationDeps,
  query: IdentityQuery,
  userId: string | null,
  opts: { consented?: boolean } = {},
): Promise<IdentityOutcome> {
  const q = parseIdentityQuery(query);
  if (!q.ok) return { kind: "invalid", message: q.message };
  const inst = await deps.db.installation.findUnique({
    where: { consumerKey: q.key },
    include: { store: true, activations: { orderBy: { seq: "desc" }, take: 1 } },
  });
  if (!inst) return { kind: "unknown_key" };
  const latest = inst.activations[0];

  const allowed = [originOf(inst.store.baseUrl)];
  if (inst.adminOrigin) allowed.push(inst.adminOrigin);
  if (latest) allowed.push(originOf(latest.storeBaseUrl));
  const target = validateSuccessCallback(q.successCallBack, allowed);
  if (!target.ok) return { kind: "refused_redirect", reason: target.reason, installationId: inst.id };

  if (!latest) return { kind: "unknown_key" }; // a manual installation has no activation to complete
  if (!userId) return { kind: "sign_in_required" };
  const now = deps.now();
  const linked = await deps.db.installationUser.findUnique({
    where: { installationId_userId: { installationId: inst.id, userId } },
  });
  if (!linked && !opts.consented) {
    return { kind: "confirm_link", installationId: inst.id, storeUrl: inst.store.baseUrl, storeName: inst.store.name };
  }
  if (latest.state === "exchanging" && latest.exchangeStartedAt && now.getTime() - latest.exchangeStartedAt.getTime() > STALE_EXCHANGE_MS) {
    await markInterrupted(deps, inst.id, latest.id, latest.seq, now);
    const info = FAILURE_FIXES.interrupted;
    return { kind: "failed", installationId: inst.id, reason: "interrupted", title: info.title, fix: info.fix, storeMessage: null };
  }
  if (latest.state === "pending" || latest.state === "exchanging") {
    const since = (now.getTime() - latest.callbackAt.getTime()) / 1000;
    return {
      kind: "waiting",
      state: latest.state,
      secondsSinceCallback: Math.max(0, Math.round(since)),
      // An exchange that never started (app restarted right after the callback) can be resumed by the caller.
      stalledActivationId: latest.state === "pending" && since > 3 ? latest.id : null,
    };
  }
  if (latest.state !== "succeeded" && !(latest.state === "duplicate" && inst.state === "active")) {
    const reason = (latest.failureReason ?? "other") as FailureReason;
    const info = FAILURE_FIXES[reason] ?? FAILURE_FIXES.other;
    const ev = await deps.db.installationEvent.findFirst({
      where: { activationId: latest.id, storeMessage: { not: null } },
      orderBy: { id: "desc" },
    });
    return { kind: "failed", installationId: inst.id, reason, title: info.title, fix: info.fix, storeMessage: ev?.storeMessage ?? null };
  }

  if (linked) {
    // Reauthorize by an already linked user: this activation is spent, nobody else can claim it.
    await deps.db.activation.updateMany({ where: { id: latest.id, claimedByUserId: null }, data: { claimedByUserId: userId, claimedAt: now } });
  } else {
    const fresh = latest.accessTokenAt && now.getTime() - latest.accessTokenAt.getTime() < CLAIM_WINDOW_MS;
    if (!fresh) return { kind: "claim_expired", installationId: inst.id };
    // One account per successful activation: knowing a consumer key alone must never grant a store's data.
    const claimed = await deps.db.activation.updateMany({
      where: { id: latest.id, claimedByUserId: null },
      data: { claimedByUserId: userId, claimedAt: now },
    });
    if (claimed.count === 0) return { kind: "claimed_by_other", installationId: inst.id };
    await deps.db.installationUser.upsert({
      where: { installationId_userId: { installationId: inst.id, userId } },
      create: { installationId: inst.id, userId },
      update: {},
    });
    await addEvent(deps.db, {
      installationId: inst.id,
      activationId: latest.id,
      kind: "identity_linked",
      message: "An app account was linked through the identity link.",
      at: now,
    });
  }
  return { kind: "redirect", url: target.url, installationId: inst.id };
}

/** An exchange cut off by a restart: the activation failed; the installation too if it was waiting on it. */
async function markInterrupted(deps: IntegrationDeps, installationId: string, activationId: string, seq: number, now: Date): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    const moved = await tx.activation.updateMany({
      where: { id: activationId, state: "exchanging" },
      data: { state: "failed", failureReason: "interrupted", finishedAt: now },
    });
    if (moved.count === 0) return;
    await tx.installation.updateMany({
      where: { id: installationId, activationCount: seq, state: { in: ["pending", "exchanging"] } },
      data: { state: "failed", failureReason: "interrupted" },
    });
    await addEvent(tx, {
      installationId,
      activationId,
      kind: "exchange_failed",
      message: `Token exchange failed: ${FAILURE_FIXES.interrupted.title} (still running after ${STALE_EXCHANGE_MS / 60000} minutes).`,
      at: now,
    });
  });
}
