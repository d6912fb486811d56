/**
 * `account.mail`: mail about accounts, sent after the requester has had his answer. The request only queues this
 * job, so the answer's text and timing are the same whether or not an account exists, whatever the mail server
 * does (lib/auth/password-reset.ts); a mail server's refusal is retried here and shows in the Jobs view, never to
 * the requester.
 */
import { z } from "zod";
import { mailPasswordReset, type AccountMail } from "@/lib/auth/password-reset";
import { defineJob, type JobKind } from "../worker";
import type { SendOptions } from "../queue";
import type { JobServices } from "./services";
import type { JobModule } from "../registry";

export const ACCOUNT_MAIL_JOB = "account.mail";

const accountMailSchema: z.ZodType<AccountMail> = z.object({
  type: z.literal("password_reset"),
  email: z.string().max(320),
  next: z.string().max(4096).optional(),
});

/** App-wide (no store lane); a few retries a few seconds apart for a mail server that hiccups. */
export const ACCOUNT_MAIL_OPTIONS: SendOptions = {
  lane: "",
  retryLimit: 3,
  retryDelaySeconds: 5,
  retryBackoff: true,
  leaseSeconds: 60,
};

export function accountMailJobs(s: JobServices): JobKind[] {
  return [
    defineJob({
      kind: ACCOUNT_MAIL_JOB,
      schema: accountMailSchema,
      async run(mail) {
        const outcome = await mailPasswordReset(
          { storage: s.storage, mailer: s.mailer(), appUrl: s.appUrl, now: s.now },
          mail.email,
          mail.next,
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
