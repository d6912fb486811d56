import type { Db } from "@/lib/db";

/**
 * Sign-in throttling shared by every app instance (LoginThrottle table): per email and per client IP (when a
 * trusted proxy tells us the IP), at most MAX_FAILURES failures in WINDOW_MS, then locked for LOCK_MS. The email's
 * attempt is counted before the password is checked, and a success clears it.
 */
export const MAX_FAILURES = 5;
export const IP_MAX_FAILURES = 50;
export const WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

export function throttleKeys(email: string, ip: string | undefined): { email: string; ip: string | undefined } {
  return { email: `email:${email.toLowerCase()}`, ip: ip ? `ip:${ip}` : undefined };
}

/** Returns the time the caller must wait, or null when sign-in may be attempted. */
export async function checkThrottle(db: Db, keys: string[], now: Date): Promise<Date | null> {
  const rows = await db.loginThrottle.findMany({ where: { key: { in: keys } } });
  let until: Date | null = null;
  for (const r of rows) if (r.lockedUntil && r.lockedUntil > now && (!until || r.lockedUntil > until)) until = r.lockedUntil;
  return until;
}

/** Counts one failure (or attempt) against `key`; returns the count in the current window. */
export async function recordFailure(db: Db, key: string, limit: number, now: Date): Promise<number> {
  return db.$transaction(async (tx) => {
    const row = await tx.loginThrottle.findUnique({ where: { key } });
    const fresh = !row || now.getTime() - row.windowStart.getTime() > WINDOW_MS;
    const failures = fresh ? 1 : row.failures + 1;
    const lockedUntil = failures >= limit ? new Date(now.getTime() + LOCK_MS) : fresh ? null : row.lockedUntil;
    await tx.loginThrottle.upsert({
      where: { key },
      create: { key, failures, windowStart: now, lockedUntil },
      update: { failures, windowStart: fresh ? now : row.windowStart, lockedUntil },
    });
    return failures;
  });
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key } });
}
