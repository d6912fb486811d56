import type { Db } from "@/lib/db";
import { dummyHash, hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { signInSchema, signUpSchema } from "@/lib/auth/credentials-schema";
import { IP_MAX_FAILURES, LOCK_MS, MAX_FAILURES, checkThrottle, clearThrottle, recordFailure, throttleKeys } from "@/lib/auth/throttle";

export interface AppUser {
  id: string;
  email: string;
}

export type AuthResult = { ok: true; user: AppUser } | { ok: false; error: string; field?: "email" | "password" };

export async function signUp(db: Db, input: { email: unknown; password: unknown }): Promise<AuthResult> {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: issue.message, field: issue.path[0] === "password" ? "password" : "email" };
  }
  const { email, password } = parsed.data;
  const passwordHash = await hashPassword(password);
  try {
    const user = await db.user.create({ data: { email, passwordHash }, select: { id: true, email: true } });
    return { ok: true, user };
  } catch (e) {
    if ((e as { code?: string }).code === "P2002") {
      return { ok: false, error: "An account with this email already exists. Sign in instead.", field: "email" };
    }
    throw e;
  }
}

function lockedMessage(lockedUntil: Date, now: Date): AuthResult {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60000));
  return { ok: false, error: `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` };
}

/** `ip` is the client address a trusted proxy reported, or undefined (then only the per-email limit applies). */
export async function signIn(
  db: Db,
  input: { email: unknown; password: unknown },
  ip: string | undefined,
  now: Date = new Date(),
): Promise<AuthResult> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "Enter your email and password." };
  const { email, password } = parsed.data;
  const keys = throttleKeys(email, ip);
  const lockedUntil = await checkThrottle(db, keys.ip ? [keys.email, keys.ip] : [keys.email], now);
  if (lockedUntil) return lockedMessage(lockedUntil, now);
  // Count before checking the password: parallel guesses each take a number, those past the limit stop here.
  const attempt = await recordFailure(db, keys.email, MAX_FAILURES, now);
  if (attempt > MAX_FAILURES) return lockedMessage(new Date(now.getTime() + LOCK_MS), now);
  const user = await db.user.findUnique({ where: { email } });
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
  if (!user || !ok) {
    if (keys.ip) await recordFailure(db, keys.ip, IP_MAX_FAILURES, now);
    return { ok: false, error: "Email or password is wrong." };
  }
  await clearThrottle(db, keys.email);
  return { ok: true, user: { id: user.id, email: user.email } };
}
