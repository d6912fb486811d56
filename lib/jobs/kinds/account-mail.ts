/**
 * `account.mail`: mail about accounts (password reset, sign-up notices, email change, link-request verification:
 * packages/handshake/src/auth/account-mail.ts), sent after the requester has had his answer. The request only queues this
 * job, so the answer's text and timing are the same whether or not an account exists, whatever the mail server
 * does (packages/handshake/src/auth/password-reset.ts); a mail server's refusal is retried here and shows in the Jobs view, never to
 * the requester.
 */
import { accountMailSchema, type AccountMail, deliverAccountMail } from "@magento-integration/handshake/auth";
import { defineJob, type JobKind, type SendOptions, type JobModule } from "@magento-integration/storage/jobs";
import type { JobServices } from "./services";

export const ACCOUNT_MAIL_JOB = "account.mail";

/** App-wide (no store lane); a few retries a few seconds apart for a mail server that hiccups. */
export const ACCOUNT_MAIL_OPTIONS: SendOptions = {
  lane: "",
  retryLimit: 3,
  retryDelaySeconds: 5,
  retryBackoff: true,
  leaseSeconds: 60,
};

/**
 * The options of one account mail: a link request's verification mail is sent once while one for the same account
 * and store still waits in the queue (the popup reloaded before the job ran).
 */
export function accountMailOptions(mail: AccountMail): SendOptions {
  if (mail.type !== "link_request") return ACCOUNT_MAIL_OPTIONS;
  return { ...ACCOUNT_MAIL_OPTIONS, key: `linkreq:${mail.userId}:${mail.installationId}`, dedupe: true };
}

export function accountMailJobs(s: JobServices): JobKind[] {
  return [
    defineJob({
      kind: ACCOUNT_MAIL_JOB,
      schema: accountMailSchema,
      async run(mail) {
        const outcome = await deliverAccountMail(
          { storage: s.storage, mailer: s.mailer(), appUrl: s.appUrl, now: s.now },
          mail,
        );
        return { output: { outcome } };
      },
    }),
  ];
}

/** Account mail: registered by createKit (lib/kit.ts). */
export const accountMailJobModule: JobModule<JobServices> = {
  labels: { [ACCOUNT_MAIL_JOB]: "Account mail" },
  kinds: accountMailJobs,
};
