import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { Storage } from "@magento-integration/storage";
import type { Mailer } from "../mail/mailer.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { emailSchema, newPasswordSchema } from "./credentials-schema.ts";
import { revokeAllSessions, revokeOtherSessions, revokeSession } from "./sessions.ts";
import type { QueueAccountMail } from "./account-mail-types.ts";
import { CURRENT_PASSWORD_SIGN_OUT_AFTER, currentPasswordKey, takeAttempt } from "./throttle.ts";

/**
 * Account recovery and changes. A reset link carries a random 256-bit token; only its SHA-256 is stored, so
 * the database alone cannot produce a working link. A link works once (usedAt, set in the same transaction that
 * changes the password), for RESET_TTL_MS, and every open link of the user dies when the password changes.
 * Setting a new password, by link or on the account page, ends the user's other sessions; so does an email change.
 * The request answers the same whether or not the address has an account, and in the same time: it only queues
 * an `account.mail` job (lib/jobs/kinds/account-mail.ts) that looks the address up and mails the link after the
 * answer has left, so neither the text nor the timing nor an SMTP failure says whether the account exists. At most
 * RESETS_PER_HOUR links are mailed per account per hour.
 */
export const RESET_TTL_MS = 30 * 60 * 1000;
export const RESETS_PER_HOUR = 3;

const idOf = (token: string) => createHash("sha256").update(token).digest("base64url");

export const resetRequestSchema = z.object({ email: emailSchema });

export const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirm: z.string().min(1, "Enter the new password again") })
  .refine((v) => v.confirm === "" || v.password === v.confirm, {
    message: "The two passwords differ",
    path: ["confirm"],
  });

export type ResetRequestResult = { ok: true } | { ok: false; error: string };

export type { AccountMail, QueueAccountMail } from "./account-mail-types.ts";

/**
 * "Forgot your password?": queues the work and answers. The same answer, after the same work (one job insert),
 * for every address: whether an account exists, the hourly budget, and the mail server's fate stay in the job.
 */
export async function requestPasswordReset(
  deps: { mailerKind: Mailer["kind"]; queue: QueueAccountMail },
  email: string,
  next: string | undefined,
): Promise<ResetRequestResult> {
  if (deps.mailerKind === "unconfigured")
    return {
      ok: false,
      error:
        "Email is not configured on this server, so no reset link can be sent. Ask the app's administrator to set SMTP_URL.",
    };
  await deps.queue({ type: "password_reset", email, ...(next ? { next } : {}) });
  return { ok: true };
}

/**
 * The job's side of a reset request: mails a link when the account exists and the hourly budget allows; nothing
 * otherwise. Throws when the mail server refuses (the job retries; its message is the operators', never the
 * requester's).
 */
export async function mailPasswordReset(
  deps: { storage: Storage; mailer: Mailer; appUrl: string; now: () => Date },
  email: string,
  next: string | undefined,
): Promise<"sent" | "no_account" | "budget_spent"> {
  const now = deps.now();
  const user = await deps.storage.users.byEmailWithPassword(email);
  if (!user) return "no_account";
  const recent = await deps.storage.passwordResets.countSince(user.id, new Date(now.getTime() - 60 * 60 * 1000));
  if (recent >= RESETS_PER_HOUR) return "budget_spent";
  const token = randomBytes(32).toString("base64url");
  await deps.storage.passwordResets.create({
    id: idOf(token),
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TTL_MS),
  });
  const q = new URLSearchParams({ token });
  if (next) q.set("next", next);
  const link = `${deps.appUrl}/reset/new?${q.toString()}`;
  const sent = await deps.mailer.send({
    to: user.email,
    subject: "Reset your password",
    text: [
      "Someone (hopefully you) asked to reset the password of your Magento Integration Kit account.",
      "",
      `Set a new password here (the link works once, for ${RESET_TTL_MS / 60000} minutes):`,
      link,
      "",
      "If it was not you, ignore this message: your password stays as it is.",
    ].join("\n"),
  });
  if (sent.sent === false) throw new Error(sent.reason);
  return "sent";
}

/** Is this a live link? (shown before asking for the new password) */
export async function resetLinkState(
  storage: Storage,
  token: string,
  now: Date,
): Promise<"valid" | "used" | "expired" | "unknown"> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return "unknown";
  const row = await storage.passwordResets.byId(idOf(token));
  if (!row) return "unknown";
  if (row.usedAt) return "used";
  return row.expiresAt <= now ? "expired" : "valid";
}

