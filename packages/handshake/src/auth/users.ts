import { UniqueConflictError, type Storage } from "@magento-integration/storage";
import { dummyHash, hashPassword, verifyPassword } from "./passwords.ts";
import { signInSchema, signUpSchema } from "./credentials-schema.ts";
import type { QueueAccountMail } from "./account-mail-types.ts";
import { recordSuccess, signInKeys, takeAttempt, type SignInClient } from "./throttle.ts";
import { reserveSignUp, settleSignUp, type SignUpClient, type SignUpRefusal } from "./sign-up-budget.ts";

export interface AppUser {
  id: string;
  email: string;
}

/** checkMail: the answer is "check your email" (a sign-up with an address that has an account), not an error. */
export type AuthResult =
  { ok: true; user: AppUser } | { ok: false; error: string; field?: "email" | "password"; checkMail?: true };

/** What the sign-up form says when the address already has an account: no account word, only "check your email". */
export const SIGN_UP_CHECK_MAIL =
  "We sent a message to this address. Follow it to go on: it says how to sign in or set a new password.";

/**
 * `client`: who signs up (packages/handshake/src/auth/sign-up-budget.ts decides which budgets it spends; an attempt that creates no
 * account gives the shared ones back and spends only its address's).
 * A new address gets its account and is signed in at once (the store's activation popup goes on from there). An
 * address that already has an account gets no error naming it: the form says SIGN_UP_CHECK_MAIL, and the owner is
 * mailed instead. Both cases do the same work before answering (the scrypt hash, one insert attempt, one queued
 * `account.mail` job), so neither the text nor the timing says more (docs/security.md, "Accounts").
 */
export async function signUp(
  storage: Storage,
  input: { email: unknown; password: unknown },
  client: SignUpClient = {},
  now: Date = new Date(),
  queue: QueueAccountMail = async () => undefined,
): Promise<AuthResult> {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: issue.message, field: issue.path[0] === "password" ? "password" : "email" };
  }
  const { email, password } = parsed.data;
  const reservation = await reserveSignUp(storage, email, client, now);
  if ("refused" in reservation) return { ok: false, error: refusalMessage(reservation, now) };
  const passwordHash = await hashPassword(password);
  let user: AppUser | null = null;
  try {
    user = await storage.users.create(email, passwordHash);
  } catch (e) {
    if (!(e instanceof UniqueConflictError)) throw e;
  }
  await settleSignUp(storage, reservation, user !== null, now);
  await queue({ type: "sign_up", email, taken: user === null });
  if (!user) return { ok: false, checkMail: true, error: SIGN_UP_CHECK_MAIL };
  return { ok: true, user: { id: user.id, email: user.email } };
}

function refusalMessage(r: SignUpRefusal, now: Date): string {
  switch (r.refused) {
    case "address":
      return "Too many sign-ups with this address in the last hour. Try again in an hour, or sign in if you already have an account.";
    case "network":
      return "Too many accounts were created from your network in the last hour. Try again in an hour.";
    case "activation":
      return "Too many accounts were created from this store's activation. Try again in an hour.";
    case "busy": {
      const seconds = Math.max(1, Math.ceil((r.retryAt.getTime() - now.getTime()) / 1000));
      return `Many accounts are being created right now. Wait ${seconds} second${seconds === 1 ? "" : "s"}, then send the form again.`;
    }
  }
}

function waitMessage(retryAt: Date, now: Date): AuthResult {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  const when = seconds < 120 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutes`;
  return { ok: false, error: `Too many failed sign-ins from here. Wait ${when}, then try again.` };
}

/**
 * `client` says where the attempt comes from (trusted proxy address, known device); see packages/handshake/src/auth/throttle.ts.
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
