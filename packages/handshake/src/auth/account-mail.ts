/** What the `account.mail` job does with each kind of account mail (packages/handshake/src/auth/account-mail-types.ts). */
import type { Storage } from "@magento-integration/storage";
import type { Mailer } from "../mail/mailer.ts";
import type { AccountMail } from "./account-mail-types.ts";
import { mailPasswordReset } from "./password-reset.ts";
import { mailSignUpNotice } from "./sign-up-notice.ts";
import { mailEmailChange, mailEmailChanged } from "./email-change.ts";
import { mailLinkRequestVerification } from "./link-request-mail.ts";

export type AccountMailDeps = { storage: Storage; mailer: Mailer; appUrl: string; now: () => Date };

/** Sends one account mail; the outcome is for the Jobs view. Throws when the mail server refuses (retried). */
export async function deliverAccountMail(deps: AccountMailDeps, mail: AccountMail): Promise<string> {
  switch (mail.type) {
    case "password_reset":
      return mailPasswordReset(deps, mail.email, mail.next);
    case "sign_up":
      return mailSignUpNotice(deps, mail.email, mail.taken);
    case "email_change":
      return mailEmailChange(deps, mail.userId, mail.email);
    case "email_changed":
      return mailEmailChanged(deps, mail.to, mail.newEmail);
    case "link_request":
      return mailLinkRequestVerification(deps, mail);
  }
}
