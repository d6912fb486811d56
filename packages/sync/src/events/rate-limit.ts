/**
 * Per-installation budget of verified deliveries (fixed windows). Only deliveries whose signature verified are
 * counted: an installation id is no secret, and were forgeries counted, anyone could spend a store's budget and
 * have its real deliveries refused. SQLite (one process) counts in memory; PostgreSQL shares RateWindow rows
 * among instances, the deliveries of one event-loop turn decided in one transaction.
 */
import { groupPerTurn } from "@magento-integration/storage/jobs";
import type { RateBudget, RateWindowRepo } from "@magento-integration/storage";

export interface DeliveryLimits {
  perInstallation: number;
  windowMs: number;
}

/** 1,200 a minute per store: a busy store's product imports fit, one store cannot fill the queue for all. */
export const DEFAULT_DELIVERY_LIMITS: DeliveryLimits = { perInstallation: 1200, windowMs: 60_000 };
const MAX_TRACKED = 50_000;

export interface DeliveryLimiter {
  take(installationId: string, nowMs: number): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
}

export function memoryDeliveryLimiter(limits: DeliveryLimits = DEFAULT_DELIVERY_LIMITS): DeliveryLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async take(id, now) {
      let w = windows.get(id);
      if (!w || now - w.start >= limits.windowMs) {
        windows.delete(id);
        w = { start: now, count: 0 };
        windows.set(id, w);
        if (windows.size > MAX_TRACKED) windows.delete(windows.keys().next().value as string);
      }
      if (w.count >= limits.perInstallation)
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + limits.windowMs - now) / 1000)) };
      w.count++;
      return { ok: true };
    },
  };
}

export function sharedDeliveryLimiter(
  repo: RateWindowRepo,
  limits: DeliveryLimits = DEFAULT_DELIVERY_LIMITS,
): DeliveryLimiter {
  const decide = groupPerTurn<RateBudget[], boolean>(async (group) => {
    const answers = await repo.takeMany(group.map((p) => p.value));
    group.forEach((p, i) => p.resolve(answers[i]!));
  });
  return {
    async take(id, now) {
      const n = Math.floor(now / limits.windowMs);
      const ends = (n + 1) * limits.windowMs;
      if (await decide([{ key: `events|${id}|${n}`, limit: limits.perInstallation, expiresAt: new Date(ends) }]))
        return { ok: true };
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((ends - now) / 1000)) };
    },
  };
}
