import { UniqueConflictError, type Storage } from "@/lib/storage/storage";
import { dummyHash, hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { signInSchema, signUpSchema } from "@/lib/auth/credentials-schema";
import {
  recordSuccess,
  signInKeys,
  takeAttempt,
  takeSignUp,
  type SignInClient,
  type SignUpClient,
} from "@/lib/auth/throttle";

export interface AppUser {
  id: string;
  email: string;
}

export type AuthResult = { ok: true; user: AppUser } | { ok: false; error: string; field?: "email" | "password" };

/** `client`: who signs up (lib/auth/throttle.ts `takeSignUp` decides which sign-up budget it spends). */
export async function signUp(
  storage: Storage,
  input: { email: unknown; password: unknown },
  client: SignUpClient = {},
  now: Date = new Date(),
): Promise<AuthResult> {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: issue.message, field: issue.path[0] === "password" ? "password" : "email" };
  }
  const { email, password } = parsed.data;
  if (!(await takeSignUp(storage, client, now))) {
    return { ok: false, error: "Too many accounts were created recently. Try again in an hour." };
  }
  const passwordHash = await hashPassword(password);
  try {
    const user = await storage.users.create(email, passwordHash);
    return { ok: true, user: { id: user.id, email: user.email } };
  } catch (e) {
    if (e instanceof UniqueConflictError) {
      return { ok: false, error: "An account with this email already exists. Sign in instead.", field: "email" };
    }
    throw e;
  }
}

function waitMessage(retryAt: Date, now: Date): AuthResult {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  const when = seconds < 120 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutes`;
  return { ok: false, error: `Too many failed sign-ins from here. Wait ${when}, then try again.` };
}

/**
 * `client` says where the attempt comes from (trusted proxy address, known device); see lib/auth/throttle.ts.
 * Failures slow the next attempt from the same client down; nothing ever locks the account itself.
 */
export async function signIn(
  storage: Storage,
  input: { email: unknown; password: unknown },
  client: SignInClient = {},
  now: Date = new Date(),
): Promise<AuthResult> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "Enter your email and password." };
  const { email, password } = parsed.data;
  const keys = signInKeys(email, client);
  const attempt = await takeAttempt(storage, keys, now);
  if (!attempt.ok) return waitMessage(attempt.retryAt, now);
  const user = await storage.users.byEmailWithPassword(email);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
  if (!user || !ok) return { ok: false, error: "Email or password is wrong." };
  await recordSuccess(storage, keys);
  return { ok: true, user: { id: user.id, email: user.email } };
}
