import type { Storage } from "@magento-integration/storage";

/**
 * Sign-in throttling, shared by every app instance (LoginThrottle table; the sign-up budgets, in the same table,
 * are packages/handshake/src/auth/sign-up-budget.ts). Sign-in failures slow
 * down, they never lock an account: after a few free failures each further one doubles the wait before the
 * next attempt under the same key. Keys are per (email, client), so a stranger hammering an address slows only
 * himself, and per client across emails (password spraying). The client is the address a trusted proxy reports,
 * or a browser that signed in to that email before (device cookie); an unknown client shares one bucket per
 * email (docs/security.md, residual risks). The attempt is counted before the password is checked, so parallel
 * guesses cannot slip past.
 */
export interface DelayRule {
  /** Failures allowed before any wait. */
  free: number;
  baseMs: number;
  capMs: number;
}

export const SIGN_IN_RULES = {
  /** One email from one known client (trusted IP or a device that signed in to it before). */
  emailClient: { free: 5, baseMs: 1_000, capMs: 5 * 60_000 },
  /** One email from clients we cannot tell apart (no trusted proxy, no device cookie). */
  emailUnknown: { free: 5, baseMs: 1_000, capMs: 60_000 },
  /** One client across every email. */
  client: { free: 20, baseMs: 1_000, capMs: 15 * 60_000 },
  /** The current password asked on the account page, per user (whoever holds a session cookie guesses here). */
  currentPassword: { free: 2, baseMs: 2_000, capMs: 15 * 60_000 },
} satisfies Record<string, DelayRule>;

/** After this many wrong current passwords in a row on the account page, the session asking is ended. */
export const CURRENT_PASSWORD_SIGN_OUT_AFTER = 5;

/** The throttle key of the account page's current-password check (per user, whatever the client). */
export function currentPasswordKey(userId: string): { key: string; rule: DelayRule } {
  return { key: `current:${userId}`, rule: SIGN_IN_RULES.currentPassword };
}

/** Failures older than this are forgotten, and rows untouched this long are pruned. */
export const THROTTLE_MEMORY_MS = 24 * 60 * 60 * 1000;

export function delayAfter(failures: number, rule: DelayRule): number {
  if (failures <= rule.free) return 0;
  return Math.min(rule.capMs, rule.baseMs * 2 ** Math.min(30, failures - rule.free - 1));
}

export interface SignInClient {
  /** Address reported by a trusted proxy. */
  ip?: string;
  /** A browser that signed in to this email before (verified device cookie). */
  knownDevice?: string;
}

export function signInKeys(email: string, client: SignInClient): Array<{ key: string; rule: DelayRule }> {
  const e = email.toLowerCase();
  const keys: Array<{ key: string; rule: DelayRule }> = [];
  if (client.knownDevice) keys.push({ key: `signin:${e}|dev:${client.knownDevice}`, rule: SIGN_IN_RULES.emailClient });
  else if (client.ip) keys.push({ key: `signin:${e}|ip:${client.ip}`, rule: SIGN_IN_RULES.emailClient });
  else keys.push({ key: `signin:${e}|unknown`, rule: SIGN_IN_RULES.emailUnknown });
  if (client.ip) keys.push({ key: `client:${client.ip}`, rule: SIGN_IN_RULES.client });
  return keys;
}

/**
 * Takes one attempt under every key, or none: when any key still has to wait, returns the time it may try again
 * (nothing counted). Otherwise counts the attempt as a failure up front (cleared by `clearKeys` on success).
 */
export async function takeAttempt(
  storage: Storage,
  keys: Array<{ key: string; rule: DelayRule }>,
  now: Date,
): Promise<{ ok: true; failures: number } | { ok: false; retryAt: Date }> {
  return storage.transaction(async (tx) => {
    const rows = await tx.throttle.lock(
      keys.map((k) => k.key),
      now,
    );
    const wait = rows
      .filter((r) => r.nextAttemptAt > now)
      .sort((a, b) => b.nextAttemptAt.getTime() - a.nextAttemptAt.getTime())[0];
    if (wait) return { ok: false as const, retryAt: wait.nextAttemptAt };
    let most = 0;
    for (const { key, rule } of keys) {
      const row = rows.find((r) => r.key === key);
      const fresh = !row || now.getTime() - row.windowStart.getTime() > THROTTLE_MEMORY_MS;
      const failures = fresh ? 1 : row.failures + 1;
      most = Math.max(most, failures);
      const nextAttemptAt = new Date(now.getTime() + delayAfter(failures, rule));
      await tx.throttle.put({ key, failures, nextAttemptAt, lastAt: now, windowStart: fresh ? now : row.windowStart });
    }
    /** failures: the most any key has counted, this attempt included (until a success clears them). */
    return { ok: true as const, failures: most };
  });
}

/** After a correct password: the email's buckets are cleared; the client's spray counter takes the attempt back. */
export async function recordSuccess(storage: Storage, keys: Array<{ key: string }>): Promise<void> {
  const emailKeys = keys.map((k) => k.key).filter((k) => k.startsWith("signin:"));
  const clientKeys = keys.map((k) => k.key).filter((k) => k.startsWith("client:"));
  await storage.throttle.delete(emailKeys);
  if (clientKeys.length) await storage.throttle.forgiveOne(clientKeys);
}

export async function pruneThrottle(storage: Storage, now: Date): Promise<number> {
  return storage.throttle.prune(new Date(now.getTime() - THROTTLE_MEMORY_MS));
}
