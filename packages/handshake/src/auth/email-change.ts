/**
 * A new sign-in email, from the account page. The request never says whether another account uses the address:
 * it checks the current password, counts the request, queues one `account.mail` job and answers "check that
 * address", the same text after the same work whatever the address. The job (mailEmailChange) then mails the new
 * address a confirmation link (packages/handshake/src/auth/mailed-links.ts) when no other account uses it, or tells that account's
 * owner that someone tried to use his address (nothing changes). The email changes only when the link's page is
 * confirmed (a POST): whoever reads the new address agrees. Then the user's other sessions and open reset links
 * end, and the old address is told.
 */
import { type Storage, UniqueConflictError } from "@magento-integration/storage";
import type { Mailer } from "../mail/mailer.ts";
import { revokeOtherSessions } from "./sessions.ts";
import type { QueueAccountMail } from "./account-mail-types.ts";
import { checkCurrent, type AccountChangeResult } from "./password-reset.ts";
import {
  issueMailedLink,
  MAILED_LINK_PROBLEMS,
  MAILED_LINK_TTL_MS,
  readMailedLink,
  spendMailedLink,
  takeHourlyAllowance,
} from "./mailed-links.ts";

/** Email changes one account may ask for per hour (each mails someone). */
export const EMAIL_CHANGES_PER_HOUR = 3;

/** What the account page says after a change was asked for, whatever the address (the same text for every case). */
export const emailChangeSent = (email: string) =>
  `We sent a message to ${email}. Your sign-in email changes when you follow the link in it (it works for ${MAILED_LINK_TTL_MS / 60000} minutes).`;

export type EmailChangeRequestResult = { ok: true; message: string } | Extract<AccountChangeResult, { ok: false }>;

/** The account page's request: current password (throttled), then one queued mail, the same answer for any address. */
export async function requestEmailChange(
  deps: { storage: Storage; queue: QueueAccountMail },
  userId: string,
  sessionToken: string | undefined,
  input: { email: string; current: string },
  now: Date,
): Promise<EmailChangeRequestResult> {
  const check = await checkCurrent(deps.storage, userId, sessionToken, input.current, now);
  if (!check.ok) return check.result as Extract<AccountChangeResult, { ok: false }>;
  if (check.user.email === input.email) return { ok: false, field: "email", error: "This is already your email" };
  if (!(await takeHourlyAllowance(deps.storage, `emailchange:user:${userId}`, EMAIL_CHANGES_PER_HOUR, now)))
    return {
      ok: false,
      field: "email",
      error: `You asked for ${EMAIL_CHANGES_PER_HOUR} email changes in the last hour. Follow the link of one of them, or try again later.`,
    };
  await deps.queue({ type: "email_change", userId, email: input.email });
  return { ok: true, message: emailChangeSent(input.email) };
}

/**
 * The job's side: a confirmation link to the new address when no other account uses it, a notice to that
 * account's owner when one does. Throws when the mail server refuses (the job retries).
 */
export async function mailEmailChange(
  deps: { storage: Storage; mailer: Mailer; appUrl: string; now: () => Date },
  userId: string,
  email: string,
): Promise<"link_sent" | "owner_told" | "no_account"> {
  const now = deps.now();
  const user = await deps.storage.users.byId(userId);
  if (!user) return "no_account";
  const holder = await deps.storage.users.byEmailWithPassword(email);
  if (holder && holder.id !== userId) {
    await send(deps.mailer, {
      to: holder.email,
      subject: "Someone tried to use your email address",
      text: [
        "Someone asked to make this address the sign-in email of another Magento Integration Kit account.",
        "Nothing changed: your address stays with your account, and no link was sent.",
        "",
        `If you want to check your account, sign in at ${deps.appUrl}/login.`,
      ].join("\n"),
    });
    return "owner_told";
  }
  // a newer request replaces the older links of the user
  await deps.storage.mailedLinks.useAllOfUser(userId, "email_change", now);
  const token = await issueMailedLink(deps.storage, { purpose: "email_change", userId, email }, now);
  await send(deps.mailer, {
    to: email,
    subject: "Confirm your new sign-in email",
    text: [
      `The Magento Integration Kit account that signs in as ${user.email} asked to sign in with this address instead.`,
      "",
      `Confirm it here (the link works once, for ${MAILED_LINK_TTL_MS / 60000} minutes):`,
      `${deps.appUrl}/account/confirm-email?${new URLSearchParams({ token }).toString()}`,
      "",
      "If it was not you, ignore this message: nothing changes.",
    ].join("\n"),
  });
  return "link_sent";
}

/** The confirmation page: what the link would do, before the button is pressed. */
export async function emailChangeLinkState(
  storage: Storage,
  token: string,
  now: Date,
): Promise<{ ok: true; email: string } | { ok: false; error: string }> {
  const read = await readMailedLink(storage, token, "email_change", now);
  if (!read.ok) return { ok: false, error: MAILED_LINK_PROBLEMS[read.linkState] };
  return { ok: true, email: read.link.email ?? "" };
}

/**
 * The button on the confirmation page: spends the link and changes the email in one transaction; the user's other
 * sessions (all but `keepSessionToken`, this browser's) and open reset links end, and the old address is told.
 */
export async function confirmEmailChange(
  deps: { storage: Storage; queue: QueueAccountMail },
  token: string,
  keepSessionToken: string | undefined,
  now: Date,
): Promise<{ ok: true; email: string } | { ok: false; error: string }> {
  const result = await deps.storage
    .transaction(async (tx) => {
      const spent = await spendMailedLink(tx, token, "email_change", now);
      if (!spent.ok) return { ok: false as const, error: MAILED_LINK_PROBLEMS[spent.linkState] };
      const { userId, email } = spent.link;
      const user = await tx.users.byId(userId);
      if (!user || !email) return { ok: false as const, error: MAILED_LINK_PROBLEMS.unknown };
      await tx.users.setEmail(userId, email);
      await tx.passwordResets.useAllOfUser(userId, now);
      await revokeOtherSessions(tx, userId, keepSessionToken, now);
      return { ok: true as const, email, oldEmail: user.email };
    })
    .catch((e: unknown) => {
      // the address was taken after the link was mailed: whoever clicked reads it, so saying so tells him nothing new
      if (e instanceof UniqueConflictError)
        return { ok: false as const, error: "Another account signs in with this address now. Nothing changed." };
      throw e;
    });
  if (!result.ok) return result;
  await deps.queue({ type: "email_changed", to: result.oldEmail, newEmail: result.email });
  return { ok: true, email: result.email };
}

/** The job's notice to the old address once a change is confirmed. */
export async function mailEmailChanged(deps: { mailer: Mailer; appUrl: string }, to: string, newEmail: string) {
  await send(deps.mailer, {
    to,
    subject: "Your sign-in email was changed",
    text: `The Magento Integration Kit account that signed in as ${to} now signs in as ${newEmail}.\nIf this was not you, reset your password with the new address at ${deps.appUrl}/reset or contact the app's administrator.`,
  });
  return "sent" as const;
}

async function send(mailer: Mailer, mail: { to: string; subject: string; text: string }): Promise<void> {
  const sent = await mailer.send(mail);
  if (sent.sent === false) throw new Error(sent.reason);
}