export type ResetResult = { ok: true; email: string } | { ok: false; error: string };

/** Sets the new password through a live link: once, before it expires; every session of the user ends. */
export async function resetPasswordWithToken(
  storage: Storage,
  token: string,
  password: string,
  now: Date,
): Promise<ResetResult> {
  const state = await resetLinkState(storage, token, now);
  if (state !== "valid") return { ok: false, error: LINK_PROBLEMS[state] };
  const passwordHash = await hashPassword(password);
  return storage.transaction(async (tx) => {
    const row = await tx.passwordResets.byId(idOf(token));
    if (!row || !(await tx.passwordResets.use(row.id, now))) return { ok: false as const, error: LINK_PROBLEMS.used };
    const user = await tx.users.setPasswordHash(row.userId, passwordHash);
    await tx.passwordResets.useAllOfUser(user.id, now);
    await revokeAllSessions(tx, user.id, now);
    return { ok: true as const, email: user.email };
  });
}

export const LINK_PROBLEMS = {
  used: "This reset link was already used. Ask for a new one.",
  expired: `This reset link has expired (links work for ${RESET_TTL_MS / 60000} minutes). Ask for a new one.`,
  unknown: "This reset link is not valid. Copy the whole link from the email, or ask for a new one.",
} as const;

export const changePasswordSchema = z
  .object({
    current: z.string().min(1, "Enter your current password").max(200),
    password: newPasswordSchema,
    confirm: z.string().min(1, "Enter the new password again"),
  })
  .refine((v) => v.confirm === "" || v.password === v.confirm, {
    message: "The two passwords differ",
    path: ["confirm"],
  });

export const changeEmailSchema = z.object({
  email: emailSchema,
  current: z.string().min(1, "Enter your current password").max(200),
});

/** signedOut: too many wrong current passwords ended this session (the page sends the browser to sign in). */
export type AccountChangeResult = { ok: true } | { ok: false; field?: string; error: string; signedOut?: true };

type CurrentCheck =
  { ok: true; user: { id: string; email: string; passwordHash: string } } | { ok: false; result: AccountChangeResult };

/**
 * The current password, throttled per user like sign-in (packages/handshake/src/auth/throttle.ts): a copied session cookie must not
 * turn into unlimited guesses at scrypt speed followed by a permanent email and password change. Each failure
 * doubles the wait after the first free ones; the CURRENT_PASSWORD_SIGN_OUT_AFTER-th ends the session that asked.
 */
export async function checkCurrent(
  storage: Storage,
  userId: string,
  sessionToken: string | undefined,
  current: string,
  now: Date,
): Promise<CurrentCheck> {
  const keys = [currentPasswordKey(userId)];
  const attempt = await takeAttempt(storage, keys, now);
  if (!attempt.ok) {
    const seconds = Math.max(1, Math.ceil((attempt.retryAt.getTime() - now.getTime()) / 1000));
    return {
      ok: false,
      result: {
        ok: false,
        field: "current",
        error: `Too many wrong passwords. Wait ${seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}, then try again.`,
      },
    };
  }
  const user = await storage.users.byIdWithPassword(userId);
  if (user && (await verifyPassword(current, user.passwordHash))) {
    await storage.throttle.delete(keys.map((k) => k.key));
    return { ok: true, user };
  }
  if (attempt.failures >= CURRENT_PASSWORD_SIGN_OUT_AFTER) {
    await revokeSession(storage, sessionToken, now);
    return {
      ok: false,
      result: {
        ok: false,
        field: "current",
        error: "Too many wrong passwords: you were signed out. Sign in again.",
        signedOut: true,
      },
    };
  }
  return { ok: false, result: { ok: false, field: "current", error: "Your current password is not right" } };
}

/** New password on the account page: the current one is required; other sessions and open reset links end. */
export async function changePassword(
  storage: Storage,
  userId: string,
  keepSessionToken: string | undefined,
  input: { current: string; password: string },
  now: Date,
): Promise<AccountChangeResult> {
  const check = await checkCurrent(storage, userId, keepSessionToken, input.current, now);
  if (!check.ok) return check.result;
  const user = check.user;
  if (await verifyPassword(input.password, user.passwordHash))
    return { ok: false, field: "password", error: "The new password is the same as the current one" };
  const passwordHash = await hashPassword(input.password);
  await storage.users.setPasswordHash(userId, passwordHash);
  await storage.passwordResets.useAllOfUser(userId, now);
  await revokeOtherSessions(storage, userId, keepSessionToken, now);
  return { ok: true };
}
