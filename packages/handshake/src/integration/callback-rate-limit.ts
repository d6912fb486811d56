import { createHash } from "node:crypto";
import { groupPerTurn, type GroupOptions } from "@magento-integration/storage/jobs";
import type { RateBudget, RateWindowRepo } from "@magento-integration/storage";

/**
 * Rate limit for the unauthenticated activation callback, checked before anything is written: a store posts once
 * per Activate or Reauthorize click, so a few per minute per consumer key is plenty, and one client (the address
 * a trusted proxy reports) gets a larger budget across keys. Fixed windows.
 * - The per-key budget belongs to the key *and* its consumer secret. A consumer key is no secret (the popup's URL
 *   carries it): were the budget the key's alone, anyone could spend it with forged callbacks, a few a minute,
 *   and the store's own Activate or Reauthorize would be answered 429 and lost (docs/security.md). Forgeries with
 *   other secrets spend their own budgets; the binding refuses them in their job.
 * - PostgreSQL (several app instances): counted in the database (RateWindow rows), so every instance shares one
 *   budget. The callbacks of one event-loop turn are decided together, in arrival order, in one short
 *   transaction (RateWindowRepo.takeMany): a burst of callbacks costs a few round trips, not one or two each.
 * - SQLite (one app process): counted in memory; nothing to share, and no write added to the callback.
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

export interface CallbackLimiter {
  /** Counts one callback for its key and secret (and the client, when known); refuses when either budget is spent. */
  take(callback: CallbackIdentity, client: string | undefined, nowMs: number): Promise<RateDecision>;
}

/** What a callback's per-key budget is counted by. */
export interface CallbackIdentity {
  consumerKey: string;
  consumerSecret: string;
}

/** The per-key budget's name: the key and a digest of its secret (never the secret: PostgreSQL stores the name). */
function keyBudget({ consumerKey, consumerSecret }: CallbackIdentity): string {
  const secret = createHash("sha256")
    .update(`kit-callback-budget\u0000${consumerSecret}`)
    .digest("base64url")
    .slice(0, 22);
  return `key:${consumerKey}:${secret}`;
}

function budgets(
  limits: CallbackRateLimits,
  callback: CallbackIdentity,
  client: string | undefined,
): Array<[string, number]> {
  const checks: Array<[string, number]> = [[keyBudget(callback), limits.perKey]];
  if (client) checks.push([`client:${client}`, limits.perClient]);
  return checks;
}

export class MemoryCallbackLimiter implements CallbackLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly limits: CallbackRateLimits = DEFAULT_CALLBACK_LIMITS) {}

  async take(callback: CallbackIdentity, client: string | undefined, now: number): Promise<RateDecision> {
    const checks = budgets(this.limits, callback, client);
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

/** Shared by every instance: a window is the row `callback|<budget>|<window number>`. */
export class SharedCallbackLimiter implements CallbackLimiter {
  private readonly decide: (hit: RateBudget[]) => Promise<boolean>;

  constructor(
    windows: RateWindowRepo,
    private readonly limits: CallbackRateLimits = DEFAULT_CALLBACK_LIMITS,
    grouping: GroupOptions = {},
  ) {
    this.decide = groupPerTurn<RateBudget[], boolean>(async (group) => {
      const answers = await windows.takeMany(group.map((p) => p.value));
      group.forEach((p, i) => p.resolve(answers[i]!));
    }, grouping);
  }

  async take(callback: CallbackIdentity, client: string | undefined, now: number): Promise<RateDecision> {
    const n = Math.floor(now / this.limits.windowMs);
    const ends = (n + 1) * this.limits.windowMs;
    const expiresAt = new Date(ends);
    // counted in every budget or in none: a callback refused by one budget costs the other nothing
    const hit = budgets(this.limits, callback, client).map(([name, limit]) => ({
      key: `callback|${name}|${n}`,
      limit,
      expiresAt,
    }));
    if (await this.decide(hit)) return { ok: true };
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((ends - now) / 1000)) };
  }
}
