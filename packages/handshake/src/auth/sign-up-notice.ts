/**
 * The mail a sign-up sends to the address it named, from the `account.mail` job (after the answer): the address's
 * owner learns that an account was created with it, or that someone tried to create one while it already had an
 * account. The sign-up page itself never says which (packages/handshake/src/auth/users.ts); the owner can always take the account
 * over by resetting its password. At most SIGN_UP_NOTICES_PER_HOUR of these go to one address an hour, so sign-ups
 * cannot be turned into a mail bomb.
 */
import type { Storage } from "@magento-integration/storage";
import type { Mailer } from "../mail/mailer.ts";
import { takeHourlyAllowance } from "./mailed-links.ts";

export const SIGN_UP_NOTICES_PER_HOUR = 3;

export async function mailSignUpNotice(
  deps: { storage: Storage; mailer: Mailer; appUrl: string; now: () => Date },
  email: string,
  taken: boolean,
): Promise<"sent" | "budget_spent"> {
  const key = `signupmail:${email.toLowerCase()}`;
  if (!(await takeHourlyAllowance(deps.storage, key, SIGN_UP_NOTICES_PER_HOUR, deps.now()))) return "budget_spent";
  const mail = taken
    ? {
        subject: "Someone tried to create an account with your address",
        text: [
          "Someone tried to create a Magento Integration Kit account with this address, which already has one.",
          "Nothing changed and no account was created.",
          "",
          `If it was you: sign in at ${deps.appUrl}/login, or set a new password at ${deps.appUrl}/reset if you forgot it.`,
          "If it was not you, ignore this message.",
        ].join("\n"),
      }
    : {
        subject: "Your account was created",
        text: [
          "A Magento Integration Kit account was created with this address.",
          "",
          `If it was you, there is nothing to do: sign in at ${deps.appUrl}/login.`,
          `If it was not you, set a new password at ${deps.appUrl}/reset: the account is then yours alone, and whoever created it is signed out.`,
        ].join("\n"),
      };
  const sent = await deps.mailer.send({ to: email, ...mail });
  if (sent.sent === false) throw new Error(sent.reason);
  return "sent";
}
