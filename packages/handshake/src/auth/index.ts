/** @magento-integration/handshake/auth: accounts, passwords, sessions, sign-in throttling, sign-up budgets, password reset and the mail they send. */
export * from "./account-mail-types.ts";
export * from "./account-mail.ts";
export * from "./client-network.ts";
export * from "./credentials-schema.ts";
export * from "./device-cookie.ts";
export * from "./email-change.ts";
export * from "./link-request-mail.ts";
export * from "./mailed-links.ts";
export * from "./password-reset.ts";
export * from "./passwords.ts";
export * from "./return-path.ts";
export * from "./same-origin.ts";
export * from "./sessions.ts";
export * from "./sign-up-budget.ts";
export * from "./sign-up-notice.ts";
export * from "./throttle.ts";
export * from "./users.ts";
