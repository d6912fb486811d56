/** @magento-integration/handshake/mail: SMTP through nodemailer, or the dev outbox, and the mail settings. */
export * from "./mail-config.ts";
export * from "./mailer.ts";
