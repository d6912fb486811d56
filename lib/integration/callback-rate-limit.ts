/**
 * Rate limit for the unauthenticated activation callback, checked before anything is read or written: a store
 * posts once per Activate or Reauthorize click, so a few per minute per consumer key is plenty, and one client
 * (the address a trusted proxy reports) gets a larger budget across keys. Fixed windows, in memory per app
 * instance (each instance limits on its own; the database work a refused callback costs is already small).
 */
export interface CallbackRateLimits {
  perKey: number;
  perClient: number;
  windowMs: number;
}

export const DEFAULT_CALLBACK_LIMITS: CallbackRateLimits = { perKey: 10, perClient: 60, windowMs: 60_000 };
/** Bounds memory under a flood of random keys: past this many tracked keys the oldest window is dropped. */
const MAX_TRACKED = 50_000;

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export class CallbackRateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly limits: CallbackRateLimits = DEFAULT_CALLBACK_LIMITS) {}

  /** Counts one callback for the key (and the client, when known); refuses when either budget is spent. */
  take(consumerKey: string, client: string | undefined, now: number): RateDecision {
    const checks: Array<[string, number]> = [[`key:${consumerKey}`, this.limits.perKey]];
    if (client) checks.push([`client:${client}`, this.limits.perClient]);
    let retry = 0;
    for (const [name, limit] of checks) {
      const w = this.current(name, now);
      if (w.count >= limit) retry = Math.max(retry, Math.ceil((w.start + this.limits.windowMs - now) / 1000));
    }
    if (retry > 0) return { ok: false, retryAfterSeconds: retry };
    for (const [name] of checks) this.current(name, now).count++;
    return { ok: true };
  }

  private current(name: string, now: number): { start: number; count: number } {
    let w = this.windows.get(name);
    if (!w || now - w.start >= this.limits.windowMs) {
      if (w) this.windows.delete(name);
      w = { start: now, count: 0 };
      this.windows.set(name, w);
      if (this.windows.size > MAX_TRACKED) this.windows.delete(this.windows.keys().next().value as string);
    }
    return w;
  }
}
