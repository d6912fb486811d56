import { z } from "zod";
import { KitError } from "@magento-integration/client";

/**
 * Where the app's mail goes, from the environment:
 * - `SMTP_URL` (smtp://user:pass@host:587, smtps://… for TLS from the start), or `SMTP_HOST` with `SMTP_PORT`,
 *   `SMTP_USER`, `SMTP_PASS`, `SMTP_SECURE`: sent through that SMTP server (nodemailer);
 * - neither, outside production: kept in the dev outbox (the OutboxMail table, shown at /dev/outbox), so
 *   `npm run dev` needs no mail server;
 * - neither, in production: not configured; the pages that would send mail say so.
 * `MAIL_FROM` is the sender (default: no-reply at APP_URL's host).
 */
export type MailConfig =
  | {
      kind: "smtp";
      transport:
        { url: string } | { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } };
      from: string;
    }
  | { kind: "outbox"; from: string }
  | { kind: "unconfigured" };

export class MailConfigError extends KitError {
  static override readonly brand: string = "MailConfigError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "misconfigured", ...options });
  }
}

const schema = z.object({
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, message: "SMTP_URL must look like smtp://user:pass@host:587 or smtps://host:465" })
    .optional(),
  SMTP_HOST: z.string().trim().min(1).max(255).optional(),
  SMTP_PORT: z.coerce
    .number({ message: "SMTP_PORT must be a port number" })
    .int()
    .min(1, "SMTP_PORT must be 1-65535")
    .max(65535, "SMTP_PORT must be 1-65535")
    .optional(),
  SMTP_USER: z.string().max(500).optional(),
  SMTP_PASS: z.string().max(500).optional(),
  SMTP_SECURE: z.enum(["true", "false"], { message: "SMTP_SECURE must be true or false" }).optional(),
  MAIL_FROM: z.string().trim().min(3).max(320).optional(),
});

export function parseMailConfig(
  env: Record<string, string | undefined>,
  appUrl: string,
  production: boolean,
): MailConfig {
  const blank = (v: string | undefined) => (v === undefined || v.trim() === "" ? undefined : v);
  const parsed = schema.safeParse(Object.fromEntries(Object.keys(schema.shape).map((k) => [k, blank(env[k])])));
  if (!parsed.success) {
    throw new MailConfigError(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join("; "));
  }
  const e = parsed.data;
  const from = e.MAIL_FROM ?? `Magento Integration Kit <no-reply@${new URL(appUrl).hostname}>`;
  if (e.SMTP_URL) return { kind: "smtp", transport: { url: e.SMTP_URL }, from };
  if (e.SMTP_HOST) {
    const secure = e.SMTP_SECURE === "true";
    return {
      kind: "smtp",
      transport: {
        host: e.SMTP_HOST,
        port: e.SMTP_PORT ?? (secure ? 465 : 587),
        secure,
        ...(e.SMTP_USER ? { auth: { user: e.SMTP_USER, pass: e.SMTP_PASS ?? "" } } : {}),
      },
      from,
    };
  }
  return production ? { kind: "unconfigured" } : { kind: "outbox", from };
}
