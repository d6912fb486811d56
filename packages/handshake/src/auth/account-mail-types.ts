/**
 * The mail the `account.mail` job sends (lib/jobs/kinds/account-mail.ts), decided and looked up in the job, after
 * the person who caused it has had his answer: the answer's text and timing never depend on what the mail says.
 */
import { z } from "zod";

export const accountMailSchema = z.discriminatedUnion("type", [
  /** "Forgot your password?" (packages/handshake/src/auth/password-reset.ts) */
  z.object({ type: z.literal("password_reset"), email: z.string().max(320), next: z.string().max(4096).optional() }),
  /** A sign-up (packages/handshake/src/auth/users.ts): `taken` says whether the address already had an account (packages/handshake/src/auth/sign-up-notice.ts). */
  z.object({ type: z.literal("sign_up"), email: z.string().max(320), taken: z.boolean() }),
  /** A new sign-in email asked for on the account page (packages/handshake/src/auth/email-change.ts). */
  z.object({ type: z.literal("email_change"), userId: z.string().max(100), email: z.string().max(320) }),
  /** The old address is told once a change was confirmed. */
  z.object({ type: z.literal("email_changed"), to: z.string().max(320), newEmail: z.string().max(320) }),
  /** A link request's requester proves he reads his account's address (packages/handshake/src/auth/link-request-mail.ts). */
  z.object({
    type: z.literal("link_request"),
    userId: z.string().max(100),
    installationId: z.string().max(100),
    activationId: z.string().max(100),
  }),
]);

export type AccountMail = z.infer<typeof accountMailSchema>;

/** Queues the account mail (the `account.mail` job kind); whoever asked never waits for it. */
export type QueueAccountMail = (mail: AccountMail) => Promise<void>;
