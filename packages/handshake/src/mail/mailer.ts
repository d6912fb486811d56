import nodemailer from "nodemailer";
import type { OutboxRepo } from "@magento-integration/storage";
import type { MailConfig } from "./mail-config.ts";

/** One message the app sends (plain text always; HTML optional). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export type SendResult = { sent: "smtp" | "outbox" } | { sent: false; reason: string };

export interface Mailer {
  readonly kind: MailConfig["kind"];
  send(mail: Mail): Promise<SendResult>;
}

/**
 * Sends through nodemailer: SMTP when configured, else (outside production) nodemailer's JSON transport into
 * the dev outbox table, so the message is built the same way either way.
 */
export function createMailer(config: MailConfig, outbox: OutboxRepo): Mailer {
  if (config.kind === "unconfigured") {
    return {
      kind: "unconfigured",
      send: async () => ({ sent: false, reason: "Email is not configured on this server (SMTP_URL or SMTP_HOST)." }),
    };
  }
  const transport =
    config.kind === "smtp"
      ? nodemailer.createTransport({
          ...("url" in config.transport ? { url: config.transport.url } : config.transport),
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        })
      : nodemailer.createTransport({ jsonTransport: true });
  return {
    kind: config.kind,
    async send(mail) {
      try {
        const info = await transport.sendMail({
          from: config.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
        });
        if (config.kind === "outbox") {
          const m = JSON.parse(String(info.message)) as { subject?: string; text?: string; html?: string };
          await outbox.add({
            to: mail.to,
            subject: m.subject ?? mail.subject,
            text: m.text ?? mail.text,
            html: m.html ?? null,
          });
          return { sent: "outbox" };
        }
        return { sent: "smtp" };
      } catch (e) {
        return { sent: false, reason: `The mail server refused the message: ${(e as Error).message}` };
      }
    },
  };
}

/** The newest messages of the dev outbox. */
export async function outboxMessages(outbox: OutboxRepo, take = 50) {
  return outbox.recent(take);
}
